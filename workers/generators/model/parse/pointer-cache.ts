// Resolves JSON pointers to source offsets one segment at a time, remembering every prefix it has
// resolved: the model asks for the location of nearly every schema, and those pointers share long
// prefixes, so each step is taken once instead of once per pointer. Iterative (no recursion on
// pointer length). Results are exactly those of walking the whole pointer from the root each time.

import { unescapePointerSegment } from './pointer.ts';

export interface PathEntry<N> {
  node: N;
  /** Offset reported for this pointer (the deepest node reached). */
  offset: number;
  /** A segment did not resolve: descendants report the same offset. */
  dead: boolean;
}

export type PathStep<N> = (from: PathEntry<N>, segment: string) => PathEntry<N> | undefined;

export class PointerResolver<N> {
  readonly #cache = new Map<string, PathEntry<N>>();
  readonly #root: PathEntry<N>;
  readonly #step: PathStep<N>;

  constructor(root: PathEntry<N>, step: PathStep<N>) {
    this.#root = root;
    this.#step = step;
    this.#cache.set('', root);
  }

  /** The offset a pointer designates (or its deepest existing ancestor's); undefined when it is not a pointer. */
  offset(pointer: string): number | undefined {
    const hit = this.#cache.get(pointer);
    if (hit !== undefined) return hit.offset;
    if (pointer.charCodeAt(0) !== 0x2f /* / */) return undefined;
    // Find the longest resolved prefix, remembering where each later segment starts.
    const bounds: number[] = [];
    let cut = pointer.length;
    let entry: PathEntry<N>;
    for (;;) {
      const slash = pointer.lastIndexOf('/', cut - 1);
      bounds.push(slash);
      if (slash === 0) {
        entry = this.#root;
        break;
      }
      const found = this.#cache.get(pointer.slice(0, slash));
      if (found !== undefined) {
        entry = found;
        break;
      }
      cut = slash;
    }
    for (let k = bounds.length - 1; k >= 0; k--) {
      const end = k === 0 ? pointer.length : (bounds[k - 1] as number);
      if (!entry.dead) {
        const segment = unescapePointerSegment(pointer.slice((bounds[k] as number) + 1, end));
        entry = this.#step(entry, segment) ?? { node: entry.node, offset: entry.offset, dead: true };
      }
      this.#cache.set(k === 0 ? pointer : pointer.slice(0, end), entry);
    }
    return entry.offset;
  }
}

/** True for an array index segment (`0`, `17`; not `01`, `-1`, ``). */
export function isIndexSegment(segment: string): boolean {
  const n = segment.length;
  if (n === 0) return false;
  const first = segment.charCodeAt(0);
  if (first === 0x30 /* 0 */) return n === 1;
  for (let i = 0; i < n; i++) {
    const c = segment.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}
