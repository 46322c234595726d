// The Go SDK generator: a pure function from the API model to the files of a Go module (standard
// library only, gofmt'ed): go.mod, README.md, the client and one service file per resource in the
// root package, the named models, package option (with the description's credentials and
// environments), and the bundled runtime (`packages/`, `internal/`) copied from `bundle/`.

import { sortByPath, type GeneratedFile } from '../core/files.ts';
import type { ApiModel, Operation } from '../model/types.ts';
import { bundleFiles } from './bundle-files.ts';
import { emitAliases, emitClientFile, emitOptionFile, emitWebhooks, goMod, optionNames } from './emit-client.ts';
import { emitReadme, operationProgram, readmePrograms } from './emit-readme.ts';
import { type CallValues, descriptionValues, fillValues } from './example-values.ts';
import { type MethodShape, ServiceEmitter } from './emit-service.ts';
import { operationIndexes } from '../core/wire-cases.ts';
import { emitTests } from './emit-tests.ts';
import { resolveOptions } from './options.ts';
import { planModule, type ServicePlan } from './plan.ts';
import { GoTypes } from './schema-types.ts';
import type { GoSdkOptions } from './types.ts';
import { GoFile } from '../printers/go-writer.ts';

export type { GeneratedFile } from '../core/files.ts';
export type { GoSdkOptions, ResolvedGoSdkOptions } from './types.ts';
export { resolveOptions } from './options.ts';
export type { CallValues } from './example-values.ts';

/** The module planned and its services emitted (in memory): what the files, the README and the docs' samples read. */
interface PreparedModule {
  plan: ReturnType<typeof planModule>;
  types: GoTypes;
  names: ReturnType<typeof optionNames>;
  models: GoFile;
  services: ServiceEmitter;
  rendered: GoFile[];
  shapesByService: { trail: ServicePlan[]; shapes: MethodShape[] }[];
  /** Each operation once, with the services leading to its method. */
  methods: { trail: ServicePlan[]; shape: MethodShape }[];
}

function prepareModule(model: ApiModel, options: GoSdkOptions): PreparedModule {
  const resolved = resolveOptions(model, options);
  const plan = planModule(model, resolved);
  const { modulePath, packageName } = resolved;
  const models = new GoFile('models.go', packageName, modulePath);
  const types = new GoTypes(model, plan.scope, models, plan.casings);
  const names = optionNames(model, plan);
  const services = new ServiceEmitter(model, plan, types, names.clientCredentials?.scheme);
  const rendered: GoFile[] = [];
  const shapesByService: { trail: ServicePlan[]; shapes: MethodShape[] }[] = [];
  const walk = (level: ServicePlan[], trail: ServicePlan[]): void => {
    for (const service of level) {
      const { file, shapes } = services.emit(service);
      rendered.push(file);
      shapesByService.push({ trail: [...trail, service], shapes });
      walk(service.children, [...trail, service]);
    }
  };
  walk(plan.services, []);
  const seen = new Set<string>();
  const methods = shapesByService.flatMap(({ trail, shapes }) =>
    shapes
      .filter((shape) => !seen.has(shape.plan.op.key) && seen.add(shape.plan.op.key))
      .map((shape) => ({ trail, shape })),
  );
  return { plan, types, names, models, services, rendered, shapesByService, methods };
}

/**
 * One program per operation for the docs site (`package main`, the client made as the README
 * makes it, the call with `values`), by operation key, named as this generator names them.
 */
export function goOperationSamples(
  model: ApiModel,
  values: (op: Operation) => CallValues,
  options: GoSdkOptions = {},
): { modulePath: string; packageName: string; programs: Map<string, string> } {
  const { plan, types, names, methods } = prepareModule(model, options);
  const programs = new Map<string, string>();
  for (const method of methods)
    programs.set(method.shape.plan.op.key, operationProgram(plan, types, names, method, values(method.shape.plan.op)));
  return { modulePath: plan.options.modulePath, packageName: plan.options.packageName, programs };
}

export function emitGoSdk(model: ApiModel, options: GoSdkOptions = {}): GeneratedFile[] {
  const prepared = prepareModule(model, options);
  const { plan, types, names, models, services, rendered, shapesByService, methods } = prepared;
  const { modulePath } = plan.options;
  const files: GeneratedFile[] = [];
  const webhooks = emitWebhooks(model, plan, types);
  // Package-level tables the methods share: security alternatives and pagination schemes.
  const client = emitClientFile(model, plan, names, webhooks !== undefined);
  const tables = [...services.securities].map(([literal, name]) => `var ${name} = ${literal}`);
  tables.push(...[...services.schemes].map(([literal, name]) => `var ${name} = ${literal}`));
  if (services.securities.size > 0) client.useLocal('internal/requestconfig');
  if (services.schemes.size > 0) client.useLocal('packages/pagination');
  for (const table of tables) client.add(table);
  rendered.push(client);
  rendered.push(emitAliases(plan, names.clientCredentials !== undefined, webhooks !== undefined));
  if (webhooks !== undefined) rendered.push(webhooks);
  const optionFile = emitOptionFile(model, plan, names);
  if (optionFile !== undefined) rendered.push(optionFile);
  // The tests and the README spell calls with sample values; they declare no new types.
  rendered.push(
    ...emitTests(plan, types, names, shapesByService, operationIndexes(model), (shape, fill) =>
      fill === 'required' ? descriptionValues(model, shape.plan.op) : fillValues(model, shape.plan.op, fill),
    ),
  );
  const programs = readmePrograms(model, plan, types, names, methods);
  if (!models.isEmpty()) rendered.push(models);
  for (const file of rendered) files.push({ path: file.path, content: file.render() });
  files.push(...bundleFiles(modulePath));
  files.push({ path: 'go.mod', content: goMod(modulePath) });
  files.push({ path: 'README.md', content: emitReadme(model, plan, names, programs, webhooks !== undefined) });
  return sortByPath(files);
}
