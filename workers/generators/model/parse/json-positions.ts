// One pass over JSON text that records where every value (and member key) starts, finds duplicate
// keys (JSON.parse silently keeps the last one) and enforces the depth limit. Iterative, so a
// 10,000-deep document cannot overflow the stack. Assumes text JSON.parse accepted.

import { joinPointer } from './pointer.ts';
import { isIndexSegment, PointerResolver } from './pointer-cache.ts';

export interface JsonPosNode {
  /** Offset of the value's first character. */
  start: number;
  /** Offset of the member's key (its opening quote), or the value start for array items / root. */
  keyStart: number;
  kids?: Map<string, JsonPosNode> | JsonPosNode[];
}

export interface JsonDuplicateKey {
  pointer: string;
  key: string;
  offset: number;
}

export interface JsonScanResult {
  root: JsonPosNode | undefined;
  duplicates: JsonDuplicateKey[];
  /** Offset where nesting first went beyond the limit, when it did. */
  tooDeepAt?: number;
}

interface Frame {
  node: JsonPosNode;
  segment: string;
  pendingKey?: string;
  pendingKeyStart: number;
}

const WS = new Uint8Array(128);
WS[0x20] = 1;
WS[0x09] = 1;
WS[0x0a] = 1;
WS[0x0d] = 1;

export function scanJson(text: string, maxDepth: number, maxDuplicates = 1000): JsonScanResult {
  const stack: Frame[] = [];
  const duplicates: JsonDuplicateKey[] = [];
  let root: JsonPosNode | undefined;
  const n = text.length;
  let i = 0;

  const attach = (node: JsonPosNode, segmentIfContainer: string | undefined): string => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      root = node;
      return '';
    }
    const kids = top.node.kids;
    if (kids instanceof Map) {
      const key = top.pendingKey ?? '';
      node.keyStart = top.pendingKeyStart;
      if (kids.has(key) && duplicates.length < maxDuplicates) {
        duplicates.push({ pointer: pointerOf(stack, key), key, offset: top.pendingKeyStart });
      }
      kids.set(key, node);
      top.pendingKey = undefined;
      return segmentIfContainer ?? key;
    }
    if (kids !== undefined) {
      const index = kids.length;
      kids.push(node);
      return String(index);
    }
    return '';
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 128 && WS[c] === 1) {
      i++;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const node: JsonPosNode = { start: i, keyStart: i, kids: c === 0x7b ? new Map() : [] };
      const segment = attach(node, undefined);
      stack.push({ node, segment, pendingKeyStart: i });
      if (stack.length > maxDepth) return { root, duplicates, tooDeepAt: i };
      i++;
      continue;
    }
    if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
      continue;
    }
    if (c === 0x2c /* , */ || c === 0x3a /* : */) {
      i++;
      continue;
    }
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (top !== undefined && top.node.kids instanceof Map && top.pendingKey === undefined) {
        const raw = text.slice(i + 1, end - 1);
        top.pendingKey = raw.indexOf('\\') === -1 ? raw : (JSON.parse(text.slice(i, end)) as string);
        top.pendingKeyStart = i;
      } else {
        attach({ start: i, keyStart: i }, undefined);
      }
      i = end;
      continue;
    }
    // number, true, false, null
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 0x2c || d === 0x7d || d === 0x5d || (d < 128 && WS[d] === 1)) break;
      i++;
    }
    attach({ start, keyStart: start }, undefined);
  }
  return { root, duplicates };
}

/** Offset just past the closing quote of the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let j = start + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q === -1) return text.length;
    let backslashes = 0;
    let k = q - 1;
    while (k > start && text.charCodeAt(k) === 0x5c) {
      backslashes++;
      k--;
    }
    if (backslashes % 2 === 0) return q + 1;
    j = q + 1;
  }
}

function pointerOf(stack: Frame[], key: string): string {
  const segments: string[] = [];
  for (let s = 1; s < stack.length; s++) segments.push((stack[s] as Frame).segment);
  return joinPointer('', ...segments, key);
}

/** Finds the deepest node along a pointer's segments; returns it and whether the whole path matched. */
export function findJsonPos(root: JsonPosNode, segments: string[]): { node: JsonPosNode; exact: boolean } {
  let node = root;
  for (const segment of segments) {
    const kids = node.kids;
    let next: JsonPosNode | undefined;
    if (kids instanceof Map) next = kids.get(segment);
    else if (kids !== undefined && /^(0|[1-9][0-9]*)$/.test(segment)) next = kids[Number(segment)];
    if (next === undefined) return { node, exact: false };
    node = next;
  }
  return { node, exact: true };
}

/** A caching resolver equivalent to `findJsonPos` (offsets are the found node's `keyStart`). */
export function jsonResolver(root: JsonPosNode): PointerResolver<JsonPosNode> {
  return new PointerResolver<JsonPosNode>({ node: root, offset: root.keyStart, dead: false }, (from, segment) => {
    const kids = from.node.kids;
    let next: JsonPosNode | undefined;
    if (kids instanceof Map) next = kids.get(segment);
    else if (kids !== undefined && isIndexSegment(segment)) next = kids[Number(segment)];
    return next === undefined ? undefined : { node: next, offset: next.keyStart, dead: false };
  });
}
