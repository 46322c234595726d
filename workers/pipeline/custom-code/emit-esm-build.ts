// The ES-module twin of a CommonJS partner package (commonjs-package.ts), as Stainless ships it:
// `dist/<f>.mjs` beside `dist/<f>.js`, `dist/<f>.d.mts` beside `dist/<f>.d.ts`. The package has
// been checked once, by its CommonJS compile; this second emit does not check it again (`tsc
// --noCheck`: the run's compile time is paid once, issue #33), and its declarations are that
// checked compile's own, with their specifiers pointing at the twin's files.

import { execFile } from 'node:child_process';
import { join, posix } from 'node:path';
import { readTree } from '../check-with-tool.ts';
import type { GeneratedFile } from '../step.ts';

const NODE_MODULES = join(import.meta.dirname, '..', '..', '..', 'node_modules');
/** The compile gate's TypeScript 7 (tsc-check.ts). */
const TSC = join(NODE_MODULES, 'typescript-native', 'bin', 'tsc');
const TYPE_ROOTS = join(NODE_MODULES, '@types');
/** Where the ES-module emit goes in the check's folder before it is renamed into `dist/`. */
const OUT = '.esm-build';

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/** Relative specifiers of `import`/`export … from`, `import()` and side-effect imports. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]*)\2/g;

/**
 * In the folder `root` whose `dist/` the package's checked CommonJS compile wrote: emits the
 * ES-module JavaScript (`--noCheck`, module ESNext) and returns it as `dist/**.mjs` (with its
 * `.mjs.map`), and the compile's `dist/**.d.ts` as `dist/**.d.mts`, every relative specifier
 * naming the twin's file (`./x.js`, `./x` → `./x.mjs`; a folder → `./x/index.mjs`), so Node's
 * ES-module loader and `import`ing TypeScript consumers resolve them. Throws when tsc fails.
 */
export async function emitEsmBuild(root: string, signal: AbortSignal): Promise<GeneratedFile[]> {
  const args = [
    TSC,
    '-p',
    join(root, 'tsconfig.json'),
    '--module',
    'ESNext',
    '--moduleResolution',
    'Bundler',
    '--noCheck',
    '--declaration',
    'false',
    '--outDir',
    join(root, OUT),
    '--typeRoots',
    TYPE_ROOTS,
  ];
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, signal, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve();
        const said = `${stdout}\n${stderr}`.trim().replaceAll(root, '.').split('\n').slice(0, 3).join(' | ');
        reject(new Error(`the ES-module build (tsc --noCheck) failed: ${said || error.message}`));
      },
    );
  });
  signal.throwIfAborted();
  const emitted = await readTree(root, OUT);
  const declarations = (await readTree(root, 'dist')).filter((f) => f.path.endsWith('.d.ts'));
  const modules = new Set(
    emitted.filter((f) => f.path.endsWith('.js')).map((f) => `dist/${f.path.slice(OUT.length + 1, -'.js'.length)}`),
  );
  const out: GeneratedFile[] = [];
  for (const file of emitted) {
    const rel = `dist/${file.path.slice(OUT.length + 1)}`;
    if (rel.endsWith('.js')) {
      const base = posix.basename(rel);
      const source = toTwin(text(file.content), rel, modules).replace(
        new RegExp(`(//# sourceMappingURL=)${escapeRegExp(base)}\\.map\\s*$`),
        `$1${base.slice(0, -'.js'.length)}.mjs.map`,
      );
      out.push({ path: `${rel.slice(0, -'.js'.length)}.mjs`, content: source });
    } else if (rel.endsWith('.js.map')) {
      const map = JSON.parse(text(file.content)) as { file?: string };
      if (typeof map.file === 'string') map.file = map.file.replace(/\.js$/, '.mjs');
      out.push({ path: `${rel.slice(0, -'.js.map'.length)}.mjs.map`, content: JSON.stringify(map) });
    }
  }
  for (const file of declarations)
    out.push({
      path: `${file.path.slice(0, -'.d.ts'.length)}.d.mts`,
      content: toTwin(text(file.content), file.path, modules),
    });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `source` (at `path` in `dist/`) with each relative specifier of a built module naming its `.mjs`. */
function toTwin(source: string, path: string, modules: ReadonlySet<string>): string {
  const dir = path.split('/').slice(0, -1);
  return source.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    const bare = spec.replace(/\.(js|mjs|cjs)$/, '').replace(/\/$/, '');
    if (/\.json$/.test(spec)) return whole;
    const target = resolve(dir, bare);
    if (modules.has(target)) return `${lead}${quote}${bare}.mjs${quote}`;
    if (modules.has(`${target}/index`) && !/\.(m|c)?js$/.test(spec)) return `${lead}${quote}${bare}/index.mjs${quote}`;
    return whole;
  });
}

function resolve(dir: readonly string[], spec: string): string {
  const parts = [...dir];
  for (const segment of spec.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
