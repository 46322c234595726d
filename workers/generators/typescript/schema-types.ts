// Schema nodes of the API model as TypeScript type text (`TypeCode`, see ts-source.ts). Named
// schemas are referenced by their claimed identifiers, so recursion is free; the only cycles
// TypeScript rejects (an alias that is, through refs/unions/intersections alone, itself) are found
// up front and broken with `unknown` at the offending reference.
//
// readOnly / writeOnly: a schema's exported type is its response form (writeOnly properties left
// out, readOnly ones marked `readonly`). A schema that has, itself or through its references,
// readOnly or writeOnly properties also gets a request form `<Name>Input` (readOnly properties
// left out), used by every params type; the others have one type for both directions. Separate
// declarations rather than `Omit<>` so nested and recursive schemas are handled too, hovers stay
// readable, and only schemas that need one get a second type.

import { stronglyConnected } from '../core/graph.ts';
import { isUploadFile, resolveSchema } from '../core/schema.ts';
import type { ApiModel, SchemaNode, UnionSchema } from '../model/types.ts';
import {
  arrayType,
  indexSignature,
  indexedAccess,
  intersection,
  kw,
  literalType,
  propName,
  typeLiteral,
  typeRef,
  union,
  withDoc,
  type TypeCode,
} from '../printers/ts-source.ts';

/** `output`: as the API returns it (no writeOnly properties); `input`: as requests send it (no readOnly properties). */
export type TypeMode = 'output' | 'input';

/** Members TypeScript's `Object` interface gives every object type (`__proto__` and `__defineGetter__` & co. are not declared there). */
const OBJECT_MEMBERS = new Set([
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

/**
 * An optional property named like a member every object inherits (`toString`, `constructor`...)
 * reads as that member when absent, and TypeScript checks an object literal that leaves it out
 * against the inherited member's type; so its type also admits `Object["name"]` (else no literal
 * without it would compile). The SDK sends only own properties, never the inherited member.
 */
export function optionalMemberType(name: string, optional: boolean, type: TypeCode): TypeCode {
  if (!optional || !OBJECT_MEMBERS.has(name)) return type;
  return union([type, indexedAccess(typeRef('Object'), literalType(name))]);
}

/** A doc line for a property whose name needs care in an object literal or when absent. */
export function memberNameNote(name: string, optional: boolean): string | undefined {
  if (name === '__proto__')
    return 'In an object literal, give it with a computed key (`["__proto__"]: value`); a plain `__proto__:` sets the prototype instead.';
  if (optional && OBJECT_MEMBERS.has(name))
    return `When absent, \`${name}\` reads as the member every object inherits (hence \`Object["${name}"]\` in its type); only an own property is sent.`;
  return undefined;
}

export class TypeEmitter {
  readonly #model: ApiModel;
  readonly #names: Map<string, string>;
  readonly #inputNames: Map<string, string>;
  readonly #scc: Map<string, number>;
  readonly #selfLoops: Set<string>;
  /** Model type names referenced since the last `takeUsed()` (for import lists). */
  #used = new Set<string>();

  constructor(model: ApiModel, names: Map<string, string>, inputNames: Map<string, string> = new Map()) {
    this.#model = model;
    this.#names = names;
    this.#inputNames = inputNames;
    const { scc, selfLoops } = aliasCycles(model);
    this.#scc = scc;
    this.#selfLoops = selfLoops;
  }

  typeName(schemaId: string): string | undefined {
    return this.#names.get(schemaId);
  }

  takeUsed(): Set<string> {
    const used = this.#used;
    this.#used = new Set();
    return used;
  }

  /** The type of a schema appearing inside named schema `owner` (undefined outside models). */
  type(node: SchemaNode, owner?: string, eager = true, mode: TypeMode = 'output'): TypeCode {
    const base = this.#bare(node, owner, eager, mode);
    if (!node.nullable || node.kind === 'unknown') return base;
    return union([base, literalType(null)]);
  }

  /** The request form of a schema (what params types use). */
  inputType(node: SchemaNode): TypeCode {
    return this.type(node, undefined, true, 'input');
  }

  #bare(node: SchemaNode, owner: string | undefined, eager: boolean, mode: TypeMode): TypeCode {
    switch (node.kind) {
      case 'ref': {
        const name = (mode === 'input' ? this.#inputNames.get(node.target) : undefined) ?? this.#names.get(node.target);
        if (name === undefined) return kw('unknown');
        if (eager && owner !== undefined && this.#cyclic(owner, node.target)) return kw('unknown');
        this.#used.add(name);
        return typeRef(name);
      }
      case 'primitive':
        switch (node.type) {
          case 'string':
            return isUploadFile(node) ? typeRef('Blob') : kw('string');
          case 'integer':
          case 'number':
            return kw('number');
          case 'boolean':
            return kw('boolean');
          case 'null':
            return literalType(null);
        }
        return kw('unknown');
      case 'literal': {
        const v = node.value;
        return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
          ? literalType(v)
          : kw('unknown');
      }
      case 'enum':
        return union(node.members.map((m) => literalType(m.value)));
      case 'array':
        return arrayType(this.type(node.items, owner, false, mode));
      case 'map':
        return typeLiteral([indexSignature(this.type(node.values, owner, false, mode))]);
      case 'object':
        return this.objectLiteral(node, owner, mode);
      case 'union':
        return this.#union(node, owner, eager, mode);
      case 'intersection': {
        const members = node.members.map((m) => this.type(m, owner, eager, mode));
        if (members.length === 0) return kw('unknown');
        if (members.length === 1) return members[0] as TypeCode;
        return intersection(members);
      }
      case 'unknown':
        return node.reason === 'never' ? kw('never') : kw('unknown');
    }
  }

  #union(node: UnionSchema, owner: string | undefined, eager: boolean, mode: TypeMode): TypeCode {
    const discriminator = node.discriminator;
    const variants = node.variants.map((variant) => {
      const type = this.type(variant, owner, eager, mode);
      if (discriminator === undefined || variant.kind !== 'ref') return type;
      const values = discriminator.mapping.filter((m) => m.target === variant.target).map((m) => m.value);
      if (values.length === 0) return type;
      const tag = typeLiteral([
        `${propName(discriminator.propertyName)}: ${union(values.map((v) => literalType(v))).text};`,
      ]);
      return intersection([type, tag]);
    });
    return union(variants);
  }

  /** Members of an object schema (for an interface body or a type literal). */
  members(
    node: Extract<SchemaNode, { kind: 'object' }>,
    owner: string | undefined,
    mode: TypeMode = 'output',
  ): string[] {
    const members: string[] = [];
    const declared = new Set<string>();
    for (const property of node.properties) {
      if (declared.has(property.name)) continue;
      declared.add(property.name);
      if (mode === 'input' ? property.readOnly : property.writeOnly) continue;
      const type = optionalMemberType(
        property.name,
        !property.required,
        this.type(property.schema, owner, false, mode),
      );
      const signature = `${property.readOnly ? 'readonly ' : ''}${propName(property.name)}${property.required ? '' : '?'}: ${type.text};`;
      const description = property.description ?? property.schema.description;
      members.push(
        withDoc(signature, [
          description,
          memberNameNote(property.name, !property.required),
          property.deprecated || property.schema.deprecated ? '@deprecated' : undefined,
        ]),
      );
    }
    for (const name of node.requiredOnly ?? []) {
      if (declared.has(name)) continue;
      declared.add(name);
      members.push(`${propName(name)}: unknown;`);
    }
    const extra = node.additionalProperties;
    // Decided on the declared properties (not the ones this mode keeps), so both forms agree.
    if (typeof extra === 'object') {
      // Declared properties must fit the index signature, so it is `unknown` beside them.
      members.push(indexSignature(declared.size === 0 ? this.type(extra, owner, false, mode) : kw('unknown')));
    } else if (extra !== false && declared.size === 0) {
      members.push(indexSignature(kw('unknown')));
    }
    return members;
  }

  objectLiteral(
    node: Extract<SchemaNode, { kind: 'object' }>,
    owner: string | undefined,
    mode: TypeMode = 'output',
  ): TypeCode {
    return typeLiteral(this.members(node, owner, mode));
  }

  /** Follows refs to the schema a name stands for (bounded, cycles give undefined). */
  resolve(node: SchemaNode): SchemaNode | undefined {
    return resolveSchema(this.#model, node);
  }

  #cyclic(owner: string, target: string): boolean {
    if (owner === target) return this.#selfLoops.has(owner);
    const a = this.#scc.get(owner);
    return a !== undefined && a === this.#scc.get(target);
  }
}

/**
 * Named schemas whose request and response forms differ: those with a readOnly or writeOnly
 * property, themselves or through any schema they reference.
 */
export function directionalSchemas(model: ApiModel): Set<string> {
  const direct = new Set<string>();
  const referrers = new Map<string, Set<string>>();
  const stack: SchemaNode[] = [];
  const seen = new Set<SchemaNode>();
  for (const id of Object.keys(model.schemas)) {
    stack.push((model.schemas[id] as { schema: SchemaNode }).schema);
    seen.clear();
    // Children are pushed one by one (no per-node arrays): this walks every node of every schema.
    while (stack.length > 0) {
      const node = stack.pop() as SchemaNode;
      if (seen.has(node)) continue;
      seen.add(node);
      switch (node.kind) {
        case 'ref': {
          const set = referrers.get(node.target);
          if (set === undefined) referrers.set(node.target, new Set([id]));
          else set.add(id);
          break;
        }
        case 'object':
          for (const property of node.properties) {
            if (property.readOnly || property.writeOnly) direct.add(id);
            stack.push(property.schema);
          }
          if (typeof node.additionalProperties === 'object') stack.push(node.additionalProperties);
          break;
        case 'map':
          stack.push(node.values);
          break;
        case 'array':
          stack.push(node.items);
          break;
        case 'union':
          for (const variant of node.variants) stack.push(variant);
          break;
        case 'intersection':
          for (const member of node.members) stack.push(member);
          break;
        default:
          break;
      }
    }
  }
  const out = new Set<string>();
  const work = [...direct];
  while (work.length > 0) {
    const id = work.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    for (const referrer of referrers.get(id) ?? []) work.push(referrer);
  }
  return out;
}

/** Named-schema references reachable through refs, unions and intersections only (what an alias expands eagerly). */
function eagerRefs(node: SchemaNode, out: Set<string>): void {
  const stack: SchemaNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as SchemaNode;
    if (current.kind === 'ref') out.add(current.target);
    else if (current.kind === 'union') for (const variant of current.variants) stack.push(variant);
    else if (current.kind === 'intersection') for (const member of current.members) stack.push(member);
  }
}

/** Strongly connected components of the eager-reference graph (iterative Tarjan). Objects become interfaces, which break cycles, so they have no edges. */
function aliasCycles(model: ApiModel): { scc: Map<string, number>; selfLoops: Set<string> } {
  const edges = new Map<string, string[]>();
  const selfLoops = new Set<string>();
  // Only aliases take part: an object schema has no edges and is no edge's target (its own component).
  for (const id of Object.keys(model.schemas).sort()) {
    const schema = (model.schemas[id] as { schema: SchemaNode }).schema;
    if (schema.kind === 'object') continue;
    const out = new Set<string>();
    eagerRefs(schema, out);
    if (out.has(id)) selfLoops.add(id);
    edges.set(
      id,
      [...out].filter((t) => t in model.schemas && model.schemas[t]?.schema.kind !== 'object'),
    );
  }
  const scc = new Map<string, number>();
  stronglyConnected(edges).forEach((members, component) => {
    if (members.length > 1) for (const member of members) scc.set(member, component);
  });
  return { scc, selfLoops };
}
