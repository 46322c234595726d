// Defaults for the Go generator's options, derived from the model when absent.

import { envPrefixOf } from '../core/client.ts';
import type { ApiModel } from '../model/types.ts';
import { kebabCase } from '../names/case.ts';
import { goModulePath, goPackageName } from '../names/go.ts';
import type { GoSdkOptions, ResolvedGoSdkOptions } from './types.ts';

export function resolveOptions(model: ApiModel, options: GoSdkOptions = {}): ResolvedGoSdkOptions {
  const clientName = options.clientName ?? (model.client.name || model.info.title || 'API');
  const name = kebabCase(clientName).slice(0, 60) || 'api';
  const owner = kebabCase(model.client.organization ?? '').slice(0, 60) || name;
  const given = options.modulePath ?? model.client.packages.go;
  const modulePath = (given !== undefined ? goModulePath(given) : undefined) ?? `github.com/${owner}/${name}-go`;
  const elements = modulePath.split('/');
  // A major-version suffix (`.../sdk/v2`) is not the package's name.
  const last = (
    /^v[0-9]+$/.test(elements.at(-1) as string) && elements.length > 1 ? elements.at(-2) : elements.at(-1)
  ) as string;
  const packageName = goPackageName(
    options.packageName ?? model.client.packages.goPackage ?? (last.replace(/[-.]go$/, '') || last),
  );
  return { modulePath, packageName, clientName, envPrefix: envPrefixOf(model, options.envPrefix, clientName) };
}
