// Schema nodes -> Python type expressions and declarations. Two sides: what the API returns
// (`response`) is read through model classes (`BaseModel` subclasses from `bundle/_models.py`, one
// per object schema, with a field table the runtime builds them from); what the caller sends
// (`request`) is typed with TypedDicts (`<Name>Param` for a named object schema, declared on first
// use in `types/params.py`), as Stainless's SDKs do. Everything else is a `TypeAlias`. Named
// schemas live in `types/models.py`; inline objects are declared in the module being written,
// named from a hint. References to generated types are quoted forward references, so declaration
// order never matters and recursion is safe. Aliases that would refer to themselves through unions
// only (invalid for mypy) are cut with `Any`.
//
// Why classes for responses: mypy < 1.19 walks every path of the graph of TypedDict references
// (`TypeAliasType.is_recursive` through each TypedDict's special alias, and structural TypedDict
// subtyping), exponentially; Stripe-shaped models (each naming a dozen others) never finished.
// Classes are nominal: the same graph checks in seconds.

import { isCycle, stronglyConnected } from '../core/graph.ts';
import { isUploadFile, objectShape, resolveSchema, type ObjectShape } from '../core/schema.ts';
import type { ApiModel, Discriminator, EnumSchema, JsonValue, PropertyNode, SchemaNode } from '../model/types.ts';
import { NameScope } from '../names/scope.ts';
import { pyIdent } from '../names/python.ts';
import { fwd, isPyIdentifier, join, num, py, type Py, PyWriter, str, id } from '../printers/python-writer.ts';

/** One module of `types/`: the declarations written into it and the names it uses from others. */
export class TypeModule {
  readonly name: string;
  readonly writer = new PyWriter();
  /** `register_fields(...)` calls of the module's models, written after every class (indented: they sit in an `if not TYPE_CHECKING:` block). */
  readonly registry = new PyWriter();
  /** module name -> imported type names */
  readonly imports = new Map<string, Set<string>>();
  declared = 0;
  /** Type names declared here, in order. */
  readonly exports: string[] = [];
  constructor(name: string) {
    this.name = name;
  }
  use(module: string, name: string): void {
    if (module === this.name) return;
    const set = this.imports.get(module) ?? new Set<string>();
    set.add(name);
    this.imports.set(module, set);
  }
}

export const MODELS_MODULE = 'models';
export const PARAMS_MODULE = 'params';

/** Which way a type is used: returned by the API (model classes) or sent by the caller (TypedDicts). */
export type Side = 'request' | 'response';

/** A type and, on the response side, how the runtime converts the JSON value to it (undefined: kept as it is). */
export interface Typed {
  type: Py;
  conv?: Py;
}

export interface Ctx {
  module: TypeModule;
  /** Name to derive inline type names from. */
  hint: string;
  /** The alias being declared, while no container (list/dict/TypedDict) has been entered. */
  owner?: string;
  /** In a multipart request: binary strings are files. */
  files?: boolean;
  side: Side;
}

export type { ObjectShape } from '../core/schema.ts';

/** Keys that can be written as class-syntax TypedDict fields without shadowing names used in annotations. */
const SAFE_FIELD = /^[a-z_][a-z0-9_]*$/;
const UNSAFE_FIELDS = new Set(['str', 'int', 'float', 'bool', 'bytes', 'object', 'print']);

/** Methods of a dict; pyright loses an inherited TypedDict key with one of these names. */
const DICT_METHODS = new Set([
  'clear',
  'copy',
  'fromkeys',
  'get',
  'items',
  'keys',
  'pop',
  'popitem',
  'setdefault',
  'update',
  'values',
]);

/** Attribute names a model field must not take: the base class's members and names used in annotations. */
const MODEL_RESERVED = new Set([
  'to_dict',
  'to_json',
  'from_dict',
  'model_extra',
  'str',
  'int',
  'float',
  'bool',
  'bytes',
]);

/** A model field's attribute: the wire key itself when it is a plain snake_case identifier (as Stainless keeps it), else its snake_case form; `_` appended to a reserved name. */
function fieldAttr(key: string): string {
  let name = SAFE_FIELD.test(key) && isPyIdentifier(key) ? key : pyIdent(key, { kind: 'value' });
  if (name.startsWith('__')) name = `field${name}`;
  return MODEL_RESERVED.has(name) ? `${name}_` : name;
}

export function isClassSafeKey(key: string): boolean {
  return SAFE_FIELD.test(key) && isPyIdentifier(key) && !UNSAFE_FIELDS.has(key);
}

export class TypeEmitter {
  readonly model: ApiModel;
  readonly scope: NameScope;
  /** schema id -> type name */
  readonly names = new Map<string, string>();
  /** inline type name -> module it is declared in */
  readonly #inlineModule = new Map<string, string>();
  /** schema id -> SCC index, for alias-only reference cycles */
  readonly #scc = new Map<string, number>();
  readonly #cyclic = new Set<string>();
  /** alias -> the aliases it names outside any container */
  readonly #aliasEdges = new Map<string, string[]>();
  readonly #declared = new Set<string>();
  /** Where request-side twins of named schemas (`<Name>Param`) are declared on first use. */
  readonly params = new TypeModule(PARAMS_MODULE);
  /** schema id -> whether its type mentions an object (so its request form differs from its model) */
  readonly #mentionsObject = new Map<string, boolean>();
  /** alias schema ids whose conversion is being computed (a reference cycle converts as raw) */
  readonly #convVisiting = new Set<string>();

  constructor(model: ApiModel, scope: NameScope) {
    this.model = model;
    this.scope = scope;
    for (const schemaId of Object.keys(model.schemas).sort()) {
      const named = model.schemas[schemaId];
      if (named === undefined) continue;
      this.names.set(
        schemaId,
        scope.claim(`schema:${schemaId}`, pyIdent(named.name, { kind: 'type', casings: model.client.wordCasings })),
      );
    }
    this.#findAliasCycles();
  }

  /** Follows refs to a non-ref node (undefined on a ref cycle). */
  resolve(node: SchemaNode): SchemaNode | undefined {
    return resolveSchema(this.model, node);
  }

  /** Properties of an object, a ref to one, or an allOf of those (merged); undefined otherwise. */
  objectShape(node: SchemaNode): ObjectShape | undefined {
    return objectShape(this.model, node);
  }

  /** True when a named schema becomes a class (a model; a TypedDict on the request side), not an alias. */
  isTypedDict(schemaId: string): boolean {
    const named = this.model.schemas[schemaId];
    if (named === undefined) return false;
    const s = named.schema;
    if (s.kind === 'object') return s.properties.length > 0;
    if (s.kind === 'intersection') return (this.objectShape(s)?.properties.length ?? 0) > 0;
    return false;
  }

  #findAliasCycles(): void {
    // Edges: alias -> schemas it references outside any container.
    const edges = new Map<string, string[]>();
    const direct = (node: SchemaNode, out: string[]): void => {
      if (node.kind === 'ref') out.push(node.target);
      else if (node.kind === 'union') for (const v of node.variants) direct(v, out);
    };
    for (const schemaId of this.names.keys()) {
      if (this.isTypedDict(schemaId)) continue;
      const out: string[] = [];
      const schema = this.model.schemas[schemaId]?.schema;
      if (schema) direct(schema, out);
      edges.set(
        schemaId,
        out.filter((t) => !this.isTypedDict(t)),
      );
    }
    for (const [from, to] of edges) this.#aliasEdges.set(from, to);
    stronglyConnected(edges).forEach((members, component) => {
      for (const m of members) this.#scc.set(m, component);
      if (isCycle(members, edges)) for (const m of members) this.#cyclic.add(m);
    });
  }

  /**
   * The named schemas in declaration order: by id, except that an alias comes after the aliases it
   * names directly. mypy resolves a chain of forward alias references one step per pass and gives
   * up after a few dozen passes ("maximum semantic analysis iteration count reached").
   */
  declarationOrder(): string[] {
    const order: string[] = [];
    const done = new Set<string>();
    for (const start of this.names.keys()) {
      if (done.has(start)) continue;
      done.add(start);
      const frames: { v: string; next: number }[] = [{ v: start, next: 0 }];
      while (frames.length > 0) {
        const frame = frames[frames.length - 1] as { v: string; next: number };
        const out = this.#aliasEdges.get(frame.v) ?? [];
        if (frame.next < out.length) {
          const w = out[frame.next++] as string;
          // Members of one reference cycle keep their order (they are declared as Any).
          if (!done.has(w) && this.names.has(w) && this.#scc.get(w) !== this.#scc.get(frame.v)) {
            done.add(w);
            frames.push({ v: w, next: 0 });
          }
          continue;
        }
        frames.pop();
        order.push(frame.v);
      }
    }
    return order;
  }

  nameOf(schemaId: string): string {
    const name = this.names.get(schemaId);
    if (name === undefined) throw new Error(`unknown schema ${schemaId}`);
    return name;
  }

  /** A new exported type name for an inline type. */
  claimInline(key: string, hint: string): string {
    return this.scope.claim(key, pyIdent(hint, { kind: 'type', casings: this.model.client.wordCasings }));
  }

  expr(node: SchemaNode, ctx: Ctx): Py {
    return this.typed(node, ctx).type;
  }

  /** The type of a node and (response side) its runtime conversion. */
  typed(node: SchemaNode, ctx: Ctx): Typed {
    const inner = this.#inner(node, ctx);
    return node.nullable && inner.type.text !== 'None' && inner.type.text !== 'Any'
      ? { ...inner, type: py`Optional[${inner.type}]` }
      : inner;
  }

  /** The request-side name of a named object schema: `<Name>Param`, declared in `types/params.py` on first use. */
  paramName(schemaId: string): string {
    const named = this.model.schemas[schemaId];
    if (named === undefined) throw new Error(`unknown schema ${schemaId}`);
    const name = this.scope.claim(`param:${schemaId}`, `${this.nameOf(schemaId)}Param`);
    if (this.#declared.has(name)) return name;
    if (this.isTypedDict(schemaId)) {
      this.declareTypedDict(
        this.params,
        name,
        this.objectShape(named.schema) as ObjectShape,
        named.schema.description ?? named.schema.title,
      );
    } else {
      this.#declared.add(name);
      const value = this.expr(named.schema, { module: this.params, hint: name, owner: schemaId, side: 'request' });
      this.params.declared++;
      this.params.exports.push(name);
      this.params.writer.blank(2);
      this.params.writer.line(py`${id(name)}: TypeAlias = ${value}`);
      this.params.writer.doc(named.schema.description ?? named.schema.title);
    }
    return name;
  }

  /** True when the schema's type names an object anywhere (its request form then differs from its model form). */
  mentionsObject(node: SchemaNode, seen = new Set<string>()): boolean {
    switch (node.kind) {
      case 'ref': {
        const cached = this.#mentionsObject.get(node.target);
        if (cached !== undefined) return cached;
        const named = this.model.schemas[node.target];
        if (named === undefined || seen.has(node.target)) return false;
        seen.add(node.target);
        const result = this.isTypedDict(node.target) || this.mentionsObject(named.schema, seen);
        if (seen.size === 1) this.#mentionsObject.set(node.target, result);
        seen.delete(node.target);
        return result;
      }
      case 'object': {
        if (node.properties.length > 0) return true;
        const extra = node.additionalProperties;
        return extra !== undefined && typeof extra !== 'boolean' && this.mentionsObject(extra, seen);
      }
      case 'map':
        return this.mentionsObject(node.values, seen);
      case 'array':
        return this.mentionsObject(node.items, seen);
      case 'union':
        return node.variants.some((v) => this.mentionsObject(v, seen));
      case 'intersection':
        return (
          (this.objectShape(node)?.properties.length ?? 0) > 0 || node.members.some((m) => this.mentionsObject(m, seen))
        );
      default:
        return false;
    }
  }

  #inner(node: SchemaNode, ctx: Ctx): Typed {
    const guarded: Ctx = {
      module: ctx.module,
      hint: ctx.hint,
      side: ctx.side,
      ...(ctx.files ? { files: true } : {}),
    };
    switch (node.kind) {
      case 'ref': {
        const named = this.model.schemas[node.target];
        if (named === undefined) return { type: py`Any` };
        if (
          ctx.owner !== undefined &&
          this.#cyclic.has(node.target) &&
          this.#scc.get(node.target) === this.#scc.get(ctx.owner)
        )
          return { type: py`Any` };
        const isClass = this.isTypedDict(node.target);
        if (ctx.side === 'request' && this.mentionsObject(node)) {
          const name = this.paramName(node.target);
          ctx.module.use(PARAMS_MODULE, name);
          const ref = fwd(name);
          return { type: named.schema.nullable && isClass ? py`Optional[${ref}]` : ref };
        }
        const name = this.nameOf(node.target);
        ctx.module.use(MODELS_MODULE, name);
        const ref = fwd(name);
        const type = named.schema.nullable && isClass ? py`Optional[${ref}]` : ref;
        if (ctx.side === 'request') return { type };
        if (isClass) return { type, conv: id(name) };
        return { type, ...this.#aliasConv(node.target, ctx) };
      }
      case 'object': {
        if (node.properties.length === 0) {
          const extra = node.additionalProperties;
          if (extra !== undefined && typeof extra !== 'boolean') return this.#dictOf(extra, guarded, ctx.hint);
          return { type: py`Dict[str, Any]` };
        }
        return this.#inlineObject(ctx, node.source.pointer, this.objectShape(node) as ObjectShape, node);
      }
      case 'map':
        return this.#dictOf(node.values, guarded, ctx.hint);
      case 'enum':
        return { type: enumType(node) };
      case 'union': {
        const seen = new Set<string>();
        const parts: Py[] = [];
        const convs: Py[] = [];
        const seenConv = new Set<string>();
        node.variants.forEach((variant, i) => {
          const t = this.typed(variant, { ...ctx, hint: `${ctx.hint} variant ${i + 1}` });
          if (!seen.has(t.type.text)) {
            seen.add(t.type.text);
            parts.push(t.type);
          }
          if (t.conv !== undefined && !seenConv.has(t.conv.text)) {
            seenConv.add(t.conv.text);
            convs.push(t.conv);
          }
        });
        if (parts.length === 0) return { type: py`Any` };
        if (parts.some((p) => p.text === 'Any')) return { type: py`Any` };
        const type = parts.length === 1 ? (parts[0] as Py) : py`Union[${join(parts)}]`;
        if (convs.length === 0) return { type };
        // One arm that converts (`Union[str, "Charge"]`, a nullable `anyOf` of one ref): an object is that arm.
        if (convs.length === 1 && node.discriminator === undefined) return { type, conv: convs[0] as Py };
        return { type, conv: this.#unionConv(convs, node.discriminator, ctx) };
      }
      case 'intersection': {
        const shape = this.objectShape(node);
        if (shape !== undefined && shape.properties.length > 0)
          return this.#inlineObject(ctx, node.source.pointer, shape, node);
        const only = node.members.length === 1 ? node.members[0] : undefined;
        if (only !== undefined) return this.typed(only, ctx);
        return { type: py`Dict[str, Any]` };
      }
      case 'array': {
        const item = this.typed(node.items, { ...guarded, hint: `${ctx.hint} item` });
        return {
          type: py`List[${item.type}]`,
          ...(item.conv !== undefined ? { conv: py`ListOf(${item.conv})` } : {}),
        };
      }
      case 'primitive':
        switch (node.type) {
          case 'string':
            return { type: ctx.files && isUploadFile(node) ? py`FileTypes` : py`str` };
          case 'integer':
            return { type: py`int` };
          case 'number':
            return { type: py`float` };
          case 'boolean':
            return { type: py`bool` };
          case 'null':
            return { type: py`None` };
        }
        return { type: py`Any` };
      case 'literal':
        return { type: literalType(node.value) };
      case 'unknown':
        return { type: py`Any` };
    }
  }

  #dictOf(values: SchemaNode, guarded: Ctx, hint: string): Typed {
    const value = this.typed(values, { ...guarded, hint: `${hint} value` });
    return {
      type: py`Dict[str, ${value.type}]`,
      ...(value.conv !== undefined ? { conv: py`DictOf(${value.conv})` } : {}),
    };
  }

  #inlineObject(ctx: Ctx, pointer: string, shape: ObjectShape, node: SchemaNode): Typed {
    const description = node.description ?? node.title;
    if (ctx.side === 'request') return { type: fwd(this.inlineTypedDict(ctx, pointer, shape, description)) };
    const name = this.inlineModel(ctx, pointer, shape, description);
    return { type: fwd(name), conv: id(name) };
  }

  /** A union's conversion: its arms, and the discriminator's mapping to model classes when it has one. */
  #unionConv(convs: Py[], discriminator: Discriminator | undefined, ctx: Ctx): Py {
    const args: Py[] = [...convs];
    if (discriminator !== undefined) {
      const entries: Py[] = [];
      const seen = new Set<string>();
      for (const m of discriminator.mapping) {
        if (seen.has(m.value) || !this.isTypedDict(m.target)) continue;
        seen.add(m.value);
        const name = this.nameOf(m.target);
        ctx.module.use(MODELS_MODULE, name);
        entries.push(py`${str(m.value)}: ${id(name)}`);
      }
      if (entries.length > 0)
        args.push(py`discriminator=${str(discriminator.propertyName)}`, py`mapping={${join(entries)}}`);
    }
    return py`UnionOf(${join(args)})`;
  }

  /** How a value of a named alias converts (a reference cycle among aliases converts as raw). */
  #aliasConv(schemaId: string, ctx: Ctx): { conv?: Py } {
    const named = this.model.schemas[schemaId];
    if (
      named === undefined ||
      this.#convVisiting.has(schemaId) ||
      !this.mentionsObject({ kind: 'ref', target: schemaId } as SchemaNode)
    )
      return {};
    this.#convVisiting.add(schemaId);
    try {
      const t = this.typed(named.schema, {
        module: ctx.module,
        hint: this.nameOf(schemaId),
        owner: schemaId,
        side: 'response',
      });
      return t.conv !== undefined ? { conv: t.conv } : {};
    } finally {
      this.#convVisiting.delete(schemaId);
    }
  }

  /** The module (`models`, `params`, a resource's) an exported type name is declared in, once declared. */
  homeOf(name: string): string | undefined {
    if (this.#inlineModule.has(name)) return this.#inlineModule.get(name);
    if (this.params.exports.includes(name)) return PARAMS_MODULE;
    return undefined;
  }

  /** The first inline type declared for the node at `pointer` on a side (`request:` / `response:` + pointer). */
  readonly inlineAt = new Map<string, string>();

  /** An inline object's TypedDict (request side): declared once (in the first module that needs it), imported elsewhere. */
  inlineTypedDict(ctx: Ctx, pointer: string, shape: ObjectShape, description: string | undefined): string {
    const name = this.claimInline(`inline-request:${ctx.hint}:${pointer}`, ctx.hint);
    if (!this.inlineAt.has(`request:${pointer}`)) this.inlineAt.set(`request:${pointer}`, name);
    const home = this.#inlineModule.get(name);
    if (home === undefined) {
      this.#inlineModule.set(name, ctx.module.name);
      this.declareTypedDict(ctx.module, name, shape, description);
    } else ctx.module.use(home, name);
    return name;
  }

  /** An inline object's model class (response side): declared once, imported elsewhere. */
  inlineModel(ctx: Ctx, pointer: string, shape: ObjectShape, description: string | undefined): string {
    const name = this.claimInline(`inline:${ctx.hint}:${pointer}`, ctx.hint);
    if (!this.inlineAt.has(`response:${pointer}`)) this.inlineAt.set(`response:${pointer}`, name);
    const home = this.#inlineModule.get(name);
    if (home === undefined) {
      this.#inlineModule.set(name, ctx.module.name);
      this.declareModel(ctx.module, name, shape, description);
    } else ctx.module.use(home, name);
    return name;
  }

  /**
   * Declares `name` as a model class in `module`: a field per property (`x: T` when required,
   * `x: Optional[T] = None` otherwise; attribute names in snake_case, unique in the class), and its
   * field table (`register_fields`) in the module's registry, written after every class.
   */
  declareModel(module: TypeModule, name: string, shape: ObjectShape, description: string | undefined): void {
    if (this.#declared.has(name)) return;
    this.#declared.add(name);
    module.exports.push(name);
    module.declared++;
    // Field types first: they may declare nested inline types, which must not land inside this one.
    const computed = shape.properties.map((p) => ({
      p,
      t: this.typed(p.schema, { module, hint: `${name} ${p.name}`, side: 'response' }),
    }));
    const attrs = new NameScope([...MODEL_RESERVED]);
    const w = module.writer;
    w.blank(2);
    const rows: Py[] = [];
    const consts: Py[] = [];
    w.block(py`class ${id(name)}(BaseModel):`, () => {
      w.doc(description);
      if (description !== undefined && computed.length > 0) w.blank();
      if (computed.length === 0 && description === undefined) w.line(py`pass`);
      for (const { p, t } of computed) {
        const attr = attrs.claim(p.name, fieldAttr(p.name));
        const required = shape.required.has(p.name);
        if (required) w.line(py`${id(attr)}: ${t.type}`);
        else {
          const type = t.type.text === 'Any' || t.type.text.startsWith('Optional[') ? t.type : py`Optional[${t.type}]`;
          w.line(py`${id(attr)}: ${type} = None`);
        }
        w.doc(p.description ?? p.schema.description);
        rows.push(py`(${str(attr)}, ${str(p.name)}, ${t.conv ?? py`None`}, ${required ? py`True` : py`False`}),`);
        const constant = required && !p.schema.nullable ? constantOf(p.schema) : undefined;
        if (constant !== undefined) consts.push(py`${str(p.name)}: ${constant}`);
      }
    });
    // One level in: the table sits in the module's `if not TYPE_CHECKING:` block (typesModuleText).
    const r = module.registry;
    r.indented(() => {
      r.line(py`register_fields(`);
      r.indented(() => {
        r.line(py`${id(name)},`);
        if (rows.length === 0) r.line(py`(),`);
        else {
          r.line(py`(`);
          r.indented(() => {
            for (const row of rows) r.line(row);
          });
          r.line(py`),`);
        }
        if (consts.length > 0) r.line(py`consts={${join(consts)}},`);
      });
      r.line(py`)`);
    });
  }

  /** Declares `name` as a TypedDict in `module` (required keys; optional ones through a `total=False` base). */
  declareTypedDict(
    module: TypeModule,
    name: string,
    shape: ObjectShape,
    description: string | undefined,
    files = false,
  ): void {
    if (this.#declared.has(name)) return;
    this.#declared.add(name);
    module.exports.push(name);
    const w = module.writer;
    module.declared++;
    const required = shape.properties.filter((p) => shape.required.has(p.name));
    const optional = shape.properties.filter((p) => !shape.required.has(p.name));
    // Field types first: they may declare nested inline types, which must not land inside this one.
    const computed = new Map<PropertyNode, Py>(
      shape.properties.map((p) => [
        p,
        this.expr(p.schema, { module, hint: `${name} ${p.name}`, side: 'request', ...(files ? { files } : {}) }),
      ]),
    );
    const fieldType = (p: PropertyNode): Py => computed.get(p) as Py;
    const fieldDoc = (p: PropertyNode): string | undefined => p.description ?? p.schema.description;
    w.blank(2);
    if (shape.properties.every((p) => isClassSafeKey(p.name))) {
      const body = (props: PropertyNode[]): void => {
        for (const p of props) {
          w.line(py`${id(p.name)}: ${fieldType(p)}`);
          w.doc(fieldDoc(p));
        }
      };
      if (
        required.length > 0 &&
        optional.length > 0 &&
        optional.some((p) => DICT_METHODS.has(p.name)) &&
        !required.some((p) => DICT_METHODS.has(p.name))
      ) {
        // Pyright (1.1.414) drops an inherited key named like a dict method (`update`), so the
        // side holding one is declared in the class itself: here the optional keys.
        w.block(py`class ${id(`_${name}__required`)}(TypedDict):`, () => body(required));
        w.blank(2);
        w.block(py`class ${id(name)}(${id(`_${name}__required`)}, total=False):`, () => {
          w.doc(description);
          body(optional);
        });
      } else if (required.length > 0 && optional.length > 0) {
        w.block(py`class ${id(`_${name}__optional`)}(TypedDict, total=False):`, () => body(optional));
        w.blank(2);
        w.block(py`class ${id(name)}(${id(`_${name}__optional`)}):`, () => {
          w.doc(description);
          body(required);
        });
      } else {
        w.block(
          required.length > 0 || optional.length === 0
            ? py`class ${id(name)}(TypedDict):`
            : py`class ${id(name)}(TypedDict, total=False):`,
          () => {
            w.doc(description);
            body(required.length > 0 ? required : optional);
          },
        );
      }
      return;
    }
    const functional = (helper: string, props: PropertyNode[], total: boolean): void => {
      w.line(py`${id(helper)} = TypedDict(`);
      w.indented(() => {
        w.line(py`${str(helper)},`);
        w.block(py`{`, () => {
          for (const p of props) {
            w.comment(fieldDoc(p));
            w.line(py`${str(p.name)}: ${fieldType(p)},`);
          }
        });
        w.line(py`},`);
        if (!total) w.line(py`total=False,`);
      });
      w.line(py`)`);
    };
    const bases: Py[] = [];
    if (required.length > 0) {
      functional(`_${name}__required`, required, true);
      bases.push(id(`_${name}__required`));
    }
    if (optional.length > 0) {
      functional(`_${name}__optional`, optional, false);
      bases.push(id(`_${name}__optional`));
    }
    if (bases.length === 0) bases.push(py`TypedDict`);
    w.blank(2);
    w.block(py`class ${id(name)}(${join(bases)}):`, () => w.doc(description));
  }

  /** Declares a named schema in the models module (a model class, or an alias of its response-side type). */
  declareNamed(module: TypeModule, schemaId: string): void {
    const named = this.model.schemas[schemaId];
    if (named === undefined) return;
    const name = this.nameOf(schemaId);
    const description = named.schema.description ?? named.schema.title;
    if (this.isTypedDict(schemaId)) {
      this.declareModel(module, name, this.objectShape(named.schema) as ObjectShape, description);
      return;
    }
    const value = this.expr(named.schema, { module, hint: name, owner: schemaId, side: 'response' });
    module.declared++;
    module.exports.push(name);
    module.writer.blank(2);
    module.writer.line(py`${id(name)}: TypeAlias = ${value}`);
    module.writer.doc(description);
  }
}

function literalAtom(value: JsonValue): Py | undefined {
  if (typeof value === 'string') return str(value);
  if (typeof value === 'boolean') return value ? py`True` : py`False`;
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER)
    return num(value);
  return undefined;
}

/** The one value a property can have (a literal, or an enum of one member), as a Python literal. */
function constantOf(node: SchemaNode): Py | undefined {
  if (node.kind === 'literal') return literalAtom(node.value);
  if (node.kind === 'enum' && node.members.length === 1)
    return literalAtom((node.members[0] as { value: JsonValue }).value);
  return undefined;
}

function literalType(value: JsonValue): Py {
  if (value === null) return py`None`;
  const atom = literalAtom(value);
  if (atom !== undefined) return py`Literal[${atom}]`;
  if (typeof value === 'number') return py`float`;
  if (Array.isArray(value)) return py`List[Any]`;
  return py`Dict[str, Any]`;
}

function enumType(node: EnumSchema): Py {
  const atoms: Py[] = [];
  const seen = new Set<string>();
  let needFloat = false;
  for (const member of node.members) {
    const atom = literalAtom(member.value);
    if (atom === undefined) {
      needFloat = true;
      continue;
    }
    if (!seen.has(atom.text)) {
      seen.add(atom.text);
      atoms.push(atom);
    }
  }
  const parts: Py[] = [];
  if (atoms.length > 0) parts.push(py`Literal[${join(atoms)}]`);
  if (needFloat) parts.push(py`float`);
  if (parts.length === 0) {
    switch (node.valueType) {
      case 'string':
        return py`str`;
      case 'integer':
        return py`int`;
      case 'number':
        return py`float`;
      case 'boolean':
        return py`bool`;
      default:
        return py`Any`;
    }
  }
  return parts.length === 1 ? (parts[0] as Py) : py`Union[${join(parts)}]`;
}
