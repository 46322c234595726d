// Defaults for the CLI generator options, derived from the model when absent.

import type { ApiModel } from '../model/types.ts';
import { kebabCase } from '../names/case.ts';
import { freeCommandName } from '../names/shell.ts';
import { npmPackageName } from '../typescript/naming.ts';
import type { ResolvedTypeScriptSdkOptions } from '../typescript/index.ts';
import type { CliOptions, ResolvedCliOptions } from './types.ts';

/** Safe as a file name, a shell word and an npm `bin` key. */
const BINARY = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export function binaryName(candidate: string | undefined, fallback: string): string {
  if (candidate !== undefined && BINARY.test(candidate) && !/^\.+$/.test(candidate)) return candidate;
  const derived = (kebabCase(candidate ?? '') || kebabCase(fallback) || 'api').slice(0, 64).replace(/-+$/, '');
  return BINARY.test(derived) ? freeCommandName(derived) : 'api';
}

export function resolveCliOptions(
  model: ApiModel,
  sdk: ResolvedTypeScriptSdkOptions,
  options: CliOptions = {},
): ResolvedCliOptions {
  const binary = binaryName(
    options.binaryName ?? (model.client.packages.cli || undefined),
    model.client.name || model.info.title,
  );
  const version = options.version ?? sdk.version;
  if (!SEMVER.test(version)) throw new Error(`CLI version must be semver, got ${JSON.stringify(version)}.`);
  const packageName = npmPackageName(
    options.packageName ?? (binary.endsWith('-cli') ? binary : `${binary}-cli`),
    binary,
  );
  return { binaryName: binary, packageName, version };
}
