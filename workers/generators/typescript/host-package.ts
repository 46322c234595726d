// A package that hosts the TypeScript SDK (the CLI, the MCP server): the SDK's sources under
// `src/sdk/`, and the skeleton every such package shares (package.json, tsconfig.json and the `bin`
// entry point that hands the per-API table to the runtime). Written once here, so a new host of
// the SDK is its runtime and its table. JSON is built from objects (escaped by JSON.stringify); the
// entry point holds no text from the description.

import type { GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { GENERATED_TSCONFIG, NODE_ENGINES } from './emit-package.ts';
import { TESTS_PATH } from './emit-tests.ts';

/** The SDK's own package files: a host has its own, and the SDK's tests run against the SDK package. */
const SDK_PACKAGE_FILES = new Set(['package.json', 'tsconfig.json', 'README.md', TESTS_PATH]);

/** The tsconfig of a host package: the SDK's compiler options with Node's types, over `src/`. */
export const HOST_TSCONFIG = {
  compilerOptions: { ...GENERATED_TSCONFIG.compilerOptions, types: ['node'] },
  include: ['src'],
};

/** The SDK's sources as a host embeds them: `src/x.ts` → `src/sdk/x.ts`. */
export function embedSdk(sdkFiles: readonly GeneratedFile[]): GeneratedFile[] {
  return sdkFiles
    .filter((file) => !SDK_PACKAGE_FILES.has(file.path))
    .map((file) => {
      if (!file.path.startsWith('src/')) throw new Error(`unexpected SDK file ${file.path}`);
      return { path: `src/sdk/${file.path.slice('src/'.length)}`, content: file.content };
    });
}

export interface HostPackage {
  packageName: string;
  version: string;
  binaryName: string;
  /** What the package is, before the API's title: `Command-line tool for`, `MCP server for`. */
  describedAs: string;
  /** The entry point's first comment line: `command-line tool`, `MCP server`. */
  kind: string;
  /** The runtime folder under `src/` whose `main.js` runs the table (`cli`, `mcp`). */
  runtime: string;
  /** The per-API table the runtime is given: its export name and module (`program` from `./commands.js`). */
  table: { name: string; module: string };
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** package.json, tsconfig.json and `src/main.ts` of a package hosting the SDK. */
export function hostPackageFiles(model: ApiModel, host: HostPackage): GeneratedFile[] {
  const pkg: Record<string, unknown> = {
    name: host.packageName,
    version: host.version,
    description: `${host.describedAs} ${model.info.title}`.replace(/\s+/g, ' ').slice(0, 300),
    type: 'module',
    bin: { [host.binaryName]: './dist/main.js' },
    files: ['dist', 'src', 'README.md'],
    engines: { node: NODE_ENGINES },
    scripts: host.scripts,
    ...(host.dependencies !== undefined ? { dependencies: host.dependencies } : {}),
    devDependencies: host.devDependencies,
  };
  if (model.info.license?.identifier) pkg.license = model.info.license.identifier;
  const entry = [
    '#!/usr/bin/env node',
    `// The ${host.binaryName} ${host.kind}: entry point.`,
    '// Generated code: do not edit.',
    '',
    `import { main } from './${host.runtime}/main.js';`,
    `import { ${host.table.name} } from '${host.table.module}';`,
    '',
    `process.exitCode = await main(${host.table.name}, process.argv.slice(2));`,
    '',
  ].join('\n');
  return [
    { path: 'package.json', content: JSON.stringify(pkg, null, 2) + '\n' },
    { path: 'tsconfig.json', content: JSON.stringify(HOST_TSCONFIG, null, 2) + '\n' },
    { path: 'src/main.ts', content: entry },
  ];
}
