// Public types of the CLI generator.

import type { GeneratedFile, TypeScriptSdkOptions } from '../typescript/index.ts';

export interface CliOptions {
  /** The executable's name; default `model.client.packages.cli`, else the kebab-case client name. */
  binaryName?: string;
  /** npm package name; default `<binary>-cli`. */
  packageName?: string;
  /** Package version; default the SDK's (the description's `info.version` when semver, else `0.1.0`). */
  version?: string;
  /** Options of the TypeScript SDK the CLI contains (`src/sdk/`). */
  sdk?: TypeScriptSdkOptions;
  /** That SDK's files as `emitTypeScriptSdk(model, sdk)` gives them, when the caller has them already. */
  sdkFiles?: readonly GeneratedFile[];
}

export interface ResolvedCliOptions {
  binaryName: string;
  packageName: string;
  version: string;
}
