// Finds where a JSON pointer lands in a parsed YAML document, using the AST's source ranges.
// Each map's key lookup table is built once (on first visit), so a lookup costs O(depth).

import type * as Yaml from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { yamlPackage } from './yaml-package.ts';

// yaml's node tests, through the lazily loaded package (a locator exists only once it is loaded).
const isAlias = ((node: unknown) => yamlPackage().isAlias(node)) as typeof Yaml.isAlias;
const isMap = ((node: unknown) => yamlPackage().isMap(node)) as typeof Yaml.isMap;
const isPair = ((node: unknown) => yamlPackage().isPair(node)) as typeof Yaml.isPair;
const isScalar = ((node: unknown) => yamlPackage().isScalar(node)) as typeof Yaml.isScalar;
const isSeq = ((node: unknown) => yamlPackage().isSeq(node)) as typeof Yaml.isSeq;
import { isIndexSegment, PointerResolver, type PathEntry } from './pointer-cache.ts';

export interface YamlHit {
  /** Offset of the member's key, or of the item for sequence items / root. */
  offset: number;
  exact: boolean;
}

export class YamlLocator {
  readonly #doc: Document;
  readonly #tables = new WeakMap<YAMLMap, Map<string, Pair>>();

  constructor(doc: Document) {
    this.#doc = doc;
  }

  find(segments: string[]): YamlHit {
    let node: unknown = this.#doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s] as string;
      node = this.#deref(node);
      if (isMap(node)) {
        const pair = this.#table(node).get(segment);
        if (pair === undefined) return { offset, exact: false };
        offset = rangeStart(pair.key) ?? rangeStart(pair.value) ?? offset;
        node = pair.value;
      } else if (isSeq(node)) {
        if (!/^(0|[1-9][0-9]*)$/.test(segment)) return { offset, exact: false };
        const item: unknown = node.items[Number(segment)];
        if (item === undefined) return { offset, exact: false };
        offset = rangeStart(item) ?? offset;
        node = item;
      } else {
        return { offset, exact: false };
      }
    }
    return { offset, exact: true };
  }

  /** A caching resolver equivalent to `find` (its `offset` is `find(segments).offset`). */
  resolver(): PointerResolver<unknown> {
    const contents: unknown = this.#doc.contents;
    return new PointerResolver<unknown>(
      { node: contents, offset: rangeStart(contents) ?? 0, dead: false },
      (from, segment) => this.#step(from, segment),
    );
  }

  #step(from: PathEntry<unknown>, segment: string): PathEntry<unknown> | undefined {
    const node = this.#deref(from.node);
    if (isMap(node)) {
      const pair = this.#table(node).get(segment);
      if (pair === undefined) return undefined;
      return { node: pair.value, offset: rangeStart(pair.key) ?? rangeStart(pair.value) ?? from.offset, dead: false };
    }
    if (isSeq(node)) {
      if (!isIndexSegment(segment)) return undefined;
      const item: unknown = node.items[Number(segment)];
      if (item === undefined) return undefined;
      return { node: item, offset: rangeStart(item) ?? from.offset, dead: false };
    }
    return undefined;
  }

  /** The pointer of the innermost node whose text contains `offset` (for parser errors). */
  pointerAt(offset: number): string[] {
    const segments: string[] = [];
    let node: unknown = this.#doc.contents;
    for (let guard = 0; guard < 10_000; guard++) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && contains(p.key, p.value, offset));
        if (pair === undefined) break;
        segments.push(isScalar(pair.key) ? String(pair.key.value) : String(pair.key));
        if (rangeStart(pair.key) === offset) break;
        node = pair.value;
      } else if (isSeq(node)) {
        const index = node.items.findIndex((item) => contains(item, item, offset));
        if (index === -1) break;
        segments.push(String(index));
        node = node.items[index];
      } else {
        break;
      }
    }
    return segments;
  }

  #deref(node: unknown): unknown {
    let current = node;
    for (let hops = 0; hops < 16 && isAlias(current); hops++) current = current.resolve(this.#doc);
    return current;
  }

  #table(map: YAMLMap): Map<string, Pair> {
    let table = this.#tables.get(map);
    if (table === undefined) {
      table = new Map();
      this.#tables.set(map, table); // before filling: a merge cycle then sees a (partial) table
      for (const item of map.items) {
        if (!isPair(item)) continue;
        const key: unknown = item.key;
        if (isMergeKey(key)) {
          // `<<: *base` or `<<: [*a, *b]`: the merged keys are found through the aliases.
          const value = this.#deref(item.value);
          const sources = isSeq(value) ? value.items.map((v) => this.#deref(v)) : [value];
          for (const source of sources) {
            if (!isMap(source)) continue;
            for (const [k, v] of this.#table(source)) if (!table.has(k)) table.set(k, v);
          }
        } else if (isScalar(key)) {
          table.set(String(key.value), item);
        }
      }
      // Explicit keys win over merged ones: re-apply them.
      for (const item of map.items) {
        if (isPair(item) && isScalar(item.key) && !isMergeKey(item.key)) table.set(String(item.key.value), item);
      }
    }
    return table;
  }
}

function isMergeKey(key: unknown): boolean {
  return isScalar(key) && key.value === '<<';
}

function rangeStart(node: unknown): number | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const range = (node as Partial<Node>).range;
  return range ? range[0] : undefined;
}

function contains(from: unknown, to: unknown, offset: number): boolean {
  const start = rangeStart(from);
  const endNode = (to ?? from) as Partial<Node> | null;
  const end = endNode !== null && typeof endNode === 'object' && endNode.range ? endNode.range[2] : undefined;
  return start !== undefined && end !== undefined && start <= offset && offset < end;
}
