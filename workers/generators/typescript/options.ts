// Defaults for the generator options, derived from the model when absent.

import { builtinModules } from 'node:module';
import { envPrefixOf, idempotencyHeaderOf } from '../core/client.ts';
import type { ApiModel } from '../model/types.ts';
import { kebabCase } from '../names/case.ts';
import { tsIdent } from '../names/typescript.ts';
import type { ResolvedTypeScriptSdkOptions, TypeScriptSdkOptions } from './types.ts';

const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

const NODE_BUILTINS: ReadonlySet<string> = new Set(builtinModules);

/** A valid npm package name: the given one when valid, else one derived from it (or the client name). */
export function npmPackageName(candidate: string | undefined, fallback: string): string {
  // A package named like a Node built-in (`events`, `http`) installs, but `import 'events'` loads
  // the built-in, never the package: such a name gets the `-sdk` suffix like a derived one.
  if (candidate !== undefined && NODE_BUILTINS.has(candidate)) return `${candidate}-sdk`;
  if (candidate !== undefined && candidate.length <= 214 && NPM_NAME.test(candidate)) return candidate;
  const scoped = candidate?.match(/^@([^/]+)\/(.+)$/);
  if (scoped) {
    const scope = kebabCase(scoped[1] as string);
    const name = kebabCase(scoped[2] as string);
    if (scope !== '' && name !== '') return `@${scope}/${name}`.slice(0, 214);
  }
  const derived = kebabCase(candidate ?? '') || kebabCase(fallback) || 'api';
  return `${derived}-sdk`.slice(0, 214);
}

export function resolveOptions(model: ApiModel, options: TypeScriptSdkOptions = {}): ResolvedTypeScriptSdkOptions {
  const rawClient = options.clientName ?? model.client.name;
  const clientClass = tsIdent(rawClient === '' ? model.info.title || 'Client' : rawClient, {
    kind: 'type',
    casings: model.client.wordCasings,
  });
  const version = options.version ?? (SEMVER.test(model.info.version) ? model.info.version : '0.1.0');
  if (!SEMVER.test(version)) throw new Error(`TypeScript SDK version must be semver, got ${JSON.stringify(version)}.`);
  return {
    packageName: npmPackageName(options.packageName ?? (model.client.packages.typescript || undefined), rawClient),
    version,
    clientClass,
    envPrefix: envPrefixOf(model, options.envPrefix, clientClass),
    idempotencyHeader: idempotencyHeaderOf(options.idempotencyHeader),
  };
}
