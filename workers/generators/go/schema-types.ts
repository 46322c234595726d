// Go types for the schemas of the API model. A named schema becomes a declared type once per side
// (`Pet` for responses, `PetParam` for requests); inline objects, enums and unions become types
// named after where they appear (`PetOwner`, `PetNewParamsOwner`). Response structs keep each
// field's raw JSON and unknown fields (`JSON` metadata); request structs tell an omitted field from
// a zero one from null (`param.Opt[T]` for optional scalars and nullable fields, `omitzero` for
// the rest). A struct-valued field that would make a type contain itself is a pointer.

import { objectShape, isUploadFile, resolveSchema } from '../core/schema.ts';
import type { ApiModel, JsonValue, PropertyNode, SchemaNode } from '../model/types.ts';
import { goComment, goIdent, goStr, goTagName } from '../names/go.ts';
import { NameScope } from '../names/scope.ts';
import type { WordCasings } from '../names/word-casings.ts';
import { alignLines, type AlignedLine, type GoFile } from '../printers/go-writer.ts';

export type Side = 'response' | 'param';

export type GoType =
  | { kind: 'string'; format?: string }
  | { kind: 'int' | 'float' | 'bool' | 'any' | 'reader' }
  | { kind: 'named'; name: string }
  | { kind: 'slice' | 'map' | 'pointer' | 'opt'; elem: GoType }
  | { kind: 'literal'; base: GoType; value: JsonValue };

/** What a declared type is, for the values the tests and the README build. */
export type TypeInfo =
  | { kind: 'struct'; fields: FieldInfo[] }
  | {
      kind: 'enum';
      base: GoType;
      first?: string /** Constant names by `JSON.stringify(value)`. */;
      constants?: Map<string, string>;
    }
  | { kind: 'union'; side: Side; variants: { field: string; type: GoType }[] };

export interface FieldInfo {
  name: string;
  type: GoType;
  required: boolean;
  /** Wire name. */
  key: string;
}

export interface TypeContext {
  side: Side;
  /** The name an inline type declared here gets (PascalCase, unclaimed). */
  hint: string;
  /** The file inline declarations go to. */
  file: GoFile;
  /** The named schema being declared (for self-references that need a pointer). */
  owner?: string;
  /** Multipart bodies: upload strings are `io.Reader`. */
  files?: boolean;
}

/** A Go expression of a type; `qual` prefixes declared names (`petstore.`). */
export function typeExpr(t: GoType, qual = ''): string {
  switch (t.kind) {
    case 'string':
      return 'string';
    case 'int':
      return 'int64';
    case 'float':
      return 'float64';
    case 'bool':
      return 'bool';
    case 'any':
      return 'any';
    case 'reader':
      return 'io.Reader';
    case 'named':
      return qual + t.name;
    case 'slice':
      return `[]${typeExpr(t.elem, qual)}`;
    case 'map':
      return `map[string]${typeExpr(t.elem, qual)}`;
    case 'pointer':
      return `*${typeExpr(t.elem, qual)}`;
    case 'opt':
      return `param.Opt[${typeExpr(t.elem, qual)}]`;
    case 'literal':
      return typeExpr(t.base, qual);
  }
}

/** Whether a type is a scalar (what `param.Opt` wraps when a field is optional). */
export function isScalar(t: GoType, infos: ReadonlyMap<string, TypeInfo>): boolean {
  if (t.kind === 'string' || t.kind === 'int' || t.kind === 'float' || t.kind === 'bool') return true;
  if (t.kind === 'literal') return true;
  return t.kind === 'named' && infos.get(t.name)?.kind === 'enum';
}

/** Packages a type expression needs. */
export function typeImports(t: GoType, file: GoFile): void {
  if (t.kind === 'reader') file.use('io');
  else if (t.kind === 'opt') {
    file.useLocal('packages/param');
    typeImports(t.elem, file);
  } else if (t.kind === 'slice' || t.kind === 'map' || t.kind === 'pointer') typeImports(t.elem, file);
  else if (t.kind === 'literal') typeImports(t.base, file);
}

/** Names the types, methods and metadata of a declared struct use; a field never takes them. */
const RESPONSE_MEMBERS = ['JSON', 'RawJSON', 'UnmarshalJSON', 'MarshalJSON', 'ExtraFields'];
const PARAM_MEMBERS = ['MarshalJSON', 'IsZero'];

export class GoTypes {
  readonly infos = new Map<string, TypeInfo>();
  readonly #model: ApiModel;
  readonly #scope: NameScope;
  readonly #casings: WordCasings | undefined;
  readonly #models: GoFile;
  readonly #named = new Map<string, GoType>();
  readonly #resolving = new Set<string>();
  /** Named schemas that reach themselves by value (through fields, not lists or maps), by id -> its component. */
  readonly #component: Map<string, number>;

  constructor(model: ApiModel, scope: NameScope, models: GoFile, casings: WordCasings | undefined) {
    this.#model = model;
    this.#scope = scope;
    this.#models = models;
    this.#casings = casings;
    this.#component = valueComponents(model);
  }

  /** A declared name for a raw name (PascalCase, unique in the package). */
  claim(key: string, raw: string): string {
    return this.#scope.claim(key, goIdent(raw, { casings: this.#casings }));
  }

  /** The Go type of a schema. */
  typeOf(node: SchemaNode, ctx: TypeContext): GoType {
    switch (node.kind) {
      case 'ref':
        return this.#ref(node.target, ctx);
      case 'primitive':
        if (node.type === 'string')
          return ctx.files && isUploadFile(node)
            ? { kind: 'reader' }
            : { kind: 'string', ...(node.format !== undefined ? { format: node.format } : {}) };
        if (node.type === 'integer') return { kind: 'int' };
        if (node.type === 'number') return { kind: 'float' };
        if (node.type === 'boolean') return { kind: 'bool' };
        return { kind: 'any' };
      case 'literal':
        return { kind: 'literal', base: literalBase(node.value), value: node.value };
      case 'array':
        return { kind: 'slice', elem: this.typeOf(node.items, ctx) };
      case 'map':
        return { kind: 'map', elem: this.typeOf(node.values, ctx) };
      case 'enum':
        return this.#enum(node, ctx.hint, ctx.file, ctx.hint);
      case 'union':
        return this.#union(node, ctx);
      case 'object':
      case 'intersection': {
        const shape = objectShape(this.#model, node);
        if (shape === undefined) return { kind: 'any' };
        if (shape.properties.length === 0) {
          if (node.kind === 'object' && typeof node.additionalProperties === 'object')
            return { kind: 'map', elem: this.typeOf(node.additionalProperties, ctx) };
          return { kind: 'map', elem: { kind: 'any' } };
        }
        const name = this.#scope.claim(`inline:${ctx.side}:${node.source.pointer}:${ctx.hint}`, ctx.hint);
        this.#struct(name, shape.properties, shape.required, node.description, ctx);
        return { kind: 'named', name };
      }
      case 'unknown':
        return { kind: 'any' };
    }
  }

  #ref(target: string, ctx: TypeContext): GoType {
    const named = this.#model.schemas[target];
    if (named === undefined) return { kind: 'any' };
    const key = `${ctx.side}:${target}`;
    const existing = this.#named.get(key);
    const direct = existing ?? this.#declareNamed(target, ctx);
    // A struct that contains (by value) a type that contains it again: a pointer breaks the cycle.
    const owner = ctx.owner;
    if (
      direct.kind === 'named' &&
      owner !== undefined &&
      this.#component.has(target) &&
      this.#component.get(target) === this.#component.get(owner) &&
      this.infos.get(direct.name)?.kind === 'struct'
    )
      return { kind: 'pointer', elem: direct };
    return direct;
  }

  #declareNamed(target: string, ctx: TypeContext): GoType {
    const named = this.#model.schemas[target] as NonNullable<ApiModel['schemas'][string]>;
    const key = `${ctx.side}:${target}`;
    if (this.#resolving.has(key)) return { kind: 'any' };
    const schema = named.schema;
    const resolved = resolveSchema(this.#model, schema);
    const declares =
      resolved !== undefined &&
      (resolved.kind === 'enum' ||
        resolved.kind === 'union' ||
        ((resolved.kind === 'object' || resolved.kind === 'intersection') &&
          (objectShape(this.#model, resolved)?.properties.length ?? 0) > 0));
    const base = goIdent(named.name, { casings: this.#casings });
    if (!declares || schema.kind === 'ref') {
      // A named list, map, scalar or alias: its type is the type of what it names.
      this.#resolving.add(key);
      const t = this.typeOf(schema, { ...ctx, hint: base + (ctx.side === 'param' ? 'Param' : ''), owner: target });
      this.#resolving.delete(key);
      this.#named.set(key, t);
      return t;
    }
    const enumOrUnion = resolved.kind === 'enum';
    // Enums are the same type on both sides; structs and unions have a param form.
    const name =
      enumOrUnion || ctx.side === 'response'
        ? this.#scope.claim(`named:${enumOrUnion ? 'enum' : ctx.side}:${target}`, base)
        : this.#scope.claim(`named:param:${target}`, `${base}Param`);
    const t: GoType = { kind: 'named', name };
    this.#named.set(key, t);
    if (enumOrUnion) this.#named.set(`${ctx.side === 'param' ? 'response' : 'param'}:${target}`, t);
    const inner: TypeContext = { side: ctx.side, hint: name, file: this.#models, owner: target };
    if (resolved.kind === 'enum') this.#enum(resolved, name, this.#models, name, true);
    else if (resolved.kind === 'union') this.#union(resolved, inner, name);
    else {
      const shape = objectShape(this.#model, resolved);
      if (shape) this.#struct(name, shape.properties, shape.required, resolved.description, inner);
    }
    return t;
  }

  #enum(
    node: Extract<SchemaNode, { kind: 'enum' }>,
    hint: string,
    file: GoFile,
    wanted: string,
    claimed = false,
  ): GoType {
    if (node.valueType === 'boolean') return { kind: 'bool' };
    if (node.valueType === 'mixed') return { kind: 'any' };
    // An integer enum whose values int64 cannot hold is a float64 enum.
    const integer =
      node.valueType === 'integer' &&
      node.members.every((m) => typeof m.value === 'number' && Number.isSafeInteger(m.value));
    const base: GoType =
      node.valueType === 'string' ? { kind: 'string' } : integer ? { kind: 'int' } : { kind: 'float' };
    const name = claimed ? wanted : this.#scope.claim(`enum:${node.source.pointer}:${hint}`, hint);
    if (this.infos.has(name)) return { kind: 'named', name };
    const lines: AlignedLine[] = [];
    let first: string | undefined;
    const constants = new Map<string, string>();
    // A value listed twice (`enum: ['', '', available, available]`) is one constant.
    const seen = new Set<string>();
    for (const member of node.members) {
      if (seen.has(JSON.stringify(member.value))) continue;
      seen.add(JSON.stringify(member.value));
      // A value of another type than the enum's (`type: string` with `enum: [3]`) is written as the
      // enum type's literal, or left out when it has none.
      const literal =
        base.kind === 'string'
          ? goStr(String(member.value))
          : typeof member.value === 'number'
            ? numberLiteral(member.value, base)
            : undefined;
      if (literal === undefined) continue;
      const raw = member.name ?? String(member.value);
      let suffix = goIdent(raw === '' ? 'empty' : raw, { casings: this.#casings });
      if (/^N[0-9]/.test(suffix) && member.name === undefined) suffix = suffix.slice(1);
      if (/^[-.]/.test(String(member.value)) && member.name === undefined) suffix = `Minus${suffix}`;
      const constName = this.#scope.claim(`enum value:${name}:${JSON.stringify(member.value)}`, name + suffix);
      first ??= constName;
      constants.set(JSON.stringify(member.value), constName);
      if (member.description !== undefined) lines.push({ comment: member.description });
      lines.push({ cells: [constName, name, `= ${literal}`] });
    }
    this.infos.set(name, { kind: 'enum', base, constants, ...(first !== undefined ? { first } : {}) });
    const doc = node.description ?? node.title;
    const decl = `${doc !== undefined ? docComment(doc, name) : ''}type ${name} ${typeExpr(base)}`;
    file.add(lines.length > 0 ? `${decl}\n\nconst (\n${alignLines(lines, '\t').join('\n')}\n)` : decl);
    return { kind: 'named', name };
  }

  #union(node: Extract<SchemaNode, { kind: 'union' }>, ctx: TypeContext, claimedName?: string): GoType {
    const name = claimedName ?? this.#scope.claim(`union:${ctx.side}:${node.source.pointer}:${ctx.hint}`, ctx.hint);
    if (this.infos.has(name)) return { kind: 'named', name };
    this.infos.set(name, { kind: 'union', side: ctx.side, variants: [] });
    const labels = new NameScope(['JSON', 'RawJSON', 'UnmarshalJSON', 'MarshalJSON', 'IsZero']);
    const variants: { field: string; type: GoType; label: string }[] = [];
    node.variants.forEach((variant, i) => {
      const label = this.#variantLabel(variant);
      const t = this.typeOf(variant, { ...ctx, hint: `${name}${label}` });
      const field = labels.claim(String(i), `${ctx.side === 'param' ? 'Of' : 'As'}${label}`);
      variants.push({ field, type: t, label });
    });
    const doc = node.description ?? node.title;
    const file = ctx.file;
    if (ctx.side === 'response') {
      file.useLocal('internal/apijson');
      const methods = variants.map((v) => {
        typeImports(v.type, file);
        return `// ${v.field} reads the union as its ${v.label} variant (the zero value when it is not one).\nfunc (u ${name}) ${v.field}() (v ${typeExpr(v.type)}) {\n\t_ = apijson.UnmarshalVariant(u.JSON.raw, &v)\n\treturn\n}`;
      });
      file.add(
        [
          `${doc !== undefined ? docComment(doc, name) + '//\n' : ''}// ${name} is a union: read it with its As methods; RawJSON returns it as received.\ntype ${name} struct {\n\t// JSON holds the union as received.\n\tJSON struct {\n\t\traw string\n\t} \`json:"-"\`\n}`,
          `// RawJSON returns the unmodified JSON received from the API.\nfunc (u ${name}) RawJSON() string {\n\treturn u.JSON.raw\n}`,
          `// UnmarshalJSON keeps the union's JSON for its As methods.\nfunc (u *${name}) UnmarshalJSON(data []byte) error {\n\tu.JSON.raw = string(data)\n\treturn nil\n}`,
          ...methods,
        ].join('\n\n'),
      );
    } else {
      file.useLocal('internal/apijson');
      const fields = variants.map((v) => {
        // Struct variants are pointers (nil = not this one); scalars are Opts.
        const t: GoType =
          v.type.kind === 'named' && this.infos.get(v.type.name)?.kind !== 'enum'
            ? { kind: 'pointer', elem: v.type }
            : isScalar(v.type, this.infos)
              ? { kind: 'opt', elem: v.type }
              : v.type;
        typeImports(t, file);
        v.type = t;
        return { cells: [v.field, typeExpr(t)] } as AlignedLine;
      });
      const args = variants.map((v) => `u.${v.field}`).join(', ');
      file.add(
        [
          `${doc !== undefined ? docComment(doc, name) + '//\n' : ''}// ${name} is a union: set exactly one of its fields.\ntype ${name} struct ${structBody(fields)}`,
          `// MarshalJSON encodes the variant that is set.\nfunc (u ${name}) MarshalJSON() ([]byte, error) {\n\treturn apijson.MarshalUnion(${args})\n}`,
          `// IsZero reports whether no variant is set (the field is then omitted).\nfunc (u ${name}) IsZero() bool {\n\treturn apijson.UnionIsZero(${args})\n}`,
        ].join('\n\n'),
      );
    }
    this.infos.set(name, {
      kind: 'union',
      side: ctx.side,
      variants: variants.map((v) => ({ field: v.field, type: v.type })),
    });
    return { kind: 'named', name };
  }

  #variantLabel(variant: SchemaNode): string {
    if (variant.kind === 'ref') {
      const named = this.#model.schemas[variant.target];
      return named ? goIdent(named.name, { casings: this.#casings }) : 'Variant';
    }
    if (variant.kind === 'primitive')
      return { string: 'String', integer: 'Int', number: 'Float', boolean: 'Bool', null: 'Null' }[variant.type];
    if (variant.kind === 'array') return `${this.#variantLabel(variant.items)}Array`;
    if (variant.kind === 'map') return 'Map';
    if (variant.kind === 'enum') return 'Enum';
    if (variant.kind === 'literal') return goIdent(String(variant.value));
    if (variant.title !== undefined) return goIdent(variant.title, { casings: this.#casings });
    return 'Object';
  }

  #struct(
    name: string,
    properties: readonly PropertyNode[],
    required: ReadonlySet<string>,
    description: string | undefined,
    ctx: TypeContext,
  ): void {
    if (this.infos.has(name)) return;
    const file = ctx.file;
    const response = ctx.side === 'response';
    const members = new NameScope(response ? RESPONSE_MEMBERS : PARAM_MEMBERS);
    const info: FieldInfo[] = [];
    this.infos.set(name, { kind: 'struct', fields: info });
    const lines: AlignedLine[] = [];
    const metaLines: AlignedLine[] = [];
    for (const property of properties) {
      if (response ? property.writeOnly || property.schema.writeOnly : property.readOnly || property.schema.readOnly)
        continue;
      const field = members.claim(property.name, goIdent(property.name, { casings: this.#casings }));
      const isRequired = required.has(property.name);
      const hint = `${name}${goIdent(property.name, { casings: this.#casings })}`;
      let t = this.typeOf(property.schema, { ...ctx, hint });
      const nullable = property.schema.nullable || (resolveSchema(this.#model, property.schema)?.nullable ?? false);
      let tag: string;
      if (response) tag = `json:"${goTagName(property.name)}"`;
      else {
        if (nullable || (!isRequired && isScalar(t, this.infos))) t = { kind: 'opt', elem: t };
        tag = `json:"${goTagName(property.name)}${isRequired ? '' : ',omitzero'}"`;
      }
      typeImports(t, file);
      info.push({ name: field, type: t, required: isRequired, key: property.name });
      const doc = property.description ?? property.schema.description;
      if (doc !== undefined) lines.push({ comment: doc });
      lines.push({ cells: [field, typeExpr(t), `\`${tag}\``] });
      metaLines.push({ cells: [field, 'respjson.Field'] });
    }
    const docText = description !== undefined ? docComment(description, name) : '';
    if (response) {
      file.useLocal('packages/respjson');
      file.useLocal('internal/apijson');
      metaLines.push({ cells: ['ExtraFields', 'map[string]respjson.Field'] }, { cells: ['raw', 'string'] });
      lines.push({ comment: 'JSON holds each field as received; check presence with respjson.Field.Valid.' });
      lines.push({ raw: `\tJSON struct {\n${alignLines(metaLines, '\t\t').join('\n')}\n\t} \`json:"-"\`` });
      file.add(
        [
          `${docText}type ${name} struct ${structBody(lines)}`,
          `// RawJSON returns the unmodified JSON received from the API.\nfunc (r ${name}) RawJSON() string {\n\treturn r.JSON.raw\n}`,
          `// UnmarshalJSON reads r from data, keeping each field's raw JSON in r.JSON.\nfunc (r *${name}) UnmarshalJSON(data []byte) error {\n\tif err := apijson.UnmarshalRoot(data, r); err != nil {\n\t\treturn err\n\t}\n\tr.JSON.raw = string(data)\n\treturn nil\n}`,
        ].join('\n\n'),
      );
    } else {
      file.useLocal('internal/apijson');
      const requiredNames = info.filter((f) => f.required).map((f) => f.name);
      const requiredDoc =
        requiredNames.length > 0
          ? `${docText === '' ? '' : `${docText}//\n`}// The ${requiredNames.length === 1 ? 'field' : 'fields'} ${requiredNames.join(', ')} ${requiredNames.length === 1 ? 'is' : 'are'} required.\n`
          : docText;
      file.add(
        [
          `${requiredDoc}type ${name} struct ${structBody(lines)}`,
          `// MarshalJSON encodes r by its json tags, leaving out omitted fields.\nfunc (r ${name}) MarshalJSON() ([]byte, error) {\n\treturn apijson.MarshalRoot(r)\n}`,
        ].join('\n\n'),
      );
    }
  }
}

/** `{ fields }` of a struct type as gofmt writes it (`{\n}` when it has none). */
export function structBody(lines: readonly AlignedLine[]): string {
  const body = alignLines(lines, '\t');
  return body.length === 0 ? '{\n}' : `{\n${body.join('\n')}\n}`;
}

function literalBase(value: JsonValue): GoType {
  if (typeof value === 'string') return { kind: 'string' };
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: 'int' } : { kind: 'float' };
  if (typeof value === 'boolean') return { kind: 'bool' };
  return { kind: 'any' };
}

/** A Go numeric literal for an enum value (a float type gets a float literal). */
export function numberLiteral(value: number, base: GoType): string {
  if (!Number.isFinite(value)) return '0';
  const text = String(value);
  if (base.kind === 'float' && !/[.e]/.test(text)) return `${text}.0`;
  if (base.kind === 'int' && !Number.isInteger(value)) return String(Math.trunc(value));
  return text;
}

/** A doc comment (the description as written), ending in a newline; '' when there is no text. */
export function docComment(text: string, _name: string): string {
  const comment = goComment(text);
  return comment === '' ? '' : `${comment}\n`;
}

/**
 * Components of the "contains by value" graph over named schemas: an edge from a schema to every
 * named schema reachable through its properties (inline objects and allOf members included; lists,
 * maps and unions hold no struct by value). Schemas on a cycle share a component number.
 */
function valueComponents(model: ApiModel): Map<string, number> {
  const edges = new Map<string, Set<string>>();
  const walk = (node: SchemaNode, out: Set<string>, depth: number): void => {
    if (depth > 64) return;
    if (node.kind === 'ref') out.add(node.target);
    else if (node.kind === 'object') for (const p of node.properties) walk(p.schema, out, depth + 1);
    else if (node.kind === 'intersection') for (const m of node.members) walkMember(m, out, depth + 1);
  };
  // An allOf member's properties are the struct's own.
  const walkMember = (node: SchemaNode, out: Set<string>, depth: number): void => {
    if (node.kind === 'ref') {
      const target = model.schemas[node.target];
      if (target !== undefined && depth < 64) walk(target.schema, out, depth + 1);
      out.add(node.target);
    } else walk(node, out, depth);
  };
  for (const id of Object.keys(model.schemas).sort()) {
    const out = new Set<string>();
    walk((model.schemas[id] as NonNullable<ApiModel['schemas'][string]>).schema, out, 0);
    edges.set(id, out);
  }
  // Tarjan's strongly connected components (iterative).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let counter = 0;
  let components = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: [string, string[]][] = [[root, [...(edges.get(root) ?? [])]]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, string[]];
      const [node, pending] = frame;
      const next = pending.shift();
      if (next !== undefined) {
        if (!edges.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...(edges.get(next) ?? [])]]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(node) as number));
      if (low.get(node) === index.get(node)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          members.push(member);
        } while (member !== node);
        const selfLoop = members.length === 1 && (edges.get(node)?.has(node) ?? false);
        if (members.length > 1 || selfLoop) {
          for (const m of members) component.set(m, components);
          components++;
        }
      }
    }
  }
  return component;
}
