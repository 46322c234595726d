// Partner runs (`model.client.stainless`): a method's request and response types where a
// Stainless-generated Python SDK puts them, so its users' imports keep resolving:
// `types/[<parent>/]<resource singular>_<method>_params.py` with `<Singular><Method>Params` (a
// TypedDict of the method's keyword arguments but the last path parameter) and
// `..._response.py` with `<Singular><Method>Response` (an alias of the response type) for every
// response but a model the config names (`resources.<r>.models`), which is imported by its own
// name. Flagship runs never call this.

import { compareCodeUnits, type GeneratedFile } from '../core/files.ts';
import { requestContent, responseContent } from '../core/method.ts';
import { objectShape } from '../core/schema.ts';
import type { ApiModel, Resource, SchemaNode } from '../model/types.ts';
import { pascalCase, snakeCase } from '../names/case.ts';
import { singularName } from '../names/singular.ts';
import { fromImport, id, py, type Py, pyNamesUsed, PyWriter, relModule, str } from '../printers/python-writer.ts';
import { importNames } from './emit-resources.ts';
import type { Arg, MethodShape } from './method-shape.ts';
import type { MethodPlan, ResourcePlan } from './plan.ts';
import { MODELS_MODULE, PARAMS_MODULE, type Side, type TypeEmitter, type TypeModule } from './schema-types.ts';

export interface StainlessResourceTypes {
  resource: ResourcePlan;
  typesModule: TypeModule;
  /** Index-aligned with `resource.methods`. */
  shapes: MethodShape[];
}

/** The directory under `types/` of a resource's method types (its parents' module names). */
export function stainlessTypesDir(resource: ResourcePlan): string[] {
  return resource.modulePath.slice(0, -1);
}

/** `<resource singular>_<method>` and `<ResourceSingular><Method>`: the stem of a method's type modules and names. */
export function stainlessStem(resource: Resource, methodName: string): { file: string; type: string } {
  const singular = singularName(resource.name);
  return {
    file: `${snakeCase(singular)}_${snakeCase(methodName)}`,
    type: `${pascalCase(singular)}${pascalCase(methodName)}`,
  };
}

function configModels(resources: Resource[]): string[] {
  return resources.flatMap((r) => [...r.models.map((m) => m.schema), ...configModels(r.subresources)]);
}

/** A name Stainless gives a nested object type, and our type it is an alias of (with the module declaring it). */
interface NestedName {
  name: string;
  target: string;
  home: string;
}

/**
 * Stainless's names of the object types nested in a method's params, its response or a model:
 * the property path in PascalCase (`keyframes.frame0` → `KeyframesFrame0`), an array's items after
 * the property's singular (`concepts` → `Concept`), a union's variants after their schema's name
 * (`KeyframesFrame0GenerationReference`) or `UnionMember<i>`. A model the config names stops the
 * walk (Stainless refers to it by its own name), and so does a schema met again (recursion).
 */
function nestedNames(
  model: ApiModel,
  types: TypeEmitter,
  configModelIds: ReadonlySet<string>,
  side: Side,
  roots: { segments: string[]; node: SchemaNode }[],
): NestedName[] {
  const out: NestedName[] = [];
  const record = (segments: string[], target: string | undefined, home: string | undefined): void => {
    if (segments.length === 0 || target === undefined || home === undefined) return;
    out.push({ name: pascalCase(segments.join(' ')), target, home });
  };
  const refName = (target: string): { name: string; home: string } | undefined => {
    const named = model.schemas[target];
    if (named === undefined || !types.isTypedDict(target)) return undefined;
    if (side === 'request' && types.mentionsObject(named.schema)) {
      const name = types.paramName(target);
      return { name, home: PARAMS_MODULE };
    }
    return { name: types.nameOf(target), home: MODELS_MODULE };
  };
  const walk = (node: SchemaNode, segments: string[], seen: ReadonlySet<string>, depth: number): void => {
    if (depth > 12) return;
    if (node.kind === 'ref') {
      if (seen.has(node.target) || configModelIds.has(node.target)) return;
      const named = model.schemas[node.target];
      if (named === undefined) return;
      const next = new Set([...seen, node.target]);
      const schema = named.schema;
      if (schema.kind === 'union' || schema.kind === 'array' || schema.kind === 'ref') {
        walk(schema, segments, next, depth + 1);
        return;
      }
      const shape = objectShape(model, node);
      if (shape === undefined) return;
      const ours = refName(node.target);
      record(segments, ours?.name, ours?.home);
      for (const p of shape.properties) walk(p.schema, [...segments, p.name], next, depth + 1);
      return;
    }
    if (node.kind === 'array') {
      const last = segments[segments.length - 1];
      walk(node.items, last === undefined ? segments : [...segments.slice(0, -1), singularName(last)], seen, depth + 1);
      return;
    }
    if (node.kind === 'union') {
      // `anyOf: [X, {type: null}]` is X, nullable: no variant name.
      if (node.variants.length === 1) {
        walk(node.variants[0] as SchemaNode, segments, seen, depth + 1);
        return;
      }
      node.variants.forEach((variant, i) => {
        // A variant is named after its component's key as the description writes it (or its title).
        const variantName =
          variant.kind === 'ref'
            ? (variant.ref.split('/').pop() ?? model.schemas[variant.target]?.name)
            : variant.title;
        walk(variant, [...segments, variantName ?? `UnionMember${i}`], seen, depth + 1);
      });
      return;
    }
    if (node.kind === 'object' || node.kind === 'intersection') {
      const shape = objectShape(model, node);
      if (shape === undefined) return;
      const ours = types.inlineAt.get(`${side}:${node.source.pointer}`);
      record(segments, ours, ours !== undefined ? types.homeOf(ours) : undefined);
      for (const p of shape.properties) walk(p.schema, [...segments, p.name], seen, depth + 1);
    }
  };
  for (const root of roots) walk(root.node, root.segments, new Set(), 0);
  return out;
}

/** The files, and the names the top-level `types/__init__.py` re-exports (module → names). */
export function emitStainlessTypes(
  model: ApiModel,
  types: TypeEmitter,
  resources: StainlessResourceTypes[],
): { files: GeneratedFile[]; topLevel: Map<string, string[]> } {
  const files: GeneratedFile[] = [];
  const inits = new Map<string, Map<string, string[]>>([['', new Map()]]);
  const models = new Set(configModels(model.resources));
  const written = new Set<string>();
  const ctx = { model, types, configModelIds: models };
  for (const { resource, typesModule, shapes } of resources) {
    const dir = stainlessTypesDir(resource);
    const dirKey = dir.join('/');
    // Every directory on the way is a package (`types/a/__init__.py` for `types/a/b/`).
    for (let n = 0; n <= dir.length; n++) {
      const key = dir.slice(0, n).join('/');
      if (!inits.has(key)) inits.set(key, new Map());
    }
    const init = inits.get(dirKey) as Map<string, string[]>;
    resource.methods.forEach((method, i) => {
      const shape = shapes[i];
      if (shape === undefined) return;
      const stem = stainlessStem(resource.resource, method.rawName);
      const prefix = dir.length > 0 ? `types/${dirKey}/` : 'types/';
      // Two resources of one parent with the same singular: the first keeps the name.
      if (written.has(`${prefix}${stem.file}`)) return;
      written.add(`${prefix}${stem.file}`);
      const params = paramsModule(ctx, typesModule, dir.length + 1, `${stem.type}Params`, method, shape);
      if (params !== undefined) {
        files.push({ path: `${prefix}${stem.file}_params.py`, content: params.text });
        init.set(`${stem.file}_params`, params.exports);
      }
      const response = responseModule(ctx, typesModule, dir.length + 1, `${stem.type}Response`, method, shape);
      if (response !== undefined) {
        files.push({ path: `${prefix}${stem.file}_response.py`, content: response.text });
        init.set(`${stem.file}_response`, response.exports);
      }
    });
  }
  // The models the config names, each in `types/<model>.py` with its nested types' names.
  const top = inits.get('') as Map<string, string[]>;
  for (const schemaId of [...models].sort(compareCodeUnits)) {
    const named = model.schemas[schemaId];
    if (named === undefined || !types.isTypedDict(schemaId)) continue;
    const name = types.nameOf(schemaId);
    const stem = snakeCase(name);
    if (stem === '' || written.has(`types/${stem}`) || top.has(stem)) continue;
    written.add(`types/${stem}`);
    const nested = nestedNames(model, types, new Set([...models].filter((m) => m !== schemaId)), 'response', [
      { segments: [], node: named.schema },
    ]);
    const module = aliasModule(
      `The model ${name} and its nested types (a Stainless SDK's module layout).`,
      1,
      [{ name, target: name, home: MODELS_MODULE }, ...nested],
      new Map(),
      '',
    );
    files.push({ path: `types/${stem}.py`, content: module.text });
    top.set(stem, module.exports.slice(0, 1));
  }
  for (const [dirKey, init] of inits) {
    if (dirKey === '') continue;
    files.push({ path: `types/${dirKey}/__init__.py`, content: packageInit(init) });
  }
  return { files, topLevel: top };
}

interface Ctx {
  model: ApiModel;
  types: TypeEmitter;
  configModelIds: ReadonlySet<string>;
}

/** Module → names to import, from the shape's types modules. */
function shapeImports(typesModule: TypeModule): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [module, names] of typesModule.imports) out.set(module, new Set(names));
  if (typesModule.exports.length > 0)
    out.set(typesModule.name, new Set([...(out.get(typesModule.name) ?? []), ...typesModule.exports]));
  return out;
}

/**
 * A module of `types/`: a docstring, the imports the body uses (typing, the runtime's file types,
 * the types modules), `__all__`, the body (a class or alias), then the nested types' aliases
 * (an alias whose name is its target's is re-exported instead).
 */
function aliasModule(
  title: string,
  dots: number,
  nested: NestedName[],
  from: Map<string, Set<string>>,
  body: string,
  declared: readonly string[] = [],
): { text: string; exports: string[] } {
  const imports = new Map([...from].map(([k, v]) => [k, new Set(v)]));
  const taken = new Set([...declared, ...pyNamesUsed(body)]);
  const aliases: string[] = [];
  const exports = [...declared];
  const reexported = new Map<string, string>();
  const aliasTargets = new Set<string>();
  // An alias never takes the name of a type imported here (another nested type's target).
  const targets = new Set(nested.map((n) => n.target));
  for (const n of nested) {
    if (n.name !== n.target && (taken.has(n.name) || targets.has(n.name))) continue;
    if (exports.includes(n.name)) continue;
    imports.set(n.home, new Set([...(imports.get(n.home) ?? []), n.target]));
    if (n.name !== n.target) {
      aliases.push(`${id(n.name).text}: TypeAlias = ${id(n.target).text}\n`);
      aliasTargets.add(n.target);
      taken.add(n.name);
    } else reexported.set(n.name, n.home);
    taken.add(n.target);
    exports.push(n.name);
  }
  const text = body + (aliases.length > 0 ? `${body !== '' ? '\n\n' : ''}${aliases.join('')}` : '');
  const used = pyNamesUsed(text);
  // Imported: what the body uses and what the aliases point at (never a name declared here).
  const declaredHere = new Set(exports.filter((e) => !reexported.has(e)));
  const needed = new Set([...pyNamesUsed(body), ...aliasTargets].filter((n) => !declaredHere.has(n)));
  const w = new PyWriter();
  w.doc(title);
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  fromImport(
    w,
    py`typing`,
    ['IO', 'Any', 'Dict', 'List', 'Literal', 'Mapping', 'Optional', 'TypeAlias', 'TypedDict', 'Union'],
    used,
  );
  w.blank();
  fromImport(w, relModule(dots + 1, '_types'), ['FileTypes'], used);
  for (const [module, names] of [...imports].sort(([a], [b]) => compareCodeUnits(a, b)))
    importNames(
      w,
      relModule(dots, module),
      new Set([...names].filter((n) => needed.has(n) || reexported.get(n) === module)),
    );
  w.blank(2);
  w.line(py`__all__ = [`);
  w.indented(() => {
    for (const e of exports) w.line(py`${str(e)},`);
  });
  w.line(py`]`);
  return { text: text === '' ? w.toString() : `${w.toString()}\n\n${text}`, exports };
}

/** The params TypedDict's module; none for a method without keyword arguments (Stainless declares none either). */
function paramsModule(
  ctx: Ctx,
  typesModule: TypeModule,
  dots: number,
  name: string,
  method: MethodPlan,
  shape: MethodShape,
): { text: string; exports: string[] } | undefined {
  const fields: Arg[] = [...shape.pathKeywords, ...shape.query, ...shape.headers];
  if (shape.body?.mode === 'fields') fields.push(...shape.body.fields);
  else if (shape.body !== undefined) fields.push(shape.body.arg);
  if (fields.length === 0) return undefined;
  const body = new PyWriter();
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  const lines = (list: Arg[]): void => {
    for (const f of list) {
      body.line(py`${id(f.ident)}: ${f.type}`);
      body.doc(f.doc);
    }
  };
  const endpoint = `${method.op.method.toUpperCase()} ${method.op.path}`;
  const doc = `The keyword arguments of \`${endpoint}\` as a TypedDict.`;
  if (required.length > 0 && optional.length > 0) {
    body.block(py`class ${id(`_${name}__optional`)}(TypedDict, total=False):`, () => lines(optional));
    body.blank(2);
    body.block(py`class ${id(name)}(${id(`_${name}__optional`)}):`, () => {
      body.doc(doc);
      lines(required);
    });
  } else {
    body.block(py`class ${id(name)}(TypedDict${required.length > 0 ? py`` : py`, total=False`}):`, () => {
      body.doc(doc);
      lines(fields);
    });
  }
  const roots: { segments: string[]; node: SchemaNode }[] = shape.query.map((a) => ({
    segments: [a.key],
    node: a.param.schema,
  }));
  const picked = requestContent(method.op, ctx.model);
  if (shape.body?.mode === 'fields' && picked !== undefined) {
    const bodyShape = objectShape(ctx.model, picked.content.schema);
    for (const p of bodyShape?.properties ?? []) roots.push({ segments: [p.name], node: p.schema });
  }
  const nested = nestedNames(ctx.model, ctx.types, ctx.configModelIds, 'request', roots);
  return aliasModule(
    `Parameters of \`${endpoint}\` (a Stainless SDK's module layout).`,
    dots,
    nested,
    shapeImports(typesModule),
    body.toString(),
    [name],
  );
}

/** The names the shape's types may use from the types modules (imported, so no forward reference is needed). */
function importable(typesModule: TypeModule): Set<string> {
  return new Set([...[...typesModule.imports.values()].flatMap((names) => [...names]), ...typesModule.exports]);
}

function responseModule(
  ctx: Ctx,
  typesModule: TypeModule,
  dots: number,
  name: string,
  method: MethodPlan,
  shape: MethodShape,
): { text: string; exports: string[] } | undefined {
  const response = responseContent(ctx.model, method.op);
  if (response.kind !== 'json' && response.kind !== 'event-stream') return undefined;
  const schema = response.schema;
  if (schema === undefined) return undefined;
  if (shape.pagination === undefined && schema.kind === 'ref' && ctx.configModelIds.has(schema.target))
    return undefined;
  // A paginated method's `...Response` is its item (what the page yields), as Stainless names it.
  const type: Py = shape.pagination?.item ?? shape.response.type;
  const bare = type.text.replace(/^"(.*)"$/, '$1');
  const endpoint = `${method.op.method.toUpperCase()} ${method.op.path}`;
  const title = `The response of \`${endpoint}\` (a Stainless SDK's module layout).`;
  // The nested types of the response object: named from its properties (no prefix).
  const root = shape.pagination !== undefined ? undefined : schema;
  const nested =
    root === undefined
      ? []
      : nestedNames(ctx.model, ctx.types, ctx.configModelIds, 'response', [{ segments: [], node: root }]);
  const imports = shapeImports(typesModule);
  if (bare === name) {
    // The type already has the name: re-exported.
    const home = [...imports].find(([, names]) => names.has(name))?.[0];
    if (home === undefined) return undefined;
    return aliasModule(title, dots, [{ name, target: name, home }, ...nested], imports, '');
  }
  // The alias holds the class itself (not a forward reference), so `isinstance` and calls work.
  const names = importable(typesModule);
  const unquoted = type.text.replace(/"([A-Za-z_][A-Za-z0-9_]*)"/g, (quoted, n: string) => (names.has(n) ? n : quoted));
  const text = `${id(name).text}: TypeAlias = ${unquoted}\n`;
  return aliasModule(title, dots, nested, imports, text, [name]);
}

function packageInit(modules: Map<string, string[]>): string {
  const w = new PyWriter();
  w.doc("Request and response types of the resource's subresources (a Stainless SDK's module layout).");
  w.blank();
  w.line(py`from __future__ import annotations`);
  w.blank();
  for (const [module, names] of [...modules].sort(([a], [b]) => compareCodeUnits(a, b)))
    for (const n of names.slice(0, 1)) w.line(py`from .${id(module)} import ${id(n)} as ${id(n)}`);
  return w.toString();
}
