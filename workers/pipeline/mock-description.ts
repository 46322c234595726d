import { parseDocument } from '../generators/model/parse/parse-document.ts';

/** Keys whose value is a map from names (properties, paths, components…) to objects: its keys are never keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
  'paths',
  'webhooks',
  'content',
  'encoding',
  'variables',
  'mapping',
  'dependentSchemas',
]);

/** Keys whose value is data (an example, a default, an enum), never OpenAPI: left as written. */
const DATA = new Set(['example', 'value', 'default', 'enum', 'const', 'x-examples']);

/**
 * The description as the mock server (Prism) is given it: parsed by our own parser and written
 * back as JSON with nothing in it that makes Prism reach outside the document.
 *
 * - Prism resolves every `$ref` it meets (files, URLs: a description pointing at `/etc/passwd` or a
 *   metadata service would have it read or fetch them). A `$ref` that is not local (`#…`) becomes
 *   `{}` and is counted in `external`: the mock of such a description would differ from what the
 *   SDKs were built from, so the caller does not mock it at all.
 * - Prism calls an operation's `callbacks` at URLs taken from the request, and may fetch an
 *   example's `externalValue`. Neither changes what the SDKs send or receive, so both are removed
 *   (counted in `dropped`) and the description is mocked.
 * - A response's declared framing headers (`Transfer-Encoding`, `Content-Length`,
 *   `Content-Encoding`, ...: FRAMING_HEADERS) are removed too (counted in `dropped`): Prism would
 *   send them with made-up values beside its own framing, which no HTTP client reads.
 *
 * Keywords are recognised by position: a property or path named `callbacks` is a name, not the
 * keyword, and an example's data is never rewritten. Undefined when the text does not parse.
 */
export function mockDescription(text: string, cap = EXPANSION_CAP): MockDescription | undefined {
  const value = parseDocument(text).document?.value;
  if (value === undefined || value === null || typeof value !== 'object') return undefined;
  let external = 0;
  let dropped = 0;
  const clean = (node: unknown, namesOnly: boolean, parent?: string, grandparent?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => clean(item, false));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (namesOnly)
      return Object.fromEntries(
        Object.entries(record)
          .filter(([name]) => {
            // A response's framing headers (not the named headers of `components`).
            const framing = parent === 'headers' && grandparent !== 'components' && FRAMING_HEADERS.test(name);
            if (framing) dropped++;
            return !framing;
          })
          .map(([name, child]) => {
            const cleaned = clean(child, false);
            return [
              name,
              parent === 'content' && FORM.test(name)
                ? withFormEncoding(cleaned, value)
                : parent === 'content' && MULTIPART.test(name)
                  ? withMultipartDecoding(cleaned, value)
                  : parent === 'content' && JSON_MEDIA.test(name)
                    ? withoutStringExamples(cleaned, value)
                    : cleaned,
            ];
          }),
      );
    const ref = record.$ref;
    if (ref !== undefined && (typeof ref !== 'string' || !ref.startsWith('#'))) {
      external++;
      return {};
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) {
      if (key === 'externalValue' || key === 'callbacks') {
        dropped++;
        continue;
      }
      // A schema's `examples` (an array) is data too; the media type's `examples` is a map of names.
      out[key] =
        DATA.has(key) || (key === 'examples' && Array.isArray(child))
          ? child
          : clean(child, NAME_MAPS.has(key), key, parent);
    }
    return out;
  };
  const cleaned = clean(value, false) as Record<string, unknown>;
  const counted = { external, dropped };
  // Prism dereferences every `$ref` and then expands the result into a tree (a reference is kept
  // as a reference only where it closes a cycle on the current path), so what it builds is the
  // schema tree below counted. Under the cap it is given the description as written, else a copy
  // bounded as deep as fits. The copies are counted first (cheap), from the shallowest depth up: a
  // deeper copy holds every node of a shallower one and the whole description every node of any
  // copy, and the sizes grow steeply with depth, so only the first count that does not fit runs to
  // the cap, and the whole is counted only when the deepest copy fits. (Counted whole first, then
  // from the deepest copy down, the Stripe-sized description ran three walks to the cap of 400,000
  // nodes before the one that fit: 0.6 s of the run process.)
  let deepest = -1;
  for (let depth = 0; depth <= MAX_RESPONSE_REF_DEPTH; depth++) {
    if (boundedDescription(cleaned, depth, cap, false) === undefined) break;
    deepest = depth;
  }
  if (deepest === MAX_RESPONSE_REF_DEPTH) {
    const whole = expandedSize(cleaned, cap);
    if (whole !== undefined) return { json: JSON.stringify(cleaned), ...counted, nodes: whole };
  }
  const bounded = deepest < 0 ? undefined : boundedDescription(cleaned, deepest, cap, true);
  if (bounded)
    return {
      json: JSON.stringify(bounded.document),
      ...counted,
      nodes: expandedSize(bounded.document, Number.POSITIVE_INFINITY) ?? bounded.nodes,
      cut: bounded.cut,
    };
  return { json: '', ...counted, nodes: cap, tooLarge: true };
}

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * Response headers that frame the message rather than carry data. Prism sends a declared response
 * header with a value from its example or schema beside its own framing: OpenAI's POST
 * /audio/speech declares `Transfer-Encoding` (`type: string`), and Prism answered
 * `Transfer-Encoding: string` with a Content-Length, which Go's transport refuses ("unsupported
 * transfer encoding") and Node's parser too; notion.com's `Transfer-Encoding: chunked` and
 * `Content-Encoding: gzip` on a plain body the same. No SDK reads them, so Prism is not given them.
 */
const FRAMING_HEADERS = /^(transfer-encoding|content-length|content-encoding|connection|keep-alive|trailer|upgrade)$/i;

/**
 * A form media type with the encoding OpenAPI defines by default written out for each top-level
 * property of its schema (`style: form`, `explode: true`, OpenAPI 3.x "Encoding Object"): Prism
 * 5.16 decodes a form body's property by its encoding only when the style is written, and
 * otherwise takes `expand=a&expand=b` as the string `b`, refusing a correct request ("must be
 * array"). An encoding the description writes is kept as written.
 */
function withFormEncoding(mediaType: unknown, root: unknown): unknown {
  if (mediaType === null || typeof mediaType !== 'object' || Array.isArray(mediaType)) return mediaType;
  const record = mediaType as Record<string, unknown>;
  let schema = record.schema;
  for (let hops = 0; hops < 16 && schema !== null && typeof schema === 'object' && '$ref' in schema; hops++) {
    const ref = (schema as { $ref: unknown }).$ref;
    schema = typeof ref === 'string' ? resolvePointer(root, ref) : undefined;
  }
  const properties =
    schema !== null && typeof schema === 'object' ? (schema as { properties?: unknown }).properties : undefined;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return mediaType;
  const written =
    record.encoding !== null && typeof record.encoding === 'object' ? (record.encoding as Record<string, unknown>) : {};
  const encoding: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    const given = written[name];
    const entry = given !== null && typeof given === 'object' ? (given as Record<string, unknown>) : {};
    // Prism checks every encoding entry's raw value for reserved characters, `+` among them, the
    // form encoding of a space (`Payee=Acme+Inc.`: Go's request refused, "Reserved characters used
    // in request body"): an entry the description does not write does not ask for that check.
    encoding[name] =
      given === undefined
        ? { style: 'form', explode: true, allowReserved: true }
        : entry.style === undefined
          ? { ...entry, style: 'form', explode: entry.explode ?? true }
          : entry;
  }
  const withEncoding = { ...record, encoding: { ...written, ...encoding } };
  // Prism's form decoder splits a property only when its `type` is exactly `array`: a nullable
  // array (3.0 `nullable: true`, 3.1 `type: [array, 'null']`) reached its validator as the last
  // value's string (twilio's `UseCaseCategories`, "must be array,null"). A form body cannot send
  // null anyway; Prism gets the array without it, in an inline copy of the body's schema.
  const changed: Record<string, unknown> = { ...(properties as Record<string, unknown>) };
  let nullableArrays = 0;
  for (const [name, raw] of Object.entries(properties as Record<string, unknown>)) {
    const property = followRefs(raw, root);
    if (property === null || typeof property !== 'object' || Array.isArray(property)) continue;
    const { nullable, type, ...rest } = property as Record<string, unknown>;
    const types = Array.isArray(type) ? type : [type];
    if (!types.includes('array') || (nullable !== true && !types.includes('null'))) continue;
    changed[name] = { ...rest, type: 'array' };
    nullableArrays++;
  }
  return nullableArrays === 0
    ? withEncoding
    : { ...withEncoding, schema: { ...(schema as Record<string, unknown>), properties: changed } };
}

const MULTIPART = /^multipart\/form-data\s*(;|$)/i;

const JSON_MEDIA = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * A JSON media type without the examples that are a string where its schema is an object or an
 * array: jira writes each response's example as the JSON text of the object (`"{\"maxResults\":
 * 2, ...}"`), which Prism sends as a JSON string (and logs as a violation of its own answer). The
 * Go SDK, which decodes into the declared struct, failed on it ("cannot unmarshal string"); without
 * the example Prism answers from the schema.
 */
function withoutStringExamples(mediaType: unknown, root: unknown): unknown {
  if (mediaType === null || typeof mediaType !== 'object' || Array.isArray(mediaType)) return mediaType;
  const record = mediaType as Record<string, unknown>;
  const schema = followRefs(record.schema, root);
  const type = schema !== null && typeof schema === 'object' ? (schema as { type?: unknown }).type : undefined;
  if (type !== 'object' && type !== 'array') return mediaType;
  const out: Record<string, unknown> = { ...record };
  if (typeof out.example === 'string') delete out.example;
  if (out.examples !== null && typeof out.examples === 'object' && !Array.isArray(out.examples)) {
    const kept = Object.entries(out.examples as Record<string, unknown>).filter(([, example]) => {
      const resolved = followRefs(example, root);
      return !(
        resolved !== null &&
        typeof resolved === 'object' &&
        typeof (resolved as { value?: unknown }).value === 'string'
      );
    });
    if (kept.length > 0) out.examples = Object.fromEntries(kept);
    else delete out.examples;
  }
  return out;
}

/** `schema`, or what its chain of local `$ref`s leads to. */
function followRefs(schema: unknown, root: unknown): unknown {
  let node = schema;
  for (let hops = 0; hops < 16 && node !== null && typeof node === 'object' && '$ref' in node; hops++) {
    const ref = (node as { $ref: unknown }).$ref;
    node = typeof ref === 'string' ? resolvePointer(root, ref) : undefined;
  }
  return node;
}

/**
 * A multipart media type as Prism 5.16 can check what the SDKs send for it, as OpenAPI says to
 * send it (an array as one part per item, an object as one `application/json` part). Prism reads
 * each part as one string, keeping the last of a repeated name, and decodes it further only by an
 * encoding's `style`; it never parses a JSON part. So it refused every correct request with an
 * array or object field ("Request body property languages must be array", "expires_after must be
 * object": OpenAI's POST /audio/transcriptions and POST /files). In the copy Prism is given:
 * - an array property without a written style gets `style: form, explode: true` (Prism wraps the
 *   part in an array and parses JSON object items) and `allowReserved: true` (a part is not
 *   percent-encoded, so Prism's check for reserved characters in it does not apply);
 * - an object property is checked as a string: its JSON is not looked into (a limit of the mock,
 *   docs/wire-tests.md).
 * The media type's schema becomes an inline copy with those properties changed; a schema without
 * top-level `properties` (an allOf) is left as written.
 */
function withMultipartDecoding(mediaType: unknown, root: unknown): unknown {
  if (mediaType === null || typeof mediaType !== 'object' || Array.isArray(mediaType)) return mediaType;
  const record = mediaType as Record<string, unknown>;
  const schema = followRefs(record.schema, root);
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return mediaType;
  const properties = (schema as { properties?: unknown }).properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return mediaType;
  const written =
    record.encoding !== null && typeof record.encoding === 'object' ? (record.encoding as Record<string, unknown>) : {};
  const encoding: Record<string, unknown> = { ...written };
  const changed: Record<string, unknown> = { ...(properties as Record<string, unknown>) };
  for (const [name, raw] of Object.entries(properties as Record<string, unknown>)) {
    const property = followRefs(raw, root);
    if (property === null || typeof property !== 'object' || Array.isArray(property)) continue;
    const p = property as Record<string, unknown>;
    const given = written[name];
    const entry = given !== null && typeof given === 'object' ? (given as Record<string, unknown>) : {};
    const types = Array.isArray(p.type) ? (p.type as unknown[]) : [p.type];
    if (types.includes('array') || (p.type === undefined && p.items !== undefined)) {
      if (entry.style === undefined) encoding[name] = { ...entry, style: 'form', explode: true, allowReserved: true };
    } else if (types.includes('object') || (p.type === undefined && p.properties !== undefined)) {
      changed[name] = { type: 'string' };
    }
  }
  return { ...record, schema: { ...schema, properties: changed }, encoding };
}

/** What Prism is given, and how much of the schema tree it would build from it. */
export interface MockDescription {
  /** The JSON file's text (empty when `tooLarge`). */
  json: string;
  /** `$ref`s that are not local: the description is not mocked at all when there is one. */
  external: number;
  /** Callbacks and `externalValue`s removed. */
  dropped: number;
  /** Nodes (objects and arrays) of the tree Prism builds from `json` (see `expandedSize`). */
  nodes: number;
  /**
   * Present when the whole tree was over the cap and Prism is given a bounded copy (`boundedDescription`):
   * every operation with its references written out, a response schema's references followed
   * `responseRefDepth` deep (deeper ones accept anything), a request's followed all the way but
   * where one closes a cycle (`requestCycleCuts` of them: data nested past that point is not checked).
   */
  cut?: { responseRefDepth: number; requestCycleCuts: number; responseCuts: number };
  /** Even the smallest bounded copy is over the cap: Prism is not started. */
  tooLarge?: true;
}

/**
 * The most nodes of the expanded schema tree Prism is given. Prism 5.16 builds about a hundred
 * thousand nodes a second here and holds them all (measured in docs/wire-tests.md); the Stripe-like
 * description written as is would be tens of millions (exponential in the depth of its dense
 * reference cycles: 2,670 nodes with 1 resource, 56,859 with 2, 1.5 million with 3).
 */
const EXPANSION_CAP = Number(process.env.WIRE_MOCK_NODE_CAP ?? 400_000);

/** The deepest a response schema's references are followed when the description has to be bounded. */
const MAX_RESPONSE_REF_DEPTH = 3;

/** References to these are not a level of schema nesting (a shared response, parameter, body...). */
const NOT_SCHEMA_REF = /^#\/components\/(responses|parameters|requestBodies|headers|examples|pathItems|links)\//;

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

class TooLarge extends Error {}

interface Expansion {
  root: unknown;
  /** What each reference resolved to (resolving is most of the walk's cost otherwise). */
  targets: Map<string, unknown>;
  cap: number;
  nodes: number;
  /** References followed this deep (counting schema references only) are replaced by `{}`. */
  maxRefDepth: number;
  cycleCuts: number;
  depthCuts: number;
}

function tick(state: Expansion, n = 1): void {
  state.nodes += n;
  if (state.nodes > state.cap) throw new TooLarge();
}

/** Counts the objects and arrays of data (an example, an enum) without copying it. */
function countData(node: unknown, state: Expansion): void {
  if (node === null || typeof node !== 'object') return;
  tick(state);
  for (const child of Array.isArray(node) ? node : Object.values(node)) countData(child, state);
}

/** The value a local `$ref` (`#/a/b~1c`) points at, or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw;
    }
    segment = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * `node` with every local `$ref` written out, as Prism's dereferencing and `decycle` would build
 * it: a reference to one of its own ancestors (on the current path) closes a cycle and becomes `{}`
 * (Prism keeps it as a reference; either way that level is not expanded again), one past
 * `maxRefDepth` becomes `{}`. Throws `TooLarge` past the cap. With `build` false it only counts.
 */
function expand(
  node: unknown,
  namesOnly: boolean,
  state: Expansion,
  ancestors: string[],
  depth: number,
  build: boolean,
): unknown {
  if (node === null || typeof node !== 'object') return node;
  tick(state);
  if (Array.isArray(node)) {
    if (!build) {
      for (const item of node) expand(item, false, state, ancestors, depth, false);
      return undefined;
    }
    return node.map((item) => expand(item, false, state, ancestors, depth, true));
  }
  const record = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (namesOnly) {
    for (const [name, child] of Object.entries(record))
      out[name] = expand(child, false, state, ancestors, depth, build);
    return build ? out : undefined;
  }
  const ref = record.$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    let target = state.targets.get(ref);
    if (target === undefined && !state.targets.has(ref)) {
      target = resolvePointer(state.root, ref);
      state.targets.set(ref, target);
    }
    if (target === undefined) return record;
    if (ancestors.includes(ref)) {
      state.cycleCuts++;
      return {};
    }
    const schemaRef = !NOT_SCHEMA_REF.test(ref);
    if (schemaRef && depth >= state.maxRefDepth) {
      state.depthCuts++;
      return {};
    }
    ancestors.push(ref);
    const resolved = expand(target, false, state, ancestors, schemaRef ? depth + 1 : depth, build);
    ancestors.pop();
    const { $ref: _, ...siblings } = record;
    if (Object.keys(siblings).length === 0 || resolved === null || typeof resolved !== 'object') return resolved;
    return { ...resolved, ...(expand(siblings, false, state, ancestors, depth, build) as object) };
  }
  for (const [key, child] of Object.entries(record)) {
    if (DATA.has(key) || (key === 'examples' && Array.isArray(child))) {
      countData(child, state);
      out[key] = child;
    } else out[key] = expand(child, NAME_MAPS.has(key), state, ancestors, depth, build);
  }
  return build ? out : undefined;
}

/** A fresh expansion of `document`: nothing counted yet, references followed to any depth. */
function newExpansion(document: unknown, cap: number): Expansion {
  return {
    root: document,
    targets: new Map(),
    cap,
    nodes: 0,
    maxRefDepth: Number.POSITIVE_INFINITY,
    cycleCuts: 0,
    depthCuts: 0,
  };
}

/** The nodes of the tree Prism builds from `document` (all of it, components included), or undefined past `cap`. */
export function expandedSize(document: unknown, cap: number): number | undefined {
  const state = newExpansion(document, cap);
  try {
    expand(document, false, state, [], 0, false);
    return state.nodes;
  } catch (error) {
    if (error instanceof TooLarge) return undefined;
    throw error;
  }
}

/**
 * A copy of `document` Prism can read in bounded time: its paths with every reference written out
 * (requests' exactly, but for a reference closing a cycle; responses' `responseRefDepth` schema
 * references deep), its security schemes, and no other components or webhooks (nothing refers to
 * them any more, and Prism serves neither). Undefined past `cap`.
 */
function boundedDescription(
  document: Record<string, unknown>,
  responseRefDepth: number,
  cap: number,
  build: boolean,
): { document: Record<string, unknown>; nodes: number; cut: NonNullable<MockDescription['cut']> } | undefined {
  const request = newExpansion(document, cap);
  const response: Expansion = { ...request, maxRefDepth: responseRefDepth };
  // The two share one count of nodes against the cap.
  const one = { nodes: 0 };
  const run = (key: string, node: unknown, state: Expansion): unknown => {
    state.nodes = one.nodes;
    const value = DATA.has(key) ? node : expand(node, NAME_MAPS.has(key), state, [], 0, build);
    one.nodes = state.nodes;
    return value;
  };
  try {
    const paths: Record<string, unknown> = {};
    const source = document.paths;
    for (const [path, raw] of Object.entries(source !== null && typeof source === 'object' ? source : {})) {
      let item: unknown = raw;
      const seen = new Set<string>();
      while (item !== null && typeof item === 'object' && typeof (item as { $ref?: unknown }).$ref === 'string') {
        const ref = (item as { $ref: string }).$ref;
        if (seen.has(ref)) break;
        seen.add(ref);
        item = resolvePointer(document, ref);
      }
      if (item === null || typeof item !== 'object') continue;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item)) {
        if (!METHODS.has(key) || value === null || typeof value !== 'object') {
          out[key] = run(key, value, request);
          continue;
        }
        const operation: Record<string, unknown> = {};
        for (const [field, part] of Object.entries(value))
          operation[field] = run(field, part, field === 'responses' ? response : request);
        out[key] = operation;
      }
      paths[path] = out;
    }
    const { components, webhooks: _, ...rest } = document;
    const schemes =
      components !== null && typeof components === 'object'
        ? (components as Record<string, unknown>).securitySchemes
        : undefined;
    return {
      document: { ...rest, paths, ...(schemes === undefined ? {} : { components: { securitySchemes: schemes } }) },
      nodes: one.nodes,
      cut: {
        responseRefDepth,
        requestCycleCuts: request.cycleCuts,
        responseCuts: response.cycleCuts + response.depthCuts,
      },
    };
  } catch (error) {
    if (error instanceof TooLarge) return undefined;
    throw error;
  }
}
