// package.json, tsconfig.json and the `bin` entry point of the generated MCP server package. JSON
// is built from objects (escaped by JSON.stringify); the entry point holds no text from the spec.

import type { GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { GENERATED_TSCONFIG, NODE_ENGINES } from '../typescript/index.ts';
import type { ResolvedMcpOptions } from './types.ts';

/** The MCP SDK version the runtime in `bundle/` is written and tested against. */
export const MCP_SDK_RANGE = '^1.32.0';
/** The bundler `npm run build` uses (the service bundles with the same options, workers/pipeline/bundle-entry.ts). */
const ESBUILD_RANGE = '^0.28.0';

/** `npm run build`'s second half: dist/main.js bundled with its dependencies, in place. */
const BUNDLE_SCRIPT = [
  '// Bundles dist/main.js (built by tsc) with its dependencies, in place: the package then has no',
  '// runtime dependency. Generated code: do not edit.',
  "import { build } from 'esbuild';",
  '',
  'await build({',
  "  entryPoints: ['dist/main.js'],",
  "  outfile: 'dist/main.js',",
  '  allowOverwrite: true,',
  '  bundle: true,',
  "  platform: 'node',",
  "  format: 'esm',",
  "  target: 'node20',",
  '  banner: { js: "import { createRequire as __createRequire } from \'node:module\';\\nconst require = __createRequire(import.meta.url);" },',
  "  legalComments: 'eof',",
  '});',
  '',
].join('\n');

export const MCP_TSCONFIG = {
  compilerOptions: { ...GENERATED_TSCONFIG.compilerOptions, types: ['node'] },
  include: ['src'],
};

export function emitPackageFiles(model: ApiModel, options: ResolvedMcpOptions): GeneratedFile[] {
  const pkg: Record<string, unknown> = {
    name: options.packageName,
    version: options.version,
    description: `MCP server for ${model.info.title}`.replace(/\s+/g, ' ').slice(0, 300),
    type: 'module',
    bin: { [options.binaryName]: './dist/main.js' },
    files: ['dist', 'src', 'README.md'],
    engines: { node: NODE_ENGINES },
    // dist/main.js is bundled with the MCP SDK (the service does it, and `npm run build` the same
    // way), so the package has no runtime dependency: it installs with no registry.
    scripts: { build: 'tsc -p tsconfig.json && node scripts/bundle.mjs', prepublishOnly: 'npm run build' },
    devDependencies: {
      '@modelcontextprotocol/sdk': MCP_SDK_RANGE,
      '@types/node': '^20.19.0',
      esbuild: ESBUILD_RANGE,
      typescript: '^5.9.0',
    },
  };
  if (model.info.license?.identifier) pkg.license = model.info.license.identifier;
  const entry = [
    '#!/usr/bin/env node',
    `// The ${options.binaryName} MCP server: entry point.`,
    '// Generated code: do not edit.',
    '',
    "import { main } from './mcp/main.js';",
    "import { spec } from './tools.js';",
    '',
    'process.exitCode = await main(spec, process.argv.slice(2));',
    '',
  ].join('\n');
  return [
    { path: 'package.json', content: JSON.stringify(pkg, null, 2) + '\n' },
    { path: 'tsconfig.json', content: JSON.stringify(MCP_TSCONFIG, null, 2) + '\n' },
    { path: 'src/main.ts', content: entry },
    { path: 'scripts/bundle.mjs', content: BUNDLE_SCRIPT },
  ];
}
