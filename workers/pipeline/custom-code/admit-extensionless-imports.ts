// Shipped custom code of a Stainless SDK imports the SDK's own modules the way Stainless's
// packages compile them: extensionless relative paths (`../core/error`, `../internal/utils/values`)
// and the package's own name (`<pkg>/resources/shared`, which Stainless's tsconfig maps to `src/`).
// Our package compiles with NodeNext resolution, which refuses both. In partner modes, when a
// customer's code is carried, the package's tsconfig resolves like a bundler (the generated code's
// `.js` specifiers resolve the same), maps the package name onto `src/` and, like Stainless's
// packages, develops against Node's types (`@types/node`); after the compile, the
// built `dist/` gets the extensions Node's ES-module loader needs, as Stainless's own build
// post-processes its output (`scripts/utils/postprocess-files.cjs`).

import type { GeneratedFile } from '../step.ts';

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/** The range of Node's types the package develops against (the Node versions it declares). */
const NODE_TYPES = '>=20.19.0';

/** The package's tsconfig.json with bundler resolution and the package name mapped onto `src/`. */
export function admitExtensionlessImports(files: readonly GeneratedFile[]): GeneratedFile[] {
  const pkg = files.find((f) => f.path === 'package.json');
  const name = pkg ? (JSON.parse(text(pkg.content)) as { name?: unknown }).name : undefined;
  return files.map((file) => {
    if (file.path === 'package.json') {
      // Stainless packages develop against Node's types; shipped custom code uses them (fs, Buffer).
      const manifest = JSON.parse(text(file.content)) as { devDependencies?: Record<string, string> };
      manifest.devDependencies = { ...manifest.devDependencies, '@types/node': NODE_TYPES };
      return { path: file.path, content: `${JSON.stringify(manifest, null, 2)}\n` };
    }
    if (file.path !== 'tsconfig.json') return file;
    const config = JSON.parse(text(file.content)) as { compilerOptions: Record<string, unknown> };
    config.compilerOptions = {
      ...config.compilerOptions,
      module: 'ESNext',
      moduleResolution: 'Bundler',
      // Shipped custom code imports types without `import type` (Stainless's tsconfig allows it).
      verbatimModuleSyntax: false,
      types: ['node'],
      ...(typeof name === 'string' && name
        ? { paths: { [name]: ['./src/index.ts'], [`${name}/*`]: ['./src/*'] } }
        : {}),
    };
    return { path: file.path, content: `${JSON.stringify(config, null, 2)}\n` };
  });
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;

/**
 * The built `dist/` with every extensionless relative specifier completed (`./x` → `./x.js`, or
 * `./x/index.js` for a folder), in `.js` and `.d.ts` files, so Node's ES-module loader and NodeNext
 * consumers resolve them. Specifiers that already name a file are left alone.
 */
export function addImportExtensions(files: readonly GeneratedFile[]): GeneratedFile[] {
  const built = new Set(files.filter((f) => f.path.startsWith('dist/')).map((f) => f.path));
  return files.map((file) => {
    const declaration = file.path.endsWith('.d.ts');
    if (!file.path.startsWith('dist/') || !(file.path.endsWith('.js') || declaration)) return file;
    const dir = file.path.split('/').slice(0, -1);
    const source = text(file.content);
    const rewritten = source.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
      if (/\.(m|c)?js$|\.json$/.test(spec)) return whole;
      const target = resolve(dir, spec);
      const ext = declaration ? '.d.ts' : '.js';
      if (built.has(`${target}${ext}`)) return `${lead}${quote}${spec}.js${quote}`;
      if (built.has(`${target}/index${ext}`)) return `${lead}${quote}${spec.replace(/\/$/, '')}/index.js${quote}`;
      return whole;
    });
    return rewritten === source ? file : { path: file.path, content: rewritten };
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
