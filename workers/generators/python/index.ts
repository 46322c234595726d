// The Python SDK generator: a pure function from the API model to the files of a Python package
// (standard library only, Python 3.10+, typed): pyproject.toml, README.md and `src/<module>/` with
// the client, resources, types and the bundled runtime (copied verbatim from `bundle/`).

import { sortByPath, type GeneratedFile } from '../core/files.ts';
import { flattenResources } from '../core/resources.ts';
import type { ApiModel } from '../model/types.ts';
import { bundleFiles } from './bundle-files.ts';
import { ASYNC_RESOURCES_DIR, emitAsyncClient, emitAsyncResourceModule, emitAsyncResourcesInit } from './emit-async.ts';
import { emitClient } from './emit-client.ts';
import { emitPackageInit, emitPyproject, emitResourcesInit, emitTypesInit } from './emit-package.ts';
import { emitReadme } from './emit-readme.ts';
import { emitTests } from './emit-tests.ts';
import { declareModels, modelsFiles } from './emit-models.ts';
import { emitResourceModule, typesModuleText } from './emit-resources.ts';
import { emitStainlessTypes, type StainlessResourceTypes } from './emit-stainless-types.ts';
import { emitWebhooks } from './emit-webhooks.ts';
import { withBaseErrorClass } from './stainless-errors.ts';
import { resolveOptions } from './options.ts';
import { planSdk } from './plan.ts';
import { MODELS_MODULE, PARAMS_MODULE, TypeEmitter } from './schema-types.ts';
import type { PythonSdkOptions } from './types.ts';

export type { GeneratedFile } from '../core/files.ts';
export type { PythonSdkOptions, ResolvedPythonSdkOptions } from './types.ts';
export { resolveOptions } from './options.ts';

export function emitPythonSdk(model: ApiModel, options: PythonSdkOptions = {}): GeneratedFile[] {
  const resolved = resolveOptions(model, options);
  const plan = planSdk(model, resolved);
  const types = new TypeEmitter(model, plan.scope);
  const src = `src/${resolved.moduleName}/`;
  const files: GeneratedFile[] = [];
  const models = declareModels(types, options.modelsPerPart);
  const typeModules = new Map<string, string[]>();
  const stainlessTypes: StainlessResourceTypes[] = [];
  for (const resource of flattenResources(plan.resources)) {
    const { files: resourceFiles, typesModule, shapes } = emitResourceModule(model, plan, types, resource);
    if (model.client.stainless === true) stainlessTypes.push({ resource, typesModule, shapes });
    for (const file of resourceFiles) files.push({ path: src + file.path, content: file.content });
    const asyncModule = emitAsyncResourceModule(resource, typesModule, shapes);
    files.push({ path: src + asyncModule.path, content: asyncModule.content });
    if (typesModule.exports.length > 0) typeModules.set(typesModule.name, typesModule.exports);
  }
  const webhooks = emitWebhooks(model, plan, types);
  if (webhooks !== undefined) {
    for (const file of webhooks.files) files.push({ path: src + file.path, content: file.content });
    if (webhooks.typesModule.exports.length > 0)
      typeModules.set(webhooks.typesModule.name, webhooks.typesModule.exports);
  }
  // Written after the resources: using a model from a resource can declare no new model types, but
  // the README reuses method shapes (declarations go to a scratch module and are dropped).
  for (const file of modelsFiles(models)) files.push({ path: src + file.path, content: file.content });
  typeModules.set(MODELS_MODULE, models.exports);
  const readme = emitReadme(model, plan, types);
  // After the resources and the README: request forms of named schemas are declared on first use.
  if (types.params.declared > 0) {
    files.push({
      path: `${src}types/${PARAMS_MODULE}.py`,
      content: typesModuleText(types.params, 'Request forms (TypedDicts) of the named schemas the requests use.'),
    });
    typeModules.set(PARAMS_MODULE, types.params.exports);
  }
  if (model.client.stainless === true) {
    // Partner runs: the method types where a Stainless SDK puts them (`types/<r>_<m>_params.py`, ...).
    const stainless = emitStainlessTypes(model, types, stainlessTypes);
    for (const file of stainless.files) files.push({ path: src + file.path, content: file.content });
    const exported = new Set([...typeModules.values()].flat());
    for (const [module, names] of stainless.topLevel) {
      const fresh = names.slice(0, 1).filter((n) => !exported.has(n));
      if (fresh.length > 0) typeModules.set(module, fresh);
    }
  }
  files.push({ path: `${src}types/__init__.py`, content: emitTypesInit(typeModules) });
  files.push({ path: `${src}resources/__init__.py`, content: emitResourcesInit(plan) });
  files.push({ path: `${src}_client.py`, content: emitClient(model, plan) });
  files.push({ path: `${src}${ASYNC_RESOURCES_DIR}/__init__.py`, content: emitAsyncResourcesInit(plan) });
  files.push({ path: `${src}_async_client.py`, content: emitAsyncClient(model, plan) });
  files.push({ path: `${src}__init__.py`, content: emitPackageInit(plan) });
  files.push({ path: `${src}py.typed`, content: '' });
  for (const file of bundleFiles()) {
    // Partner runs: `_errors.py` with the base error class named after the client.
    const content =
      file.path === '_errors.py' && plan.baseErrorClass !== undefined
        ? withBaseErrorClass(String(file.content), plan.baseErrorClass)
        : file.content;
    files.push({ path: src + file.path, content });
  }
  files.push(emitPyproject(model, resolved));
  files.push({ path: 'README.md', content: readme });
  files.push(emitTests(model, plan));
  return sortByPath(files);
}
