// package.json and tsconfig.json of the generated package. Both are JSON built from objects, so
// every value is escaped by JSON.stringify.

import type { ApiModel } from '../model/types.ts';
import type { ResolvedTypeScriptSdkOptions } from './types.ts';
import type { GeneratedFile } from '../core/files.ts';
import { TEST_SCRIPT } from './emit-tests.ts';

export const GENERATED_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    declaration: true,
    sourceMap: true,
    skipLibCheck: true,
    types: [] as string[],
    rootDir: 'src',
    outDir: 'dist',
  },
  include: ['src'],
};

/**
 * The Node versions a generated package declares. One ES-module build serves `import` and
 * `require`: Node loads ES modules through `require()` without a flag from 20.19 and 22.12 on
 * (and the packages have no top-level await in the SDK), so a CommonJS user needs no second
 * build. Node 18 has no `require(esm)`; it is past end of life and not declared.
 */
export const NODE_ENGINES = '^20.19.0 || >=22.12.0';

export function emitPackageFiles(model: ApiModel, options: ResolvedTypeScriptSdkOptions): GeneratedFile[] {
  const pkg: Record<string, unknown> = {
    name: options.packageName,
    version: options.version,
    description: `TypeScript SDK for ${model.info.title}`.slice(0, 300),
    type: 'module',
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: {
      '.': {
        types: './dist/index.d.ts',
        import: './dist/index.js',
        require: './dist/index.js',
        default: './dist/index.js',
      },
      './package.json': './package.json',
      // Partner runs: every module is a public subpath, as in a Stainless SDK (`<pkg>/core/error`,
      // `<pkg>/resources/<resource>`, `<pkg>/resources/shared`), with or without `.js`.
      ...(model.client.stainless
        ? {
            './*.js': { types: './dist/*.d.ts', default: './dist/*.js' },
            './*': { types: './dist/*.d.ts', default: './dist/*.js' },
          }
        : {}),
    },
    files: ['dist', 'src', 'README.md'],
    sideEffects: false,
    engines: { node: NODE_ENGINES },
    scripts: { build: 'tsc -p tsconfig.json', test: TEST_SCRIPT, prepublishOnly: 'tsc -p tsconfig.json' },
    dependencies: {},
    devDependencies: { typescript: '^5.9.0' },
  };
  if (model.info.license?.identifier) pkg.license = model.info.license.identifier;
  return [
    { path: 'package.json', content: JSON.stringify(pkg, null, 2) + '\n' },
    { path: 'tsconfig.json', content: JSON.stringify(GENERATED_TSCONFIG, null, 2) + '\n' },
  ];
}
