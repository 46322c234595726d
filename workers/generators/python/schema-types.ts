// Schema nodes -> Python type expressions and declarations (TypedDict for objects, `TypeAlias`
// for everything else). Named schemas live in `types/models.py`; inline objects get a TypedDict
// declared in the module being written, named from a hint. References to generated types are
// quoted forward references, so declaration order never matters and recursion is safe.
// Aliases that would refer to themselves through unions only (invalid for mypy) are cut with `Any`.

import { isCycle, stronglyConnected } from '../core/graph.ts';
import { isUploadFile, objectShape, resolveSchema, type ObjectShape } from '../core/schema.ts';
import type { ApiModel, EnumSchema, JsonValue, PropertyNode, SchemaNode } from '../model/types.ts';
import type { NameScope } from '../names/scope.ts';
import { pyIdent } from '../names/python.ts';
import { fwd, isPyIdentifier, join, num, py, type Py, PyWriter, str, id } from './writer.ts';

/** One module of `types/`: the declarations written into it and the names it uses from others. */
export class TypeModule {
  readonly name: string;
  readonly writer = new PyWriter();
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

export interface Ctx {
  module: TypeModule;
  /** Name to derive inline type names from. */
  hint: string;
  /** The alias being declared, while no container (list/dict/TypedDict) has been entered. */
  owner?: string;
  /** In a multipart request: binary strings are files. */
  files?: boolean;
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

  constructor(model: ApiModel, scope: NameScope) {
    this.model = model;
    this.scope = scope;
    for (const schemaId of Object.keys(model.schemas).sort()) {
      const named = model.schemas[schemaId];
      if (named === undefined) continue;
      this.names.set(schemaId, scope.claim(`schema:${schemaId}`, pyIdent(named.name, { kind: 'type' })));
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

  /** True when a named schema becomes a TypedDict class (not an alias). */
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
    return this.scope.claim(key, pyIdent(hint, { kind: 'type' }));
  }

  expr(node: SchemaNode, ctx: Ctx): Py {
    const inner = this.#inner(node, ctx);
    return node.nullable && inner.text !== 'None' && inner.text !== 'Any' ? py`Optional[${inner}]` : inner;
  }

  #inner(node: SchemaNode, ctx: Ctx): Py {
    const guarded: Ctx = { module: ctx.module, hint: ctx.hint, ...(ctx.files ? { files: true } : {}) };
    switch (node.kind) {
      case 'ref': {
        const named = this.model.schemas[node.target];
        if (named === undefined) return py`Any`;
        if (
          ctx.owner !== undefined &&
          this.#cyclic.has(node.target) &&
          this.#scc.get(node.target) === this.#scc.get(ctx.owner)
        )
          return py`Any`;
        const name = this.nameOf(node.target);
        ctx.module.use(MODELS_MODULE, name);
        const ref = fwd(name);
        return named.schema.nullable && this.isTypedDict(node.target) ? py`Optional[${ref}]` : ref;
      }
      case 'object': {
        if (node.properties.length === 0) {
          const extra = node.additionalProperties;
          if (extra !== undefined && typeof extra !== 'boolean')
            return py`Dict[str, ${this.expr(extra, { ...guarded, hint: `${ctx.hint} value` })}]`;
          return py`Dict[str, Any]`;
        }
        return fwd(
          this.inlineTypedDict(
            ctx,
            node.source.pointer,
            this.objectShape(node) as ObjectShape,
            node.description ?? node.title,
          ),
        );
      }
      case 'map':
        return py`Dict[str, ${this.expr(node.values, { ...guarded, hint: `${ctx.hint} value` })}]`;
      case 'enum':
        return enumType(node);
      case 'union': {
        const seen = new Set<string>();
        const parts: Py[] = [];
        node.variants.forEach((variant, i) => {
          const t = this.expr(variant, { ...ctx, hint: `${ctx.hint} variant ${i + 1}` });
          if (!seen.has(t.text)) {
            seen.add(t.text);
            parts.push(t);
          }
        });
        if (parts.length === 0) return py`Any`;
        if (parts.some((p) => p.text === 'Any')) return py`Any`;
        return parts.length === 1 ? (parts[0] as Py) : py`Union[${join(parts)}]`;
      }
      case 'intersection': {
        const shape = this.objectShape(node);
        if (shape !== undefined && shape.properties.length > 0) {
          return fwd(this.inlineTypedDict(ctx, node.source.pointer, shape, node.description ?? node.title));
        }
        const only = node.members.length === 1 ? node.members[0] : undefined;
        if (only !== undefined) return this.expr(only, ctx);
        return py`Dict[str, Any]`;
      }
      case 'array':
        return py`List[${this.expr(node.items, { ...guarded, hint: `${ctx.hint} item` })}]`;
      case 'primitive':
        switch (node.type) {
          case 'string':
            return ctx.files && isUploadFile(node) ? py`FileTypes` : py`str`;
          case 'integer':
            return py`int`;
          case 'number':
            return py`float`;
          case 'boolean':
            return py`bool`;
          case 'null':
            return py`None`;
        }
        return py`Any`;
      case 'literal':
        return literalType(node.value);
      case 'unknown':
        return py`Any`;
    }
  }

  /** An inline object's TypedDict: declared once (in the first module that needs it), imported elsewhere. */
  inlineTypedDict(ctx: Ctx, pointer: string, shape: ObjectShape, description: string | undefined): string {
    const name = this.claimInline(`inline:${ctx.hint}:${pointer}`, ctx.hint);
    const home = this.#inlineModule.get(name);
    if (home === undefined) {
      this.#inlineModule.set(name, ctx.module.name);
      this.declareTypedDict(ctx.module, name, shape, description);
    } else ctx.module.use(home, name);
    return name;
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
        this.expr(p.schema, { module, hint: `${name} ${p.name}`, ...(files ? { files } : {}) }),
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

  /** Declares a named schema in the models module. */
  declareNamed(module: TypeModule, schemaId: string): void {
    const named = this.model.schemas[schemaId];
    if (named === undefined) return;
    const name = this.nameOf(schemaId);
    const description = named.schema.description ?? named.schema.title;
    if (this.isTypedDict(schemaId)) {
      this.declareTypedDict(module, name, this.objectShape(named.schema) as ObjectShape, description);
      return;
    }
    const value = this.expr(named.schema, { module, hint: name, owner: schemaId });
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
