// Values for the generated SDK tests (every language's emitter reads them): a value for a
// parameter or a request body that a validating mock of the description accepts. The
// description's own example is used when it fits the schema (type, enum, bounds, lengths, pattern),
// else a value is built from the schema. `required` fills only what a request needs; `all` also
// fills every optional writable property (bounded depth). Values are plain data: each emitter
// prints them through its own language's literal printer, so a hostile description's strings
// stay strings.

import type { ApiModel, JsonValue, Parameter, PrimitiveConstraints, SchemaNode } from '../model/types.ts';
import { patternString } from './pattern-string.ts';
import { isUploadFile } from './schema.ts';

export type TestValue =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'null' }
  | { t: 'arr'; items: TestValue[] }
  | { t: 'obj'; entries: [string, TestValue][] }
  /** A file upload (a binary string in a multipart body, or a whole binary body). */
  | { t: 'file' };

export type Fill = 'required' | 'all';

/** Optional properties are filled down to this depth; required ones further (to MAX_DEPTH). */
const OPTIONAL_DEPTH = 3;
const MAX_DEPTH = 12;
const MAX_PROPERTIES = 40;
/** Union variants tried for a value only one of them accepts. */
const MAX_VARIANTS = 8;

export function fromJson(value: JsonValue): TestValue {
  if (value === null) return { t: 'null' };
  if (typeof value === 'string') return { t: 'str', v: value };
  if (typeof value === 'number') return { t: 'num', v: Number.isFinite(value) ? value : 0 };
  if (typeof value === 'boolean') return { t: 'bool', v: value };
  if (Array.isArray(value)) return { t: 'arr', items: value.map(fromJson) };
  return { t: 'obj', entries: Object.keys(value).map((k) => [k, fromJson(value[k] as JsonValue)]) };
}

/** A parameter's value: its own example when it fits its schema, else one built from the schema. */
export function parameterValue(model: ApiModel, param: Parameter, fill: Fill): TestValue {
  const given = param.examples?.[0];
  // A path segment is never empty (the SDKs refuse one).
  const usable = (v: JsonValue): boolean => param.in !== 'path' || v !== '';
  if (given !== undefined && usable(given) && fits(model, given, param.schema, 0)) return fromJson(given);
  const built = testValue(model, param.schema, fill);
  return param.in === 'path' && built.t === 'str' && built.v === '' ? { t: 'str', v: 'string' } : built;
}

/** A value for `node` that its schema accepts (as far as the model can tell). */
export function testValue(model: ApiModel, node: SchemaNode, fill: Fill): TestValue {
  return build(model, node, fill, 0, new Set());
}

function regexOf(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** Whether a literal (an example, a default) is accepted by the schema: a conservative check. */
function fits(model: ApiModel, value: JsonValue, node: SchemaNode, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (node.kind === 'ref') {
    const target = model.schemas[node.target]?.schema;
    return target !== undefined && fits(model, value, target, depth + 1);
  }
  if (value === null) return node.nullable;
  switch (node.kind) {
    case 'primitive': {
      const c = node.constraints;
      if (node.type === 'string') {
        if (typeof value !== 'string' || isUploadFile(node)) return false;
        const length = [...value].length;
        if (c.minLength !== undefined && length < c.minLength) return false;
        if (c.maxLength !== undefined && length > c.maxLength) return false;
        const re = regexOf(c.pattern);
        if (c.pattern !== undefined && (re === undefined || !re.test(value))) return false;
        return formatFits(node.format, value);
      }
      if (node.type === 'integer' || node.type === 'number') {
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
        if (node.type === 'integer' && !Number.isInteger(value)) return false;
        return numberFits(value, c);
      }
      if (node.type === 'boolean') return typeof value === 'boolean';
      return false;
    }
    case 'enum':
      return node.members.some((m) => m.value === value);
    case 'literal':
      return JSON.stringify(node.value) === JSON.stringify(value);
    case 'array':
      return (
        Array.isArray(value) &&
        (node.minItems === undefined || value.length >= node.minItems) &&
        (node.maxItems === undefined || value.length <= node.maxItems) &&
        value.every((item) => fits(model, item, node.items, depth + 1))
      );
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      for (const p of node.properties) {
        const v = value[p.name];
        if (v === undefined) {
          if (p.required) return false;
        } else if (p.readOnly || !fits(model, v, p.schema, depth + 1)) return false;
      }
      if (node.additionalProperties === false)
        return Object.keys(value).every((k) => node.properties.some((p) => p.name === k));
      return true;
    }
    case 'map':
      return (
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => fits(model, v, node.values, depth + 1))
      );
    case 'union':
      // oneOf: exactly one variant must accept it.
      return node.variants.filter((v) => fits(model, value, v, depth + 1)).length === 1;
    case 'intersection':
      return node.members.every((m) => fits(model, value, m, depth + 1));
    case 'unknown':
      // A typeless `{required: [a]}` (a union arm saying which properties must be present) asks
      // an object for those names.
      return (
        node.reason === 'any' &&
        (node.requires === undefined ||
          typeof value !== 'object' ||
          Array.isArray(value) ||
          node.requires.every((name) => value[name] !== undefined))
      );
  }
}

function numberFits(value: number, c: PrimitiveConstraints): boolean {
  if (c.minimum !== undefined && value < c.minimum) return false;
  if (c.maximum !== undefined && value > c.maximum) return false;
  if (c.exclusiveMinimum !== undefined && value <= c.exclusiveMinimum) return false;
  if (c.exclusiveMaximum !== undefined && value >= c.exclusiveMaximum) return false;
  if (c.multipleOf !== undefined && c.multipleOf > 0 && !Number.isInteger(value / c.multipleOf)) return false;
  return true;
}

const FORMATS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S*$/i,
  url: /^[a-z][a-z0-9+.-]*:\S*$/i,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
};

/** Whether a string has the shape its `format` names (the formats a validating mock checks; others pass). */
export function formatFits(format: string | undefined, value: string): boolean {
  const re = format === undefined ? undefined : FORMATS[format];
  return re === undefined || re.test(value);
}

const PLACEHOLDERS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00Z',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
  byte: 'U3RyaW5n',
};

/**
 * A string within the schema's lengths and pattern: one of a few plain candidates when one matches
 * the pattern, else one generated from it (pattern-string.ts: seeded and bounded), else the plain
 * value as before.
 */
function stringValue(format: string | undefined, c: PrimitiveConstraints): string {
  const base = (format !== undefined ? PLACEHOLDERS[format] : undefined) ?? 'string';
  const sized = (s: string): string => {
    let out = s;
    if (c.minLength !== undefined && out.length < c.minLength) out = out + 'x'.repeat(c.minLength - out.length);
    if (c.maxLength !== undefined && out.length > c.maxLength) out = out.slice(0, c.maxLength);
    return out;
  };
  const re = regexOf(c.pattern);
  if (re === undefined) return sized(base);
  const candidates = [
    base,
    'string',
    'a',
    'A',
    '1',
    'abc',
    'ABC',
    'abc123',
    'a-b',
    'a_b',
    'id_123',
    '123',
    'US',
    'usd',
    'en',
  ];
  for (const candidate of candidates) {
    const s = sized(candidate);
    if (re.test(s)) return s;
  }
  return patternString(c.pattern as string, c.minLength, c.maxLength) ?? sized(base);
}

function literalOf(model: ApiModel, node: SchemaNode): JsonValue | undefined {
  const given = node.examples?.[0] ?? node.default;
  return given !== undefined && fits(model, given, node, 0) ? given : undefined;
}

function build(model: ApiModel, node: SchemaNode, fill: Fill, depth: number, seen: ReadonlySet<string>): TestValue {
  if (node.kind === 'ref') {
    if (seen.has(node.target) || depth > MAX_DEPTH) return { t: 'obj', entries: [] };
    const target = model.schemas[node.target]?.schema;
    if (target === undefined) return { t: 'null' };
    return build(model, target, fill, depth, new Set([...seen, node.target]));
  }
  switch (node.kind) {
    case 'primitive': {
      if (node.type === 'string' && isUploadFile(node)) return { t: 'file' };
      const literal = literalOf(model, node);
      if (literal !== undefined) return fromJson(literal);
      const c = node.constraints;
      if (node.type === 'string') return { t: 'str', v: stringValue(node.format, c) };
      if (node.type === 'integer' || node.type === 'number') return { t: 'num', v: numberValue(node.type, c) };
      if (node.type === 'boolean') return { t: 'bool', v: true };
      return { t: 'null' };
    }
    case 'enum': {
      const literal = literalOf(model, node);
      // A member of the declared type: Plaid's `type: string, enum: [3, null]` has none, and only
      // null is accepted.
      const typed = node.members.filter((m) => memberHasType(m.value, node.valueType));
      const first = typed.find((m) => m.value === literal) ?? typed[0] ?? (node.nullable ? undefined : node.members[0]);
      return first === undefined ? { t: 'null' } : fromJson(first.value);
    }
    case 'literal':
      return fromJson(node.value);
    case 'array': {
      // An item that leads back into the schema being built: none, when none is required.
      if ((node.minItems ?? 0) === 0 && leadsBack(node.items, seen)) return { t: 'arr', items: [] };
      const count = node.maxItems === 0 ? 0 : Math.max(1, node.minItems ?? 0);
      const item = build(model, node.items, fill, depth + 1, seen);
      if (node.uniqueItems && count > 1) return { t: 'arr', items: [item] };
      return { t: 'arr', items: Array.from({ length: Math.min(count, 10) }, () => item) };
    }
    case 'map':
      return fill === 'all' && depth < OPTIONAL_DEPTH
        ? { t: 'obj', entries: [['key', build(model, node.values, fill, depth + 1, seen)]] }
        : { t: 'obj', entries: [] };
    case 'object': {
      const wanted = node.properties.filter(
        (p) =>
          !p.readOnly &&
          !p.schema.readOnly &&
          (p.required || (fill === 'all' && depth < OPTIONAL_DEPTH && !p.deprecated && !leadsBack(p.schema, seen))),
      );
      return {
        t: 'obj',
        entries: wanted
          .slice(0, MAX_PROPERTIES)
          .map((p) => [p.name, build(model, p.schema, fill, depth + 1, seen)] as [string, TestValue]),
      };
    }
    case 'union': {
      // The first variant (of the first few) whose value only that variant accepts, as oneOf asks
      // (a value two variants accept is refused); with a discriminator, its property names the
      // variant. The first variant's value when none is told apart.
      let first: TestValue | undefined;
      for (const variant of node.variants.slice(0, MAX_VARIANTS)) {
        const value = variantValue(model, node, variant, build(model, variant, fill, depth, seen));
        first ??= value;
        const json = testValueJson(value, undefined);
        if (!hasFile(value) && fits(model, json as JsonValue, node, depth)) return value;
      }
      return first ?? { t: 'null' };
    }
    case 'intersection': {
      const entries = new Map<string, TestValue>();
      const parts = node.members.map((member) => build(model, member, fill, depth, seen));
      // allOf of scalars (Plaid's `allOf: [{$ref: UserId}, {type: string}]`): the first member's
      // value every member accepts, not an object.
      if (parts.length > 0 && parts.every((part) => part.t !== 'obj'))
        return (
          parts.find(
            (part) => !hasFile(part) && fits(model, testValueJson(part, undefined) as JsonValue, node, depth),
          ) ?? (parts[0] as TestValue)
        );
      for (const part of parts) if (part.t === 'obj') for (const [k, v] of part.entries) entries.set(k, v);
      const merged: TestValue = { t: 'obj', entries: [...entries] };
      return requiredArm(model, node, merged, fill, depth, seen) ?? merged;
    }
    case 'unknown':
      // Any value: a string, which every encoding carries (an empty object is no pair at all in a
      // form body: twilio's required `SinkConfiguration`, refused as missing).
      return node.reason === 'any' ? { t: 'str', v: 'string' } : { t: 'obj', entries: [] };
  }
}

/**
 * An intersection's value when a union member of it is made of typeless `{required: [...]}` arms
 * (`properties` beside `oneOf: [{required: [a]}, {required: [b]}]`, or an anyOf of them): the
 * merged value with one arm's names filled in from the properties beside it and the names only the
 * other arms require left out, as oneOf asks (and a `not: {required: [a, b]}` beside it, which the
 * model does not keep). The first arm (of the first few) whose value the intersection accepts;
 * undefined when the merged value is already accepted or no arm is.
 */
function requiredArm(
  model: ApiModel,
  node: Extract<SchemaNode, { kind: 'intersection' }>,
  merged: Extract<TestValue, { t: 'obj' }>,
  fill: Fill,
  depth: number,
  seen: ReadonlySet<string>,
): TestValue | undefined {
  const accepted = (value: TestValue): boolean =>
    !hasFile(value) && fits(model, testValueJson(value, undefined) as JsonValue, node, depth);
  if (accepted(merged)) return undefined;
  const properties = node.members.flatMap((member) => {
    const resolved = member.kind === 'ref' ? model.schemas[member.target]?.schema : member;
    return resolved?.kind === 'object' ? resolved.properties : [];
  });
  for (const member of node.members) {
    if (member.kind !== 'union') continue;
    const arms = member.variants.map((v) => (v.kind === 'unknown' ? v.requires : undefined));
    if (arms.every((names) => names === undefined)) continue;
    for (const names of arms.slice(0, MAX_VARIANTS)) {
      if (names === undefined) continue;
      const others = new Set(arms.flatMap((a) => (a === undefined || a === names ? [] : a)));
      const required = new Set(properties.filter((p) => p.required).map((p) => p.name));
      const entries = merged.entries.filter(([k]) => names.includes(k) || required.has(k) || !others.has(k));
      for (const name of names) {
        if (entries.some(([k]) => k === name)) continue;
        const property = properties.find((p) => p.name === name);
        if (property === undefined) continue;
        entries.push([name, build(model, property.schema, fill, depth + 1, seen)]);
      }
      const value: TestValue = { t: 'obj', entries };
      if (accepted(value)) return value;
    }
  }
  return undefined;
}

/**
 * A union variant's value, its discriminator property set to the value naming the variant, unless
 * the variant's own property does not take that value: an implied mapping names the variant by its
 * schema's name (`FunctionTool`), where OpenAI's variants say `type: {enum: [function]}`, the value
 * the API and a validating mock take.
 */
function variantValue(
  model: ApiModel,
  node: Extract<SchemaNode, { kind: 'union' }>,
  variant: SchemaNode,
  value: TestValue,
): TestValue {
  const d = node.discriminator;
  if (!d || value.t !== 'obj') return value;
  const mapped = variant.kind === 'ref' ? d.mapping.find((m) => m.target === variant.target) : undefined;
  if (!mapped) return value;
  const own = propertySchema(model, variant, d.propertyName);
  if (own !== undefined && !fits(model, mapped.value, own, 0)) return value;
  const entries = value.entries.filter(([k]) => k !== d.propertyName);
  return { t: 'obj', entries: [[d.propertyName, { t: 'str', v: mapped.value }], ...entries] };
}

/** The schema of property `name` of an object (through references and allOf members), when declared. */
function propertySchema(model: ApiModel, node: SchemaNode, name: string, depth = 0): SchemaNode | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (node.kind === 'ref') {
    const target = model.schemas[node.target]?.schema;
    return target === undefined ? undefined : propertySchema(model, target, name, depth + 1);
  }
  if (node.kind === 'object') return node.properties.find((p) => p.name === name)?.schema;
  if (node.kind === 'intersection')
    for (const member of node.members) {
      const found = propertySchema(model, member, name, depth + 1);
      if (found !== undefined) return found;
    }
  return undefined;
}

function hasFile(value: TestValue): boolean {
  if (value.t === 'file') return true;
  if (value.t === 'arr') return value.items.some(hasFile);
  return value.t === 'obj' && value.entries.some(([, v]) => hasFile(v));
}

/** Whether an enum member has the enum's declared type (`mixed`: any). */
function memberHasType(
  value: string | number | boolean,
  type: Extract<SchemaNode, { kind: 'enum' }>['valueType'],
): boolean {
  if (type === 'mixed') return true;
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  return typeof value === type;
}

/** A reference (or an array of one) back into the schemas being built. */
function leadsBack(node: SchemaNode, seen: ReadonlySet<string>): boolean {
  if (node.kind === 'ref') return seen.has(node.target);
  return node.kind === 'array' && leadsBack(node.items, seen);
}

function numberValue(type: 'integer' | 'number', c: PrimitiveConstraints): number {
  // Candidates from the bounds, the first that satisfies every constraint (1 when none does).
  const lo = c.minimum ?? c.exclusiveMinimum;
  const hi = c.maximum ?? c.exclusiveMaximum;
  const raw = [
    1,
    lo,
    lo === undefined ? undefined : lo + 1,
    lo !== undefined && hi !== undefined ? (lo + hi) / 2 : undefined,
    hi === undefined ? undefined : hi - 1,
    hi,
    0,
  ];
  for (const candidate of raw) {
    if (candidate === undefined || !Number.isFinite(candidate)) continue;
    let v = type === 'integer' ? Math.ceil(candidate) : candidate;
    if (c.multipleOf !== undefined && c.multipleOf > 0) v = Math.ceil(v / c.multipleOf) * c.multipleOf;
    if (numberFits(v, c)) return v;
  }
  return 1;
}

/** The JSON a test value stands for, `file` standing for an upload (a CLI path, an MCP file argument). */
export function testValueJson(value: TestValue, file: unknown): unknown {
  switch (value.t) {
    case 'str':
    case 'num':
    case 'bool':
      return value.v;
    case 'null':
      return null;
    case 'file':
      return file;
    case 'arr':
      return value.items.map((item) => testValueJson(item, file));
    case 'obj':
      return Object.fromEntries(value.entries.map(([k, v]) => [k, testValueJson(v, file)]));
  }
}
