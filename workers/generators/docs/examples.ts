// Example values built from schemas, shared by every code sample (curl, TypeScript, Python, CLI)
// and the example blocks of a page. A request example holds only what the call needs (required,
// writable fields), so the TypeScript and Python samples type-check against the generated SDKs;
// a response example shows every readable field down to a bounded depth.

import { exampleValue } from '../core/example-values.ts';
import { isUploadFile, resolveSchema } from '../core/schema.ts';
import type { ApiModel, JsonValue, MediaTypeContent, SchemaNode } from '../model/types.ts';
import { contentText, type Html, prettyJson } from './html.ts';

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

// An example is a pure function of the model, the schema and the mode, and the same schema is asked
// for many times (a named schema is the body of many operations and has its own page, and appears
// inside many other schemas' examples; each sample language builds the same request body), so each
// is built once. Examples are never modified.
//
// Inside a larger example, what a reference builds also depends on the references followed on the
// way to it (`seen`, which cuts cycles), but only through the targets it meets: when none of those
// is in `seen`, it is the same wherever it appears at that depth. So each reference's example is
// kept with the targets it met, and reused where none of them has been followed already.
/** Longer reference chains are not followed for examples (real descriptions have a few hops). */
const MAX_REF_HOPS = 64;

interface Built {
  example: Example;
  met: ReadonlySet<string>;
}
// Per model, per mode and depth (index `depth * 2 + mode`), by reference target: the target strings
// are the model's own, so looking one up does not build a key string per reference visited.
const byRef = new WeakMap<ApiModel, Map<string, Built>[]>();
const byNode = new WeakMap<SchemaNode, Partial<Record<ExampleMode, Example>>>();
const NOTHING: ReadonlySet<string> = new Set();

/** An example for `node` (a reference cycle ends in an empty object or null). Shared: do not modify. */
export function exampleOf(model: ApiModel, node: SchemaNode, mode: ExampleMode): Example {
  if (node.kind === 'ref') return build(model, node, mode, 0, NOTHING, new Set());
  let cache = byNode.get(node);
  if (cache === undefined) byNode.set(node, (cache = {}));
  return (cache[mode] ??= build(model, node, mode, 0, NOTHING, new Set()));
}

function disjoint(seen: ReadonlySet<string>, met: ReadonlySet<string>): boolean {
  for (const target of seen) if (met.has(target)) return false;
  return true;
}

/**
 * `seen`: the references followed on the way here (never modified; a copy is extended). `met`
 * collects every reference target this example looks up.
 */
function build(
  model: ApiModel,
  node: SchemaNode,
  mode: ExampleMode,
  depth: number,
  seen: ReadonlySet<string>,
  met: Set<string>,
): Example {
  if (node.kind !== 'ref') return buildResolved(model, node, mode, depth, seen, met);
  let byDepth = byRef.get(model);
  if (byDepth === undefined) byRef.set(model, (byDepth = []));
  const slot = depth * 2 + (mode === 'request' ? 0 : 1);
  const cache = (byDepth[slot] ??= new Map());
  let built = cache.get(node.target);
  if (built === undefined || !disjoint(seen, built.met)) {
    const own = new Set<string>();
    built = { example: buildResolved(model, node, mode, depth, seen, own), met: own };
    if (disjoint(seen, own)) cache.set(node.target, built);
  }
  for (const target of built.met) met.add(target);
  return built.example;
}

function buildResolved(
  model: ApiModel,
  node: SchemaNode,
  mode: ExampleMode,
  depth: number,
  seen: ReadonlySet<string>,
  met: Set<string>,
): Example {
  // Follow the reference chain (at most MAX_REF_HOPS: a hostile description's 5,000-step chain
  // must not cost pages x chain length), then extend `seen` once.
  const chain: string[] = [];
  let current: SchemaNode | undefined = node;
  while (current?.kind === 'ref') {
    met.add(current.target);
    if (seen.has(current.target) || chain.includes(current.target) || chain.length >= MAX_REF_HOPS)
      return mode === 'request' ? { t: 'obj', entries: [] } : { t: 'null' };
    chain.push(current.target);
    current = model.schemas[current.target]?.schema;
  }
  const visited: ReadonlySet<string> = chain.length === 0 ? seen : new Set([...seen, ...chain]);
  const schema = current;
  if (schema === undefined) return { t: 'null' };
  const literal = schema.examples?.[0] ?? schema.default;
  switch (schema.kind) {
    case 'primitive': {
      if (schema.type === 'string') {
        if (isUploadFile(schema)) return { t: 'file' };
        return { t: 'str', v: typeof literal === 'string' ? literal : stringPlaceholder(schema.format) };
      }
      if (schema.type === 'integer')
        return {
          t: 'num',
          v:
            typeof literal === 'number' && Number.isInteger(literal)
              ? literal
              : Math.ceil(schema.constraints.minimum ?? 0),
        };
      if (schema.type === 'number')
        return {
          t: 'num',
          v: typeof literal === 'number' && Number.isFinite(literal) ? literal : (schema.constraints.minimum ?? 0),
        };
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
      return { t: 'arr', items: [build(model, schema.items, mode, depth + 1, visited, met)] };
    }
    case 'map':
      return { t: 'obj', entries: [] };
    case 'object': {
      if (depth >= MAX_DEPTH[mode]) return { t: 'obj', entries: [] };
      const props = schema.properties.filter((p) =>
        mode === 'request' ? p.required && !p.readOnly && !p.schema.readOnly : !p.writeOnly && !p.schema.writeOnly,
      );
      return {
        t: 'obj',
        entries: props
          .slice(0, MAX_PROPERTIES)
          .map((p) => [p.name, build(model, p.schema, mode, depth + 1, visited, met)]),
      };
    }
    case 'union': {
      const first = schema.variants[0];
      return first === undefined ? { t: 'null' } : build(model, first, mode, depth, visited, met);
    }
    case 'intersection': {
      const entries = new Map<string, Example>();
      for (const member of schema.members) {
        const part = build(model, member, mode, depth, visited, met);
        if (part.t === 'obj') for (const [k, v] of part.entries) entries.set(k, v);
      }
      return { t: 'obj', entries: [...entries] };
    }
    case 'unknown':
      return mode === 'request'
        ? { t: 'obj', entries: [] }
        : literal !== undefined
          ? fromJson(literal)
          : { t: 'obj', entries: [] };
  }
}

/** The example shown for a response or request body: the spec's own example when given, else built. */
export function displayExample(
  model: ApiModel,
  examples: JsonValue[] | undefined,
  schema: SchemaNode,
  mode: ExampleMode,
): JsonValue {
  const given = examples?.[0];
  if (given !== undefined) return given;
  const resolved = resolveSchema(model, schema);
  const own = resolved?.examples?.[0];
  if (own !== undefined && resolved?.kind !== 'primitive') return own;
  return toJson(exampleOf(model, schema, mode));
}

const blocks = new WeakMap<object, Partial<Record<ExampleMode, Html>>>();
const blocksByTarget = new WeakMap<ApiModel, Map<string, Html>>();

/** `displayExample` as indented JSON, escaped for a `<code>` block; built once per examples list or schema. */
export function exampleHtml(
  model: ApiModel,
  examples: JsonValue[] | undefined,
  schema: SchemaNode,
  mode: ExampleMode,
): Html {
  const render = (): Html => contentText(prettyJson(displayExample(model, examples, schema, mode)));
  if (examples?.[0] === undefined && schema.kind === 'ref') {
    let cache = blocksByTarget.get(model);
    if (cache === undefined) blocksByTarget.set(model, (cache = new Map()));
    const key = `${mode}\u0000${schema.target}`;
    let out = cache.get(key);
    if (out === undefined) cache.set(key, (out = render()));
    return out;
  }
  const owner: object = examples?.[0] !== undefined ? examples : schema;
  let cache = blocks.get(owner);
  if (cache === undefined) blocks.set(owner, (cache = {}));
  return (cache[mode] ??= render());
}

/**
 * A request body's example for the typed samples (TypeScript, Python, Go, CLI): the description's
 * own example of the body (else of its schema) walked with the schema, every value kept where it
 * has the type the SDKs declare, nested objects and arrays included (`core/example-values.ts`);
 * a required field it does not give is built from the schema as before.
 */
export function requestExample(model: ApiModel, content: MediaTypeContent): Example {
  return exampleValue(model, content.schema, content.examples?.[0], (node) => exampleOf(model, node, 'request'));
}
