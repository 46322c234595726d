// The CLI generator: a pure function from the API model to the files of an npm package that
// contains the generated TypeScript SDK (`src/sdk/`), the CLI runtime copied verbatim from
// `bundle/` (`src/cli/`), the per-API command table (`src/commands.ts`), the `bin` entry point,
// package.json, tsconfig.json, README.md and its tests (`tests/cli.test.mjs`).

import { sortByPath, type GeneratedFile } from '../core/files.ts';
import type { ApiModel } from '../model/types.ts';
import { embedSdk, emitTypeScriptSdk } from '../typescript/index.ts';
import { planSdk, resolveOptions } from '../typescript/naming.ts';
import { cliBundleFiles } from './bundle-files.ts';
import { emitCommands } from './emit-commands.ts';
import { emitPackageFiles } from './emit-package.ts';
import { emitCliTests } from './emit-tests.ts';
import { emitReadme } from './emit-readme.ts';
import { resolveCliOptions } from './options.ts';
import { planCommands } from './plan.ts';
import type { CliOptions } from './types.ts';

export type { GeneratedFile } from '../core/files.ts';
export type { CliOptions, ResolvedCliOptions } from './types.ts';
export { resolveCliOptions } from './options.ts';
export { CLI_BUNDLE_DIR } from './bundle-files.ts';
export { CLI_TESTS_PATH } from './emit-tests.ts';

export function emitCli(model: ApiModel, options: CliOptions = {}): GeneratedFile[] {
  const sdkOptions = resolveOptions(model, options.sdk);
  const resolved = resolveCliOptions(model, sdkOptions, options);
  const sdkPlan = planSdk(model, sdkOptions);
  const groups = planCommands(model, sdkPlan);
  const files: GeneratedFile[] = embedSdk(options.sdkFiles ?? emitTypeScriptSdk(model, options.sdk));
  files.push(...cliBundleFiles());
  files.push(emitCommands(model, sdkPlan, groups, resolved));
  files.push(emitReadme(model, sdkPlan, groups, resolved));
  files.push(emitCliTests(model, sdkPlan, groups));
  files.push(...emitPackageFiles(model, resolved));
  return sortByPath(files);
}
