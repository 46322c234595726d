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
  'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas', 'parameters',
  'responses', 'headers', 'requestBodies', 'securitySchemes', 'links', 'callbacks', 'pathItems', 'paths',
  'webhooks', 'content', 'encoding', 'variables', 'mapping', 'examples',
]);

export class RefIndex {
  readonly sites: RefSite[] = [];
  /** Target pointer -> number of refs to it. */
  readonly targets = new Map<string, number>();
  readonly #root: unknown;

  constructor(root: unknown) {
    this.#root = root;
    const stack: { node: unknown; pointer: string; nameMap: boolean }[] = [{ node: root, pointer: '', nameMap: false }];
    while (stack.length > 0) {
      const { node, pointer, nameMap } = stack.pop() as (typeof stack)[number];
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], pointer: pointer + '/' + i, nameMap: false });
        continue;
      }
      if (!isRecord(node)) continue;
      const ref = node.$ref;
      if (typeof ref === 'string') this.#record(pointer, ref);
      for (const key of Object.keys(node)) {
        if (key === '$ref' || key.startsWith('x-')) continue;
        const value = node[key];
        if (value === null || typeof value !== 'object') continue;
        // `examples` in a Schema (3.1) is an array of data; in a Parameter/Media Type it is a map of
        // Example Objects that may themselves be refs. Data subtrees are skipped, Example maps kept.
        if (!nameMap && DATA_KEYS.has(key) && !(key === 'examples' && !Array.isArray(value))) continue;
        stack.push({ node: value, pointer: joinPointer(pointer, key), nameMap: !nameMap && NAME_MAP_KEYS.has(key) });
      }
    }
  }

  #record(pointer: string, ref: string): void {
    const target = refToPointer(ref);
    if (target === undefined) {
      this.sites.push({ pointer, ref, kind: 'external' });
      return;
    }
    const exists = target === '' || getAtPointer(this.#root, target) !== undefined;
    this.sites.push({ pointer, ref, target, kind: exists ? 'local' : 'unresolved' });
    if (exists) this.targets.set(target, (this.targets.get(target) ?? 0) + 1);
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
      const next = target === '' ? this.#root : getAtPointer(this.#root, target);
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
      value = target === '' ? this.#root : getAtPointer(this.#root, target);
    }
    return true;
  }
}
