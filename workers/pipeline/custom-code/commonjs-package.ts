// A Stainless TypeScript SDK ships as a CommonJS package (`"type": "commonjs"`, `main:
// dist/index.js`) with an ES-module twin (`dist/*.mjs`, `dist/*.d.mts`) that `exports` serves to
// `import`. Its custom code is written against that: kernel-hypeman's `src/lib/cp.ts` declares
// `getWebSocket(): typeof import('ws')` and calls `new` on it, which is the `WebSocket` class in a
// CommonJS compile and the namespace of ws's `export =` module (not constructable) in an ES-module
// one. So in partner modes, when the customer's code is carried and their package is CommonJS, ours
// is built the same way: the checked compile is CommonJS (`module: CommonJS` with bundler
// resolution, TypeScript 7's counterpart of Stainless's own `module: commonjs` + `moduleResolution:
// node`, which TS 7 no longer has), and the ES-module twin is emitted after it without a second
// check, by the script the package carries (it reads the package's "type"), which its own `npm run
// build` runs (postprocess-dist.ts).

import type { GeneratedFile } from '../step.ts';

const decoder = new TextDecoder();
const text = (content: string | Uint8Array): string =>
  typeof content === 'string' ? content : decoder.decode(content);

/** Each entry point's CommonJS and ES-module files, with their declarations, as Stainless maps them. */
const DUAL_EXPORTS = {
  '.': {
    import: { types: './dist/index.d.mts', default: './dist/index.mjs' },
    require: { types: './dist/index.d.ts', default: './dist/index.js' },
  },
  './package.json': './package.json',
  './*.mjs': { types: './dist/*.d.mts', default: './dist/*.mjs' },
  './*.js': { types: './dist/*.d.ts', default: './dist/*.js' },
  './*': {
    import: { types: './dist/*.d.mts', default: './dist/*.mjs' },
    require: { types: './dist/*.d.ts', default: './dist/*.js' },
  },
};

/**
 * The package (already admitting shipped custom code's imports: admit-extensionless-imports.ts) as
 * a CommonJS package with an ES-module twin, when the customer's own `package.json` is CommonJS
 * (`"type"` absent or `"commonjs"`, as every Stainless TypeScript SDK). Undefined when it is an ES
 * module or there is none: the package stays as it is.
 */
export function commonJsPackage(
  files: readonly GeneratedFile[],
  theirManifest: string | undefined,
): GeneratedFile[] | undefined {
  if (theirManifest === undefined) return undefined;
  let theirs: unknown;
  try {
    theirs = JSON.parse(theirManifest);
  } catch {
    return undefined;
  }
  if (theirs === null || typeof theirs !== 'object' || Array.isArray(theirs)) return undefined;
  const type = (theirs as { type?: unknown }).type;
  if (type !== undefined && type !== 'commonjs') return undefined;
  return files.map((file) => {
    if (file.path === 'package.json') {
      const manifest = JSON.parse(text(file.content)) as Record<string, unknown>;
      manifest.type = 'commonjs';
      manifest.main = './dist/index.js';
      manifest.types = './dist/index.d.ts';
      manifest.exports = DUAL_EXPORTS;
      // The checked compile's settings (CommonJS with bundler resolution) need TypeScript ≥ 7.
      manifest.devDependencies = {
        ...(manifest.devDependencies as Record<string, string> | undefined),
        typescript: '^7.0.0',
      };
      return { path: file.path, content: `${JSON.stringify(manifest, null, 2)}\n` };
    }
    if (file.path === 'tsconfig.json') {
      const config = JSON.parse(text(file.content)) as { compilerOptions: Record<string, unknown> };
      config.compilerOptions = { ...config.compilerOptions, module: 'CommonJS', moduleResolution: 'Bundler' };
      return { path: file.path, content: `${JSON.stringify(config, null, 2)}\n` };
    }
    return file;
  });
}
