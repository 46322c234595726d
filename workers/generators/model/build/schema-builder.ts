// Turns Schema Objects into the model's schema graph. Named schemas (components and any other
// $ref target) are built once, from a work queue, so recursive and mutually recursive schemas
// and long $ref chains cost no stack depth: a ref is always a `RefSchema` pointing at an id.

import type {
  Discriminator,
  EnumSchema,
  JsonValue,
  NamedSchema,
  PrimitiveConstraints,
  PrimitiveSchema,
  PrimitiveType,
  PropertyNode,
  SchemaBase,
  SchemaNode,
  SourceLocation,
} from '../types.ts';
import {
  asArray,
  asBoolean,
  asNumber,
  asRecord,
  asString,
  entries,
  hasOwn,
  isRecord,
  type JsonRecord,
} from '../json-guards.ts';
import { getAtPointerThroughRefs as getAtPointer, joinPointer, refToPointer, splitPointer } from '../parse/pointer.ts';
import { pascalCase } from '../../names/case.ts';
import type { ModelLimits } from '../parse/limits.ts';

/**
 * Thrown when a description names more schemas than `maxSchemas`, or has more Schema Objects in all
 * (inline ones included) than `maxSchemaNodes`: it gets no model at all.
 */
export class SchemaCountLimitError extends Error {
  readonly ruleId: 'limits/schemas' | 'limits/schema-nodes';
  readonly pointer: string;
  constructor(limit: number, pointer: string, kind: 'named' | 'nodes' = 'named') {
    super(
      kind === 'named'
        ? `The description has more than ${limit} schemas, the most the generators are given (MODEL_MAX_SCHEMAS); no SDK, CLI or docs are generated from it.`
        : `The description has more than ${limit} Schema Objects in all, inline ones included, the most the generators are given (MODEL_MAX_SCHEMA_NODES); no SDK, CLI or docs are generated from it.`,
    );
    this.ruleId = kind === 'named' ? 'limits/schemas' : 'limits/schema-nodes';
    this.pointer = pointer;
  }
}

/** Where the builder reports a limit it applied (a `limits/...` warning at `pointer`). */
export type LimitReporter = (ruleId: string, pointer: string, message: string) => void;

const PRIMITIVES = new Set<string>(['string', 'number', 'integer', 'boolean', 'null']);

export class SchemaBuilder {
  readonly schemas: Record<string, NamedSchema> = {};
  readonly #idByPointer = new Map<string, string>();
  readonly #queue: string[] = [];
  #queueHead = 0;
  #schemaCount = 0;
  /** Schema Objects built so far, named and inline (every call of `build`). */
  #nodeCount = 0;
  /** The next numeric suffix to try per derived id (`Foo2`, `Foo3`, …), so n clashes cost O(n), not O(n²). */
  readonly #nextSuffix = new Map<string, number>();
  readonly #doc: JsonRecord;
  readonly #version: '3.0' | '3.1';
  readonly #locate: (pointer: string) => SourceLocation;
  readonly #limits: ModelLimits;
  readonly #reportLimit: LimitReporter;

  constructor(
    doc: JsonRecord,
    version: '3.0' | '3.1',
    locate: (pointer: string) => SourceLocation,
    limits: ModelLimits,
    reportLimit: LimitReporter,
  ) {
    this.#doc = doc;
    this.#version = version;
    this.#locate = locate;
    this.#limits = limits;
    this.#reportLimit = reportLimit;
  }

  /** Registers every component schema (so unused ones are in the model too), then builds all. */
  buildComponents(): void {
    const components = entries(asRecord(this.#doc.components)?.schemas);
    if (components.length > this.#limits.maxSchemas)
      throw new SchemaCountLimitError(this.#limits.maxSchemas, '/components/schemas');
    for (const [name] of components) this.#idFor(joinPointer('/components/schemas', name));
    this.drain();
  }

  /** Builds queued named schemas until none are left. */
  drain(): void {
    while (this.#queueHead < this.#queue.length) {
      const pointer = this.#queue[this.#queueHead++] as string;
      const id = this.#idByPointer.get(pointer) as string;
      const named = this.schemas[id] as NamedSchema;
      named.schema = this.build(getAtPointer(this.#doc, pointer), pointer, 0);
    }
  }

  /**
   * A named schema that is only a `$ref` to another one that is itself only a `$ref` (S0 → S1 → …
   * → S999 → string) points straight at the end of the chain: generated code then has one alias
   * per name (`S0 = S999`), not a chain a thousand aliases deep, which compilers resolve
   * recursively (TypeScript 5.9 runs out of stack on such chains). A link that adds nullability
   * is collapsed too, and the nullability carried to every link before it (`S0 = S999 | null` when
   * any link on the way is nullable: `(T | null) | null` is `T | null`), since a chain of
   * thousand nullable aliases crashes 5.9 the same way. A cycle of refs is left as it is (the
   * ref-cycle rule reports it).
   */
  collapseAliasChains(): void {
    // The end of each chain is found once and remembered for every link on the way (linear overall),
    // with whether a link from there to the end (the end excluded) is nullable.
    const endOf = new Map<string, { target: string; nullable: boolean }>();
    const end = (id: string): { target: string; nullable: boolean } => {
      const path: string[] = [];
      const onPath = new Set<string>();
      let at = id;
      let found: { target: string; nullable: boolean };
      for (;;) {
        const known = endOf.get(at);
        if (known !== undefined) {
          found = known;
          break;
        }
        const node = this.schemas[at]?.schema;
        // `at` ends the chain unless it is a ref; a cycle ends where it closes.
        if (node?.kind !== 'ref' || onPath.has(at)) {
          found = { target: at, nullable: false };
          break;
        }
        path.push(at);
        onPath.add(at);
        at = node.target;
      }
      let nullable = found.nullable;
      for (let i = path.length - 1; i >= 0; i--) {
        const link = path[i] as string;
        nullable ||= this.schemas[link]?.schema.nullable === true;
        endOf.set(link, { target: found.target, nullable });
      }
      return endOf.get(id) ?? found;
    };
    for (const named of Object.values(this.schemas)) {
      const node = named.schema;
      if (node.kind !== 'ref') continue;
      const { target, nullable } = end(node.target);
      if (target === node.target || target === named.id) continue;
      named.schema = { ...node, target, nullable: node.nullable || nullable };
    }
  }

  /** The model node for a Schema Object at `pointer`. */
  build(raw: unknown, pointer: string, depth: number): SchemaNode {
    if (++this.#nodeCount > this.#limits.maxSchemaNodes)
      throw new SchemaCountLimitError(this.#limits.maxSchemaNodes, pointer, 'nodes');
    const source = this.#locate(pointer);
    if (
      raw === true ||
      (isRecord(raw) && Object.keys(raw).every((k) => k.startsWith('x-') || k === 'description' || k === 'title'))
    ) {
      return { kind: 'unknown', reason: 'any', nullable: false, source, ...this.#base(asRecord(raw) ?? {}) };
    }
    if (raw === false) return { kind: 'unknown', reason: 'never', nullable: false, source };
    const schema = asRecord(raw);
    if (schema === undefined) return { kind: 'unknown', reason: 'unsupported', nullable: false, source };
    if (depth > 256) return { kind: 'unknown', reason: 'unsupported', nullable: false, source };

    const base = this.#base(schema);
    const types = this.#types(schema);
    const nullable =
      schema.nullable === true || types.includes('null') || (Array.isArray(schema.enum) && schema.enum.includes(null));
    const common: SchemaBase = { source, nullable, ...base };

    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      const target = refToPointer(ref);
      if (target === undefined) return { kind: 'unknown', reason: 'external', ...common };
      if (getAtPointer(this.#doc, target) === undefined) return { kind: 'unknown', reason: 'unresolved', ...common };
      const refNode: SchemaNode = { kind: 'ref', target: this.#idFor(target), ref, ...common };
      // In 3.1, keywords beside $ref apply too; structural ones make an intersection.
      if (this.#version === '3.1' && hasStructure(schema)) {
        const { $ref: _ref, ...rest } = schema;
        return { kind: 'intersection', members: [refNode, this.build(rest, pointer, depth + 1)], ...common };
      }
      return refNode;
    }

    if ('const' in schema) return { kind: 'literal', value: toJson(schema.const), ...common };

    if (Array.isArray(schema.enum) && schema.enum.length > this.#limits.maxEnumMembers) {
      const valueType = enumValueType(declaredPrimitive(types), schema.enum);
      this.#reportLimit(
        'limits/enum-members',
        joinPointer(pointer, 'enum'),
        `This enum lists ${schema.enum.length} values, more than the ${this.#limits.maxEnumMembers} the generators are given (MODEL_MAX_ENUM_MEMBERS): the SDKs type it as ${valueType === 'mixed' ? 'any value' : `a plain ${valueType}`} instead of a union of its values.`,
      );
      return valueType === 'mixed'
        ? { kind: 'unknown', reason: 'any', ...common }
        : this.#primitive(schema, valueType, common);
    }
    if (Array.isArray(schema.enum)) {
      const members = schema.enum.filter(
        (v): v is string | number | boolean =>
          v !== null && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
      );
      if (members.length > 0 || schema.enum.length === 0) return this.#enum(schema, members, common);
    }

    const composite = this.#composite(schema, pointer, depth, common, types);
    if (composite !== undefined) return composite;

    const nonNull = types.filter((t) => t !== 'null');
    if (nonNull.length > 1) {
      return {
        kind: 'union',
        combinator: 'typeArray',
        variants: nonNull.map((t) => this.build({ ...schema, type: t, nullable: false }, pointer, depth + 1)),
        ...common,
      };
    }
    const type = nonNull[0] ?? inferType(schema);
    if (type === 'object') return this.#object(schema, pointer, depth, common);
    if (type === 'array') {
      const itemsPointer = joinPointer(pointer, 'items');
      return {
        kind: 'array',
        items:
          schema.items === undefined
            ? { kind: 'unknown', reason: 'any', nullable: false, source }
            : this.build(schema.items, itemsPointer, depth + 1),
        ...optionalNumber('minItems', schema.minItems),
        ...optionalNumber('maxItems', schema.maxItems),
        ...(asBoolean(schema.uniqueItems) !== undefined ? { uniqueItems: schema.uniqueItems as boolean } : {}),
        ...common,
      };
    }
    if (type !== undefined && PRIMITIVES.has(type)) return this.#primitive(schema, type as PrimitiveType, common);
    if (types.length === 1 && types[0] === 'null')
      return this.#primitive(schema, 'null', { ...common, nullable: true });
    const requires = asArray(schema.required).filter((r): r is string => typeof r === 'string');
    return { kind: 'unknown', reason: 'any', ...common, ...(requires.length > 0 ? { requires } : {}) };
  }

  #composite(
    schema: JsonRecord,
    pointer: string,
    depth: number,
    common: SchemaBase,
    types: string[],
  ): SchemaNode | undefined {
    const unionKey = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
    const hasAllOf = Array.isArray(schema.allOf) && schema.allOf.length > 0;
    if (unionKey === undefined && !hasAllOf) return undefined;
    const allOfArms = hasAllOf ? asArray(schema.allOf).length : 0;
    if (allOfArms > this.#limits.maxAllOfArms) {
      // Nothing of it is built (nor its siblings): the whole schema accepts any value.
      this.#reportLimit(
        'limits/allof-arms',
        joinPointer(pointer, 'allOf'),
        `This allOf combines ${allOfArms} schemas, more than the ${this.#limits.maxAllOfArms} the generators are given (MODEL_MAX_ALLOF_ARMS): the SDKs accept any value here.`,
      );
      return { kind: 'unknown', reason: 'any', ...common };
    }
    let nullable = common.nullable;
    const discriminator = this.#discriminator(schema, pointer);

    let union: SchemaNode | undefined;
    const arms = unionKey === undefined ? 0 : asArray(schema[unionKey]).length;
    if (unionKey !== undefined && arms > this.#limits.maxUnionArms) {
      this.#reportLimit(
        'limits/union-arms',
        joinPointer(pointer, unionKey),
        `This ${unionKey} has ${arms} alternatives, more than the ${this.#limits.maxUnionArms} the generators are given (MODEL_MAX_UNION_ARMS): the SDKs accept any value here.`,
      );
      union = { kind: 'unknown', reason: 'any', ...common, nullable };
    } else if (unionKey !== undefined) {
      const variants: SchemaNode[] = [];
      asArray(schema[unionKey]).forEach((v, i) => {
        const variant = asRecord(v);
        if (
          variant &&
          (variant.type === 'null' ||
            (Array.isArray(variant.enum) && variant.enum.length === 1 && variant.enum[0] === null)) &&
          Object.keys(variant).length <= 2
        ) {
          nullable = true;
          return;
        }
        variants.push(this.build(v, joinPointer(pointer, unionKey, i), depth + 1));
      });
      union = {
        kind: 'union',
        combinator: unionKey,
        variants,
        ...(discriminator ? { discriminator } : {}),
        ...common,
        nullable,
      };
    }
    // Sibling properties (base fields shared by all variants / the allOf extension).
    const ownKeys = Object.keys(schema).filter((k) => ['properties', 'required', 'additionalProperties'].includes(k));
    const own =
      ownKeys.length > 0 || (types.includes('object') && !hasAllOf && unionKey === undefined)
        ? this.#object(schema, pointer, depth, { source: common.source, nullable: false })
        : undefined;

    if (!hasAllOf) {
      if (own === undefined) return union;
      return { kind: 'intersection', members: [own, union as SchemaNode], ...common, nullable };
    }
    const members = asArray(schema.allOf).map((m, i) => this.build(m, joinPointer(pointer, 'allOf', i), depth + 1));
    if (own !== undefined) members.push(own);
    if (union !== undefined) members.push({ ...union, nullable: false, description: undefined });
    if (members.length === 1 && discriminator === undefined) {
      const only = members[0] as SchemaNode;
      return { ...only, ...definedOnly(common), nullable: nullable || only.nullable, source: common.source };
    }
    return {
      kind: 'intersection',
      members,
      ...(discriminator && unionKey === undefined ? { discriminator } : {}),
      ...common,
      nullable,
    };
  }

  #object(schema: JsonRecord, pointer: string, depth: number, common: SchemaBase): SchemaNode {
    const declaredProperties = asRecord(schema.properties);
    const declaredCount = entries(declaredProperties).length;
    const required = new Set(asArray(schema.required).filter((r): r is string => typeof r === 'string'));
    // A name listed in `required` but not under `properties` still becomes a member of the generated type.
    let undeclaredCount = 0;
    if (declaredCount + required.size > this.#limits.maxObjectProperties) {
      for (const name of required)
        if (declaredProperties === undefined || !hasOwn(declaredProperties, name)) undeclaredCount++;
    }
    if (declaredCount + undeclaredCount > this.#limits.maxObjectProperties) {
      const onlyRequired = declaredCount <= this.#limits.maxObjectProperties;
      this.#reportLimit(
        'limits/object-properties',
        joinPointer(pointer, onlyRequired ? 'required' : 'properties'),
        undeclaredCount === 0
          ? `This object declares ${declaredCount} properties, more than the ${this.#limits.maxObjectProperties} the generators are given (MODEL_MAX_OBJECT_PROPERTIES): the SDKs type it as a map of any values.`
          : `This object has ${declaredCount + undeclaredCount} properties (${undeclaredCount} of them only listed in required), more than the ${this.#limits.maxObjectProperties} the generators are given (MODEL_MAX_OBJECT_PROPERTIES): the SDKs type it as a map of any values.`,
      );
      return {
        kind: 'map',
        values: { kind: 'unknown', reason: 'any', nullable: false, source: common.source },
        ...common,
      };
    }
    const properties: PropertyNode[] = [];
    for (const [name, raw] of entries(schema.properties)) {
      const propPointer = joinPointer(pointer, 'properties', name);
      const node = this.build(raw, propPointer, depth + 1);
      const resolved = this.#resolve(raw);
      properties.push({
        name,
        schema: node,
        required: required.has(name),
        readOnly: resolved?.readOnly === true || asRecord(raw)?.readOnly === true,
        writeOnly: resolved?.writeOnly === true || asRecord(raw)?.writeOnly === true,
        deprecated: asRecord(raw)?.deprecated === true || resolved?.deprecated === true,
        ...((asString(asRecord(raw)?.description) ?? asString(resolved?.description))
          ? { description: (asString(asRecord(raw)?.description) ?? asString(resolved?.description)) as string }
          : {}),
        source: this.#locate(propPointer),
      });
    }
    const declared = new Set(properties.map((p) => p.name));
    const requiredOnly = [...required].filter((r) => !declared.has(r));
    const extraRaw =
      schema.additionalProperties ?? (this.#version === '3.1' ? schema.unevaluatedProperties : undefined);
    let additional: boolean | SchemaNode | undefined;
    if (extraRaw === true || extraRaw === false) additional = extraRaw;
    else if (isRecord(extraRaw))
      additional = this.build(extraRaw, joinPointer(pointer, 'additionalProperties'), depth + 1);
    const patternValues = entries(schema.patternProperties);

    if (
      properties.length === 0 &&
      requiredOnly.length === 0 &&
      (typeof additional === 'object' || additional === true || patternValues.length > 0)
    ) {
      const values: SchemaNode =
        typeof additional === 'object'
          ? additional
          : patternValues.length === 1
            ? this.build(
                patternValues[0]?.[1],
                joinPointer(pointer, 'patternProperties', patternValues[0]?.[0] ?? ''),
                depth + 1,
              )
            : { kind: 'unknown', reason: 'any', nullable: false, source: common.source };
      const keys = isRecord(schema.propertyNames)
        ? this.build(schema.propertyNames, joinPointer(pointer, 'propertyNames'), depth + 1)
        : undefined;
      return { kind: 'map', values, ...(keys ? { keys } : {}), ...common };
    }
    return {
      kind: 'object',
      properties,
      ...(requiredOnly.length > 0 ? { requiredOnly } : {}),
      ...(additional !== undefined ? { additionalProperties: additional } : {}),
      ...common,
    };
  }

  #enum(schema: JsonRecord, values: (string | number | boolean)[], common: SchemaBase): EnumSchema {
    const names = asArray(schema['x-enum-varnames'] ?? schema['x-enumNames']);
    const descriptions = asArray(schema['x-enum-descriptions'] ?? schema['x-enumDescriptions']);
    const valueType = enumValueType(declaredPrimitive(this.#types(schema)), values);
    // The first place of each value in `enum`, where its x-enum name and description are (one pass, not a search per member).
    const firstIndex = new Map<unknown, number>();
    asArray(schema.enum).forEach((v, i) => {
      if (!firstIndex.has(v)) firstIndex.set(v, i);
    });
    const indexOf = (v: unknown): number => firstIndex.get(v) ?? -1;
    return {
      kind: 'enum',
      valueType,
      members: values.map((value) => {
        const i = indexOf(value);
        const name = asString(names[i]);
        const description = asString(descriptions[i]);
        return {
          value,
          ...(name !== undefined ? { name } : {}),
          ...(description !== undefined ? { description } : {}),
        };
      }),
      ...common,
    };
  }

  #primitive(schema: JsonRecord, type: PrimitiveType, common: SchemaBase): PrimitiveSchema {
    const constraints: PrimitiveConstraints = {};
    for (const key of ['minLength', 'maxLength', 'minimum', 'maximum', 'multipleOf'] as const) {
      const n = asNumber(schema[key]);
      if (n !== undefined) constraints[key] = n;
    }
    if (typeof schema.pattern === 'string') constraints.pattern = schema.pattern;
    // 3.0 boolean exclusives become 3.1-style numeric bounds.
    if (schema.exclusiveMinimum === true && constraints.minimum !== undefined) {
      constraints.exclusiveMinimum = constraints.minimum;
      delete constraints.minimum;
    } else if (asNumber(schema.exclusiveMinimum) !== undefined)
      constraints.exclusiveMinimum = schema.exclusiveMinimum as number;
    if (schema.exclusiveMaximum === true && constraints.maximum !== undefined) {
      constraints.exclusiveMaximum = constraints.maximum;
      delete constraints.maximum;
    } else if (asNumber(schema.exclusiveMaximum) !== undefined)
      constraints.exclusiveMaximum = schema.exclusiveMaximum as number;
    const format = asString(schema.format);
    const contentMediaType = asString(schema.contentMediaType);
    const contentEncoding = asString(schema.contentEncoding);
    return {
      kind: 'primitive',
      type,
      ...(format !== undefined ? { format } : {}),
      ...(contentMediaType !== undefined ? { contentMediaType } : {}),
      ...(contentEncoding !== undefined ? { contentEncoding } : {}),
      constraints,
      ...common,
    };
  }

  #discriminator(schema: JsonRecord, pointer: string): Discriminator | undefined {
    const raw = asRecord(schema.discriminator);
    const propertyName = asString(raw?.propertyName);
    if (raw === undefined || propertyName === undefined) return undefined;
    const mapping: Discriminator['mapping'] = [];
    const explicitTargets = new Set<string>();
    for (const [value, target] of entries(raw.mapping)) {
      if (typeof target !== 'string') continue;
      const targetPointer =
        refToPointer(target) ?? (target.includes('/') ? undefined : joinPointer('/components/schemas', target));
      if (targetPointer === undefined || getAtPointer(this.#doc, targetPointer) === undefined) continue;
      const id = this.#idFor(targetPointer);
      explicitTargets.add(id);
      mapping.push({ value, target: id, explicit: true });
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      for (const v of asArray(schema[key])) {
        const ref = asString(asRecord(v)?.$ref);
        const targetPointer = ref === undefined ? undefined : refToPointer(ref);
        if (targetPointer === undefined || getAtPointer(this.#doc, targetPointer) === undefined) continue;
        const id = this.#idFor(targetPointer);
        if (explicitTargets.has(id)) continue;
        const segments = splitPointer(targetPointer) ?? [];
        mapping.push({ value: segments[segments.length - 1] ?? id, target: id, explicit: false });
      }
    }
    return { propertyName, mapping, source: this.#locate(joinPointer(pointer, 'discriminator')) };
  }

  /** The id of the named schema living at `pointer`, registering (and queueing) it on first sight. */
  #idFor(pointer: string): string {
    const existing = this.#idByPointer.get(pointer);
    if (existing !== undefined) return existing;
    const segments = splitPointer(pointer) ?? [];
    const component = segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas';
    if (++this.#schemaCount > this.#limits.maxSchemas)
      throw new SchemaCountLimitError(this.#limits.maxSchemas, pointer);
    let id = component ? (segments[2] as string) : derivedName(segments);
    if (this.schemas[id] !== undefined) {
      const baseId = id;
      let n = this.#nextSuffix.get(baseId) ?? 2;
      while (this.schemas[(id = `${baseId}${n}`)] !== undefined) n++;
      this.#nextSuffix.set(baseId, n + 1);
    }
    this.#idByPointer.set(pointer, id);
    const rawName = asString(asRecord(getAtPointer(this.#doc, pointer))?.['x-stainless-model']);
    this.schemas[id] = {
      id,
      name: rawName ?? id,
      pointer,
      component,
      schema: { kind: 'unknown', reason: 'unresolved', nullable: false, source: this.#locate(pointer) },
      source: this.#locate(pointer),
    };
    this.#queue.push(pointer);
    return id;
  }

  /** The named-schema id for a pointer, if one was registered. */
  idAt(pointer: string): string | undefined {
    return this.#idByPointer.get(pointer);
  }

  #resolve(raw: unknown): JsonRecord | undefined {
    let node = asRecord(raw);
    for (let hops = 0; hops < 32 && node !== undefined && typeof node.$ref === 'string'; hops++) {
      const target = refToPointer(node.$ref);
      node = target === undefined ? undefined : asRecord(getAtPointer(this.#doc, target));
    }
    return node;
  }

  #types(schema: JsonRecord): string[] {
    if (typeof schema.type === 'string') return schema.nullable === true ? [schema.type, 'null'] : [schema.type];
    if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
    return schema.nullable === true && this.#version === '3.0' ? [] : [];
  }

  #base(schema: JsonRecord): Omit<SchemaBase, 'source' | 'nullable'> {
    const out: Omit<SchemaBase, 'source' | 'nullable'> = {};
    const title = asString(schema.title);
    const description = asString(schema.description);
    if (title !== undefined) out.title = title;
    if (description !== undefined) out.description = description;
    if (schema.deprecated === true) out.deprecated = true;
    if (schema.readOnly === true) out.readOnly = true;
    if (schema.writeOnly === true) out.writeOnly = true;
    if ('default' in schema) out.default = toJson(schema.default);
    const examples: JsonValue[] = [];
    if ('example' in schema) examples.push(toJson(schema.example));
    if (Array.isArray(schema.examples)) for (const e of schema.examples) examples.push(toJson(e));
    if (examples.length > 0) out.examples = examples;
    return out;
  }
}

function hasStructure(schema: JsonRecord): boolean {
  return ['properties', 'allOf', 'oneOf', 'anyOf', 'items', 'enum', 'const', 'additionalProperties', 'type'].some(
    (k) => k in schema,
  );
}

function inferType(schema: JsonRecord): string | undefined {
  if (
    isRecord(schema.properties) ||
    isRecord(schema.additionalProperties) ||
    schema.additionalProperties === true ||
    isRecord(schema.patternProperties)
  )
    return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (
    typeof schema.format === 'string' ||
    typeof schema.pattern === 'string' ||
    'minLength' in schema ||
    'maxLength' in schema
  )
    return 'string';
  if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) return 'number';
  return undefined;
}

function optionalNumber<K extends string>(key: K, value: unknown): Partial<Record<K, number>> {
  const n = asNumber(value);
  return n === undefined ? {} : ({ [key]: n } as Record<K, number>);
}

function definedOnly(base: SchemaBase): Partial<SchemaBase> {
  const out: Partial<SchemaBase> = {};
  for (const [key, value] of Object.entries(base))
    if (value !== undefined && key !== 'source' && key !== 'nullable') (out as Record<string, unknown>)[key] = value;
  return out;
}

/** A readable id for a non-component $ref target, e.g. /paths/~1pets/get/.../schema -> PetsGet...Schema. */
function derivedName(segments: string[]): string {
  const useful = segments.filter(
    (s) =>
      !['paths', 'components', 'content', 'schema', 'properties', 'items', 'schemas', 'application/json'].includes(s),
  );
  const name = pascalCase(useful.slice(-4).join(' '));
  return name === '' ? 'InlineSchema' : name;
}

export function toJson(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(toJson);
  if (isRecord(value)) {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJson(v);
    return out;
  }
  return null;
}

/** The one primitive type a schema declares (besides `null`), if it declares exactly one. */
function declaredPrimitive(types: readonly string[]): EnumSchema['valueType'] | undefined {
  const declared = types.filter((t) => t !== 'null');
  return declared.length === 1 && ['string', 'number', 'integer', 'boolean'].includes(declared[0] as string)
    ? (declared[0] as EnumSchema['valueType'])
    : undefined;
}

/** An enum's value type: the declared one, else what its values have in common (`mixed` when nothing). */
function enumValueType(
  declared: EnumSchema['valueType'] | undefined,
  values: readonly unknown[],
): EnumSchema['valueType'] {
  if (declared !== undefined) return declared;
  const kinds = new Set<string>();
  for (const v of values) {
    if (v === null) continue;
    kinds.add(typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
  }
  if (kinds.has('integer') && kinds.has('number')) kinds.delete('integer');
  return kinds.size === 1 ? ([...kinds][0] as EnumSchema['valueType']) : kinds.size === 0 ? 'string' : 'mixed';
}
