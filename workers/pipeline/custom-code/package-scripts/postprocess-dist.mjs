// What `npm run build` does after the checked compile (`tsc -p tsconfig.json`) of a partner SDK that
// carries its team's custom code, as Stainless's packages post-process theirs
// (`scripts/utils/postprocess-files.cjs`):
// - every extensionless relative specifier in `dist/**.js` and `dist/**.d.ts` is completed
//   (`./x` → `./x.js`, a folder → `./x/index.js`): custom code imports the SDK's modules
//   extensionless, which the compile admits (bundler resolution) and Node's ES-module loader and
//   NodeNext consumers do not;
// - when the package is CommonJS (`"type"` absent or `"commonjs"` in its package.json, as every
//   Stainless SDK ships): the ES-module twin,
//   `dist/<f>.mjs` beside `dist/<f>.js` and `dist/<f>.d.mts` beside `dist/<f>.d.ts`, every relative
//   specifier naming the twin's file (`./x.js` or `./x` → `./x.mjs`, a folder → `./x/index.mjs`),
//   so an `import` of the package loads no CommonJS file of it. It is emitted from the same sources
//   without a second type check (`tsc --noCheck`); its declarations are the compile's own.
//
//   node scripts/postprocess-dist.mjs [more tsc options for the twin's emit]
//
// TSC names the tsc to run (default: this package's TypeScript, `node_modules/typescript/bin/tsc`).
// The report service runs this same file when it builds the package, so a rebuild makes what it
// shipped. Plain JavaScript, no dependencies: it runs on every Node the package's `engines` admits.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
/** Where the twin's emit goes before it is renamed into `dist/`. */
const twinOut = join(root, '.esm-build');
const tsc = process.env.TSC || join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Relative specifiers of `import`/`export … from`, `import()`, side-effect imports and `require()`. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;

/** The files under `dir`, as `/`-separated paths relative to it, sorted. */
function walk(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...walk(join(dir, entry.name), rel));
    else if (entry.isFile()) files.push(rel);
  }
  return files.sort();
}

/** `spec` resolved against the folder `dir` (`/`-separated parts, relative to `dist/`). */
function resolveSpecifier(dir, spec) {
  const parts = [...dir];
  for (const segment of spec.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** `source` (at `path` in `dist/`) with each relative specifier passed through `rewrite(spec, dir, lead)`. */
function rewriteSpecifiers(source, path, rewrite) {
  const dir = path.split('/').slice(0, -1);
  return source.replace(SPECIFIER, (whole, lead, quote, spec) => {
    const replaced = rewrite(spec, dir, lead);
    return replaced === undefined ? whole : `${lead}${quote}${replaced}${quote}`;
  });
}

function write(path, content) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Completes extensionless specifiers in `dist/**.js` and `dist/**.d.ts`; others are left alone. */
function completeExtensions(files) {
  const built = new Set(files);
  for (const rel of files) {
    const declaration = rel.endsWith('.d.ts');
    if (!declaration && !rel.endsWith('.js')) continue;
    const ext = declaration ? '.d.ts' : '.js';
    const source = readFileSync(join(dist, rel), 'utf8');
    const out = rewriteSpecifiers(source, rel, (spec, dir) => {
      if (/\.(m|c)?js$|\.json$/.test(spec)) return undefined;
      const target = resolveSpecifier(dir, spec);
      if (built.has(`${target}${ext}`)) return `${spec}.js`;
      if (built.has(`${target}/index${ext}`)) return `${spec.replace(/\/$/, '')}/index.js`;
      return undefined;
    });
    if (out !== source) writeFileSync(join(dist, rel), out);
  }
}

/** The ES-module twin of `dist/`, emitted with `tscArgs` added to the emit's options. */
function esmTwin(tscArgs) {
  rmSync(twinOut, { recursive: true, force: true });
  try {
    const args = ['-p', join(root, 'tsconfig.json'), '--module', 'ESNext', '--moduleResolution', 'Bundler'];
    args.push('--noCheck', '--declaration', 'false', '--outDir', twinOut, ...tscArgs);
    try {
      execFileSync(process.execPath, [tsc, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    } catch {
      console.error(`postprocess-dist: the ES-module twin's build (tsc --noCheck, ${tsc}) failed`);
      process.exit(1);
    }
    const emitted = walk(twinOut);
    const modules = new Set(emitted.filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -'.js'.length)));
    // `require()` in an ES module (through createRequire) loads CommonJS on purpose: left alone.
    const toTwin = (spec, dir, lead) => {
      if (/\.json$/.test(spec) || lead.startsWith('require')) return undefined;
      const bare = spec.replace(/\.(js|mjs|cjs)$/, '').replace(/\/$/, '');
      const target = resolveSpecifier(dir, bare);
      if (modules.has(target)) return `${bare}.mjs`;
      if (modules.has(`${target}/index`) && !/\.(m|c)?js$/.test(spec)) return `${bare}/index.mjs`;
      return undefined;
    };
    for (const rel of emitted) {
      const content = readFileSync(join(twinOut, rel), 'utf8');
      if (rel.endsWith('.js')) {
        const base = posix.basename(rel, '.js');
        const mapComment = new RegExp(
          `(//# sourceMappingURL=)${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.js\\.map\\s*$`,
        );
        const source = rewriteSpecifiers(content, rel, toTwin).replace(mapComment, `$1${base}.mjs.map`);
        write(join(dist, `${rel.slice(0, -'.js'.length)}.mjs`), source);
      } else if (rel.endsWith('.js.map')) {
        const map = JSON.parse(content);
        if (typeof map.file === 'string') map.file = map.file.replace(/\.js$/, '.mjs');
        write(join(dist, `${rel.slice(0, -'.js.map'.length)}.mjs.map`), JSON.stringify(map));
      }
    }
    for (const rel of walk(dist).filter((f) => f.endsWith('.d.ts'))) {
      const declaration = rewriteSpecifiers(readFileSync(join(dist, rel), 'utf8'), rel, toTwin);
      write(join(dist, `${rel.slice(0, -'.d.ts'.length)}.d.mts`), declaration);
    }
  } finally {
    rmSync(twinOut, { recursive: true, force: true });
  }
}

if (!existsSync(dist)) {
  console.error('postprocess-dist: no dist/ to post-process (run `tsc -p tsconfig.json` first)');
  process.exit(1);
}
const { type } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
completeExtensions(walk(dist));
if (type === undefined || type === 'commonjs') esmTwin(process.argv.slice(2));
