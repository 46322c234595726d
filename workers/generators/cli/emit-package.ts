// package.json, tsconfig.json and the `bin` entry point of the generated CLI package: the skeleton
// every package hosting the TypeScript SDK shares (typescript/host-package.ts), with the CLI's own.

import type { GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { hostPackageFiles } from '../typescript/index.ts';
import { CLI_TEST_SCRIPT } from './emit-tests.ts';
import type { ResolvedCliOptions } from './types.ts';

export function emitPackageFiles(model: ApiModel, options: ResolvedCliOptions): GeneratedFile[] {
  return hostPackageFiles(model, {
    packageName: options.packageName,
    version: options.version,
    binaryName: options.binaryName,
    describedAs: 'Command-line tool for',
    kind: 'command-line tool',
    runtime: 'cli',
    table: { name: 'program', module: './commands.js' },
    scripts: { build: 'tsc -p tsconfig.json', test: CLI_TEST_SCRIPT, prepublishOnly: 'tsc -p tsconfig.json' },
    dependencies: {},
    devDependencies: { '@types/node': '^20.19.0', typescript: '^5.9.0' },
  });
}
