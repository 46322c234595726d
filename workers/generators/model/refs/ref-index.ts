// Every `$ref` in the description, classified once: local (resolved or not) or external. External
// refs (URLs, relative files) are only recorded: nothing here ever reads a file or the network.

import { asRecord, isRecord, type JsonRecord } from '../json-guards.ts';
import { getAtPointerThroughRefs as getAtPointer, joinPointer, refToPointer } from '../parse/pointer.ts';

export interface RefSite {
  /** Pointer of the object that holds the `$ref`. */
  pointer: string;
  ref: string;
  /** Target pointer for local refs. */
  target?: string;
  kind: 'local' | 'external' | 'unresolved';
}

export interface Resolved {
  value: unknown;
  /** Pointer of the value finally reached (after following $ref chains). */
  pointer: string;
}

// Subtrees holding literal data, where a `$ref` key is just data.
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);
// Keys whose value maps arbitrary names to objects: a child named `default` there is not data.
export const NAME_MAP_KEYS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'requestBodies',
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
  'examples',
]);

export class RefIndex {
  readonly #sites: RefSite[] = [];
  /** Target pointer -> number of refs to it. */
  readonly #targetCounts = new Map<string, number>();
  /** The walk that finds every site runs on first use: building the model only resolves refs. */
  #walked = false;
  readonly #root: unknown;
  /** The object holding each site's `$ref` (what `getAtPointer(root, site.pointer)` returns). */
  readonly #holders = new Map<RefSite, JsonRecord>();
  /** Target pointer -> value (`getAtPointerThroughRefs(root, target)`), looked up once per target. */
  readonly #targets = new Map<string, unknown>();

  constructor(root: unknown) {
    this.#root = root;
  }

  /** Every `$ref` of the description, in document order. */
  get sites(): readonly RefSite[] {
    this.#walk();
    return this.#sites;
  }

  /** Target pointer -> number of refs to it. */
  get targets(): ReadonlyMap<string, number> {
    this.#walk();
    return this.#targetCounts;
  }

  #walk(): void {
    if (this.#walked) return;
    this.#walked = true;
    const root = this.#root;
    // Frames link to their parent; a pointer is only spelled out where a `$ref` is found.
    interface Frame {
      node: unknown;
      parent: Frame | undefined;
      segment: string | number;
      nameMap: boolean;
    }
    const pointerOf = (frame: Frame): string => {
      const segments: (string | number)[] = [];
      for (let f: Frame | undefined = frame; f !== undefined && f.parent !== undefined; f = f.parent)
        segments.push(f.segment);
      return joinPointer('', ...segments.reverse());
    };
    const stack: Frame[] = [{ node: root, parent: undefined, segment: '', nameMap: false }];
    while (stack.length > 0) {
      const frame = stack.pop() as Frame;
      const { node, nameMap } = frame;
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i--) {
          const item: unknown = node[i];
          if (item !== null && typeof item === 'object')
            stack.push({ node: item, parent: frame, segment: i, nameMap: false });
        }
        continue;
      }
      if (!isRecord(node)) continue;
      const ref = node.$ref;
      if (typeof ref === 'string') this.#record(pointerOf(frame), ref, node);
      for (const key of Object.keys(node)) {
        if (key === '$ref' || key.startsWith('x-')) continue;
        const value = node[key];
        if (value === null || typeof value !== 'object') continue;
        // `examples` in a Schema (3.1) is an array of data; in a Parameter/Media Type it is a map of
        // Example Objects that may themselves be refs. Data subtrees are skipped, Example maps kept.
        if (!nameMap && DATA_KEYS.has(key) && !(key === 'examples' && !Array.isArray(value))) continue;
        stack.push({ node: value, parent: frame, segment: key, nameMap: !nameMap && NAME_MAP_KEYS.has(key) });
      }
    }
  }

  #record(pointer: string, ref: string, holder: JsonRecord): void {
    const target = refToPointer(ref);
    if (target === undefined) {
      const site: RefSite = { pointer, ref, kind: 'external' };
      this.#sites.push(site);
      this.#holders.set(site, holder);
      return;
    }
    const exists = target === '' || this.#lookup(target) !== undefined;
    const site: RefSite = { pointer, ref, target, kind: exists ? 'local' : 'unresolved' };
    this.#sites.push(site);
    this.#holders.set(site, holder);
    if (exists) this.#targetCounts.set(target, (this.#targetCounts.get(target) ?? 0) + 1);
  }

  #lookup(target: string): unknown {
    if (this.#targets.has(target)) return this.#targets.get(target);
    const value = getAtPointer(this.#root, target);
    this.#targets.set(target, value);
    return value;
  }

  /** The object that holds a site's `$ref`. */
  holder(site: RefSite): JsonRecord | undefined {
    this.#walk();
    return this.#holders.get(site);
  }

  /**
   * Follows `$ref`s from a node until a non-ref value. Returns undefined for an external,
   * unresolved or cyclic chain. Sibling keys of a `$ref` are ignored (3.0 semantics; in 3.1
   * only `summary`/`description` may override, which callers read from the original node).
   */
  resolve(node: unknown, pointer: string): Resolved | undefined {
    let value = node;
    let at = pointer;
    const seen = new Set<string>();
    for (let hops = 0; hops < 64; hops++) {
      const record = asRecord(value);
      const ref = record?.$ref;
      if (typeof ref !== 'string') return { value, pointer: at };
      const target = refToPointer(ref);
      if (target === undefined || seen.has(target)) return undefined;
      seen.add(target);
      const next = target === '' ? this.#root : this.#lookup(target);
      if (next === undefined) return undefined;
      value = next;
      at = target;
    }
    return undefined;
  }

  /** Like `resolve`, but returns the node itself (and its pointer) when it cannot be resolved. */
  deref(node: unknown, pointer: string): Resolved {
    return this.resolve(node, pointer) ?? { value: node, pointer };
  }

  /** The resolved value as a record, when it is one. */
  record(node: unknown, pointer: string): { value: JsonRecord; pointer: string } | undefined {
    const resolved = this.resolve(node, pointer);
    const value = asRecord(resolved?.value);
    return value && resolved ? { value, pointer: resolved.pointer } : undefined;
  }

  /** True when following the chain from this node loops back (A -> B -> A). */
  isCyclicChain(node: unknown): boolean {
    let value = node;
    const seen = new Set<string>();
    for (let hops = 0; hops < 64; hops++) {
      const ref = asRecord(value)?.$ref;
      if (typeof ref !== 'string') return false;
      const target = refToPointer(ref);
      if (target === undefined) return false;
      if (seen.has(target)) return true;
      seen.add(target);
      value = target === '' ? this.#root : this.#lookup(target);
    }
    return true;
  }
}
