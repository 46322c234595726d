// Example values built from schemas, shared by every code sample (curl, TypeScript, Python, CLI)
// and the example blocks of a page. A request example holds only what the call needs (required,
// writable fields), so the TypeScript and Python samples type-check against the generated SDKs;
// a response example shows every readable field down to a bounded depth.

import type { ApiModel, JsonValue, SchemaNode } from '../model/types.ts';

export type Example =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'bool'; v: boolean }
  | { t: 'null' }
  | { t: 'arr'; items: Example[] }
  | { t: 'obj'; entries: [string, Example][] }
  /** A file upload (binary string in a multipart body, or a whole binary body). */
  | { t: 'file' };

export type ExampleMode = 'request' | 'response';

const MAX_DEPTH = { request: 4, response: 4 } as const;
const MAX_PROPERTIES = 25;

export function fromJson(value: JsonValue): Example {
  if (value === null) return { t: 'null' };
  if (typeof value === 'string') return { t: 'str', v: value };
  if (typeof value === 'number') return { t: 'num', v: Number.isFinite(value) ? value : 0 };
  if (typeof value === 'boolean') return { t: 'bool', v: value };
  if (Array.isArray(value)) return { t: 'arr', items: value.map(fromJson) };
  return { t: 'obj', entries: Object.keys(value).map((k) => [k, fromJson(value[k] as JsonValue)]) };
}

/** JSON for display and curl bodies; a file becomes a placeholder string. */
export function toJson(example: Example): JsonValue {
  switch (example.t) {
    case 'str':
    case 'num':
    case 'bool':
      return example.v;
    case 'null':
      return null;
    case 'file':
      return '<binary>';
    case 'arr':
      return example.items.map(toJson);
    case 'obj': {
      const out: { [key: string]: JsonValue } = Object.create(null) as { [key: string]: JsonValue };
      for (const [k, v] of example.entries) out[k] = toJson(v);
      return out;
    }
  }
}

function resolve(model: ApiModel, node: SchemaNode, seen: Set<string>): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  while (current?.kind === 'ref') {
    if (seen.has(current.target)) return undefined;
    seen = new Set(seen).add(current.target);
    current = model.schemas[current.target]?.schema;
  }
  return current;
}

function stringPlaceholder(format: string | undefined): string {
  switch (format) {
    case 'date-time':
      return '2024-01-01T00:00:00Z';
    case 'date':
      return '2024-01-01';
    case 'time':
      return '12:00:00';
    case 'uuid':
      return '123e4567-e89b-12d3-a456-426614174000';
    case 'email':
      return 'user@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com';
    default:
      return 'string';
  }
}

/** An example for `node`; `undefined` only for an impossible schema (`false`) or a reference cycle. */
export function exampleOf(model: ApiModel, node: SchemaNode, mode: ExampleMode, depth = 0, seen: Set<string> = new Set()): Example {
  const visited = new Set(seen);
  let current: SchemaNode | undefined = node;
  while (current?.kind === 'ref') {
    if (visited.has(current.target)) return mode === 'request' ? { t: 'obj', entries: [] } : { t: 'null' };
    visited.add(current.target);
    current = model.schemas[current.target]?.schema;
  }
  const schema = current;
  if (schema === undefined) return { t: 'null' };
  const literal = schema.examples?.[0] ?? schema.default;
  switch (schema.kind) {
    case 'primitive': {
      if (schema.type === 'string') {
        if (schema.format === 'binary' || (schema.contentMediaType !== undefined && schema.contentEncoding === undefined && !schema.contentMediaType.startsWith('text/'))) return { t: 'file' };
        return { t: 'str', v: typeof literal === 'string' ? literal : stringPlaceholder(schema.format) };
      }
      if (schema.type === 'integer') return { t: 'num', v: typeof literal === 'number' && Number.isInteger(literal) ? literal : Math.ceil(schema.constraints.minimum ?? 0) };
      if (schema.type === 'number') return { t: 'num', v: typeof literal === 'number' && Number.isFinite(literal) ? literal : (schema.constraints.minimum ?? 0) };
      if (schema.type === 'boolean') return { t: 'bool', v: typeof literal === 'boolean' ? literal : true };
      return { t: 'null' };
    }
    case 'enum': {
      const first = schema.members.find((m) => m.value === literal) ?? schema.members[0];
      return first === undefined ? { t: 'null' } : fromJson(first.value);
    }
    case 'literal':
      return fromJson(schema.value);
    case 'array': {
      if (depth >= MAX_DEPTH[mode]) return { t: 'arr', items: [] };
      return { t: 'arr', items: [exampleOf(model, schema.items, mode, depth + 1, visited)] };
    }
    case 'map':
      return { t: 'obj', entries: [] };
    case 'object': {
      if (depth >= MAX_DEPTH[mode]) return { t: 'obj', entries: [] };
      const props = schema.properties.filter((p) => (mode === 'request' ? p.required && !p.readOnly && !p.schema.readOnly : !p.writeOnly && !p.schema.writeOnly));
      return { t: 'obj', entries: props.slice(0, MAX_PROPERTIES).map((p) => [p.name, exampleOf(model, p.schema, mode, depth + 1, visited)]) };
    }
    case 'union': {
      const first = schema.variants[0];
      return first === undefined ? { t: 'null' } : exampleOf(model, first, mode, depth, visited);
    }
    case 'intersection': {
      const entries = new Map<string, Example>();
      for (const member of schema.members) {
        const part = exampleOf(model, member, mode, depth, visited);
        if (part.t === 'obj') for (const [k, v] of part.entries) entries.set(k, v);
      }
      return { t: 'obj', entries: [...entries] };
    }
    case 'unknown':
      return mode === 'request' ? { t: 'obj', entries: [] } : literal !== undefined ? fromJson(literal) : { t: 'obj', entries: [] };
  }
}

/** The example shown for a response or request body: the spec's own example when given, else built. */
export function displayExample(model: ApiModel, examples: JsonValue[] | undefined, schema: SchemaNode, mode: ExampleMode): JsonValue {
  const given = examples?.[0];
  if (given !== undefined) return given;
  const resolved = resolve(model, schema, new Set());
  const own = resolved?.examples?.[0];
  if (own !== undefined && resolved?.kind !== 'primitive') return own;
  return toJson(exampleOf(model, schema, mode));
}
