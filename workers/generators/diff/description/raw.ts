// The parsed description behind a model, read by JSON pointer: the diff reads the few keywords the
// API model does not carry (allowEmptyValue, minProperties, a header's style and explode, the 3.1
// applicators) from the node a model node's `source.pointer` names, following local `$ref`s.

import { joinPointer, refToPointer } from '../../model/parse/pointer.ts';

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

/** Where the keywords the model leaves out occur in a document (one walk, see `indexKeywords`). */
export interface KeywordIndex {
  /** Which of the watched keywords occur anywhere. */
  used: Set<string>;
  /**
   * Pointers of the objects whose document node can tell the diff something the model does not
   * (plus `$ref` objects that lead to one); undefined when the walk gave up (over its budget):
   * every node is then read.
   */
  pointers: Set<string> | undefined;
}

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean']);
// What a key tells the walk below, as bits.
const RARE = 1;
const OBJECT_SIZE = 2;
const PRIMITIVE_BOUND = 4;
const ITEM_BOUND = 8;
const SHAPER = 16;
const REF = 32;
const watchedWith = new WeakMap<ReadonlySet<string>, Map<string, number>>();
const WATCHED = new Map<string, number>([
  ['minProperties', OBJECT_SIZE],
  ['maxProperties', OBJECT_SIZE],
  ['maximum', PRIMITIVE_BOUND],
  ['minimum', PRIMITIVE_BOUND],
  ['maxLength', PRIMITIVE_BOUND],
  ['minLength', PRIMITIVE_BOUND],
  ['format', PRIMITIVE_BOUND],
  ['maxItems', ITEM_BOUND],
  ['minItems', ITEM_BOUND],
  ['enum', SHAPER],
  ['const', SHAPER],
  ['oneOf', SHAPER],
  ['anyOf', SHAPER],
  ['allOf', SHAPER],
  ['not', SHAPER],
  ['$ref', SHAPER | REF],
]);

/**
 * One walk of a document: which `rare` keywords it uses, and the pointers of the objects that need
 * their document node read: one with a `rare` keyword or an object-size bound, a primitive bound
 * (maximum, format, …) on anything but a plain primitive schema, or an item bound on anything but
 * a plain array — the model carries the rest. Pointers are spelled only for those objects and for
 * `$ref` objects (kept when their target needs reading).
 */
export function indexKeywords(
  doc: RawDocument | undefined,
  rare: ReadonlySet<string>,
  maxObjects = 2_000_000,
): KeywordIndex {
  const used = new Set<string>();
  const pointers = new Set<string>();
  const refs: [number, string][] = [];
  let watched = watchedWith.get(rare);
  if (watched === undefined) {
    watched = new Map(WATCHED);
    for (const k of rare) watched.set(k, (watched.get(k) ?? 0) | RARE);
    watchedWith.set(rare, watched);
  }
  // Visited objects by index: parent index and key, so a pointer is spelled only when needed.
  const parents: number[] = [];
  const depths: number[] = [];
  const names: string[] = [];
  const pointerOf = (i: number): string => {
    const parts: string[] = [];
    for (let x = i; x > 0; x = parents[x]!) parts.push(names[x]!);
    return joinPointer('', ...parts.reverse());
  };
  const stack: unknown[] = [doc];
  const stackParent: number[] = [-1];
  const stackName: string[] = [''];
  while (stack.length > 0) {
    const node = stack.pop();
    const parent = stackParent.pop()!;
    const name = stackName.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const index = parents.length;
    // The parser refuses cyclic documents; a node YAML aliases share is visited once per pointer it
    // has. A budget still bounds the walk (a hand-built loop, an alias fan-out, nesting deeper than
    // the parser's 512): past it, every node is read and every rare keyword counts as used.
    const depth = parent < 0 ? 0 : depths[parent]! + 1;
    if (index >= maxObjects || depth > 512) return { used: new Set(rare), pointers: undefined };
    depths.push(depth);
    parents.push(parent);
    names.push(name);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const x = node[i];
        if (typeof x === 'object' && x !== null) {
          stack.push(x);
          stackParent.push(index);
          stackName.push(String(i));
        }
      }
      continue;
    }
    const o = node as Json;
    let bits = 0;
    for (const k in o) {
      const w = watched.get(k);
      if (w !== undefined) {
        bits |= w;
        if ((w & RARE) !== 0) used.add(k);
      }
      const v = o[k];
      if (typeof v === 'object' && v !== null) {
        stack.push(v);
        stackParent.push(index);
        stackName.push(k);
      }
    }
    if (bits === 0) continue;
    let needed = (bits & (RARE | OBJECT_SIZE)) !== 0;
    if (!needed && (bits & PRIMITIVE_BOUND) !== 0)
      needed = (bits & SHAPER) !== 0 || !(typeof o.type === 'string' && PRIMITIVE_TYPES.has(o.type));
    if (!needed && (bits & ITEM_BOUND) !== 0) needed = (bits & SHAPER) !== 0 || o.type !== 'array';
    if (needed) pointers.add(pointerOf(index));
    else if ((bits & REF) !== 0 && typeof o.$ref === 'string') refs.push([index, o.$ref]);
  }
  // A `$ref` object whose target (through at most 16 refs) is needed is needed too.
  for (let round = 0, grew = true; grew && round < 16; round++) {
    grew = false;
    for (let i = 0; i < refs.length; i++) {
      const [at, ref] = refs[i]!;
      if (ref === '') continue;
      const target = refToPointer(ref);
      if (target === undefined || !pointers.has(target)) continue;
      pointers.add(pointerOf(at));
      refs[i] = [at, '']; // spelled once
      grew = true;
    }
  }
  return { used, pointers };
}
