// package.json, tsconfig.json and the `bin` entry point of the generated MCP server package. JSON
// is built from objects (escaped by JSON.stringify); the entry point holds no text from the spec.

import type { GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { GENERATED_TSCONFIG, NODE_ENGINES } from '../typescript/index.ts';
import type { ResolvedMcpOptions } from './types.ts';

/** The MCP SDK version the runtime in `bundle/` is written and tested against. */
export const MCP_SDK_RANGE = '^1.32.0';

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
    scripts: { build: 'tsc -p tsconfig.json', prepublishOnly: 'tsc -p tsconfig.json' },
    dependencies: { '@modelcontextprotocol/sdk': MCP_SDK_RANGE },
    devDependencies: { '@types/node': '^20.19.0', typescript: '^5.9.0' },
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
  ];
}
