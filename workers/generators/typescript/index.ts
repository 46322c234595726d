// The TypeScript SDK generator: a pure function from the API model to the files of an npm
// package (client, resources, models, README, package.json, tsconfig.json and the bundled core).

import { sortByPath, type GeneratedFile } from '../core/files.ts';
import { flattenResources } from '../core/resources.ts';
import type { ApiModel } from '../model/types.ts';
import { bundleFiles } from './bundle-files.ts';
import { emitClient } from './emit-client.ts';
import { emitIndex } from './emit-index.ts';
import { emitModels } from './emit-models.ts';
import { emitPackageFiles } from './emit-package.ts';
import { emitReadme } from './emit-readme.ts';
import { emitResourceModule } from './emit-resources.ts';
import { emitStainlessPaths } from './emit-stainless-paths.ts';
import { emitTests } from './emit-tests.ts';
import { emitWebhooks } from './emit-webhooks.ts';
import { resolveOptions } from './options.ts';
import { planSdk } from './plan.ts';
import { TypeEmitter } from './schema-types.ts';
import type { TypeScriptSdkOptions } from './types.ts';

export type { GeneratedFile } from '../core/files.ts';
export type { ResolvedTypeScriptSdkOptions, TypeScriptSdkOptions } from './types.ts';
export { resolveOptions } from './options.ts';
export { GENERATED_TSCONFIG, NODE_ENGINES } from './emit-package.ts';
export { TESTS_PATH } from './emit-tests.ts';
export { embedSdk, HOST_TSCONFIG, hostPackageFiles, type HostPackage } from './host-package.ts';

export function emitTypeScriptSdk(model: ApiModel, options: TypeScriptSdkOptions = {}): GeneratedFile[] {
  const resolved = resolveOptions(model, options);
  const plan = planSdk(model, resolved);
  const types = new TypeEmitter(model, plan.typeNames, plan.inputTypeNames);
  const files: GeneratedFile[] = [];
  files.push(emitModels(model, plan, types));
  const resourceTypes = new Map<string, string[]>();
  // Subresources first: a partner run's parent module re-exports their types.
  for (const resource of flattenResources(plan.resources).reverse()) {
    const { file, exportedTypes } = emitResourceModule(model, plan, types, resource, resourceTypes);
    files.push(file);
    resourceTypes.set(resource.module, exportedTypes);
  }
  if (plan.webhooks !== undefined) files.push(emitWebhooks(plan.webhooks, types));
  files.push(emitClient(model, plan));
  files.push(emitIndex(plan, resourceTypes));
  files.push(emitReadme(model, plan, types));
  files.push(emitTests(model, plan));
  files.push(...emitPackageFiles(model, resolved));
  // The OAuth and webhook runtimes only go into packages that use them.
  const unused = new Set([
    ...(plan.clientCredentials === undefined ? ['src/core/oauth.ts'] : []),
    ...(plan.webhooks === undefined ? ['src/core/webhooks.ts'] : []),
  ]);
  // Partner runs: the core's base error class carries the client's name (`InboundError`), as in a Stainless SDK.
  const baseError = plan.baseErrorClass;
  const renamed = (file: GeneratedFile): GeneratedFile =>
    baseError !== undefined && file.path === 'src/core/errors.ts'
      ? { ...file, content: String(file.content).replace(/\bSDKError\b/g, baseError) }
      : file;
  files.push(
    ...bundleFiles()
      .filter((file) => !unused.has(file.path))
      .map(renamed),
  );
  if (plan.stainless) files.push(...emitStainlessPaths(plan));
  return sortByPath(files);
}
