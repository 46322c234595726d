// package.json, tsconfig.json and the `bin` entry point of the generated MCP server package: the
// skeleton every package hosting the TypeScript SDK shares (typescript/host-package.ts), with the
// MCP server's own, and the bundling script its build runs.

import type { GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { hostPackageFiles } from '../typescript/index.ts';
import { MCP_TEST_SCRIPT } from './emit-tests.ts';
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

export function emitPackageFiles(model: ApiModel, options: ResolvedMcpOptions): GeneratedFile[] {
  return [
    ...hostPackageFiles(model, {
      packageName: options.packageName,
      version: options.version,
      binaryName: options.binaryName,
      describedAs: 'MCP server for',
      kind: 'MCP server',
      runtime: 'mcp',
      table: { name: 'spec', module: './tools.js' },
      // dist/main.js is bundled with the MCP SDK (the service does it, and `npm run build` the same
      // way), so the package has no runtime dependency: it installs with no registry.
      scripts: {
        build: 'tsc -p tsconfig.json && node scripts/bundle.mjs',
        test: MCP_TEST_SCRIPT,
        prepublishOnly: 'npm run build',
      },
      devDependencies: {
        '@modelcontextprotocol/sdk': MCP_SDK_RANGE,
        '@types/node': '^20.19.0',
        esbuild: ESBUILD_RANGE,
        typescript: '^5.9.0',
      },
    }),
    { path: 'scripts/bundle.mjs', content: BUNDLE_SCRIPT },
  ];
}
