// The parsed description behind a model, read by JSON pointer: the diff reads the few keywords the
// API model does not carry (allowEmptyValue, minProperties, a header's style and explode, the 3.1
// applicators) from the node a model node's `source.pointer` names, following local `$ref`s.

export type RawDocument = unknown;

type Json = Record<string, unknown>;

function isObject(x: unknown): x is Json {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function step(node: unknown, token: string): unknown {
  const key = token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
  if (Array.isArray(node)) {
    const i = Number(key);
    return Number.isInteger(i) ? node[i] : undefined;
  }
  return isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
}

function at(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let node = doc;
  for (const token of pointer.slice(1).split('/')) {
    node = step(node, token);
    if (node === undefined) return undefined;
  }
  return node;
}

/** The object at `pointer`, local `$ref`s followed (at most 16); undefined when absent or not an object. */
export function rawAt(doc: RawDocument | undefined, pointer: string | undefined): Json | undefined {
  if (doc === undefined || pointer === undefined) return undefined;
  return lookup(doc, pointer);
}

function lookup(doc: unknown, pointer: string): Json | undefined {
  let node = at(doc, pointer);
  for (let i = 0; i < 16 && isObject(node) && typeof node.$ref === 'string'; i++) {
    const ref = node.$ref;
    if (!ref.startsWith('#')) break;
    node = at(doc, decodeURIComponent(ref.slice(1)));
  }
  return isObject(node) ? node : undefined;
}

export function rawNumber(node: Json | undefined, key: string): number | undefined {
  const v = node?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Which of `keys` occur anywhere in the document (one walk; no pointers built). */
export function keysUsed(doc: RawDocument | undefined, keys: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  // YAML aliases share nodes (and could close a loop): each object is visited once.
  const seen = new Set<object>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const x of node) if (typeof x === 'object' && x !== null) stack.push(x);
    } else if (isObject(node)) {
      for (const k in node) {
        if (keys.has(k)) found.add(k);
        const v = node[k];
        if (typeof v === 'object' && v !== null) stack.push(v);
      }
    }
  }
  return found;
}
