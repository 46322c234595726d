// The fast path for plain YAML: js-yaml (about seven times faster than the `yaml` package's
// composer) with a schema that resolves scalars exactly as `yaml`'s YAML 1.2 core schema does, and
// a listener that records where every node starts, in the same position tree the JSON path uses.
//
// It only answers for documents whose value is unambiguous: no anchors, aliases, tags, merge keys,
// directives, or keys that are not plain scalars. For anything else (and for any error, duplicate
// key or depth problem) it returns undefined and the caller composes the text with `yaml`, which
// reports errors with their exact messages. So the fast path changes speed, never results
// (tests/workers/generators/model/parse/yaml-fast.test.ts compares both paths over the corpus).

import jsyaml from 'js-yaml';
import type { JsonPosNode } from './json-positions.ts';

export interface FastYaml {
  value: unknown;
  /** Positions in the JSON path's shape: member keys' offsets as `keyStart`. */
  root: JsonPosNode;
  /** Nesting depth of maps/sequences, counted as `measureDepth` counts it. */
  depth: number;
}

const TAG_NULL = 'tag:yaml.org,2002:null';
const TAG_BOOL = 'tag:yaml.org,2002:bool';
const TAG_INT = 'tag:yaml.org,2002:int';
const TAG_FLOAT = 'tag:yaml.org,2002:float';

// `yaml`'s core schema (yaml/dist/schema/core), in its resolution order. js-yaml keeps one type
// per tag, so each tag's variants share a type: the first matching variant constructs the value.
type Variant = readonly [RegExp, (text: string) => unknown];
/**
 * `starts`: the characters a match can begin with (every plain scalar of a description is offered
 * to every type; most are words that no variant can match, and the first character says so).
 */
const scalar = (tag: string, starts: string, variants: readonly Variant[]): jsyaml.Type =>
  new jsyaml.Type(tag, {
    kind: 'scalar',
    resolve: (data: unknown) =>
      typeof data === 'string' &&
      (data === '' || starts.includes(data.charAt(0))) &&
      variants.some(([test]) => test.test(data)),
    construct: (data: string) => {
      for (const [test, construct] of variants) if (test.test(data)) return construct(data);
      return data;
    },
  });

const CORE_SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    // Empty plain scalars never reach a resolver in js-yaml (they stay null), as in `yaml`.
    scalar(TAG_NULL, '~nN', [[/^(?:~|[Nn]ull|NULL)?$/, () => null]]),
    scalar(TAG_BOOL, 'tTfF', [[/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T']]),
    scalar(TAG_INT, '+-0123456789', [
      [/^0o[0-7]+$/, (text) => parseInt(text.substring(2), 8)],
      [/^[-+]?[0-9]+$/, (text) => parseInt(text, 10)],
      [/^0x[0-9a-fA-F]+$/, (text) => parseInt(text.substring(2), 16)],
    ]),
    scalar(TAG_FLOAT, '+-.0123456789', [
      [
        /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
        (text) =>
          text.slice(-3).toLowerCase() === 'nan'
            ? NaN
            : text[0] === '-'
              ? Number.NEGATIVE_INFINITY
              : Number.POSITIVE_INFINITY,
      ],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (text) => parseFloat(text)],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (text) => parseFloat(text)],
    ]),
  ],
});
const IMPLICIT_TAGS = new Set([TAG_NULL, TAG_BOOL, TAG_INT, TAG_FLOAT]);

/** Thrown from the listener to leave the fast path; never escapes this module. */
const NOT_PLAIN = new Error('not plain YAML');

/** A closed node: its position (the tree `root` is made of) and what its parent checks. */
interface Closed extends JsonPosNode {
  kind: string | null;
  result: unknown;
  depth: number;
}

const node = (
  start: number,
  kids: JsonPosNode['kids'],
  kind: string | null,
  result: unknown,
  depth: number,
): Closed => ({ start, keyStart: start, kids, kind, result, depth });

/** The subset of js-yaml's loader state its listener sees. */
interface ListenerState {
  position: number;
  kind: string | null;
  result: unknown;
  tag: string | null;
  anchor: string | null;
}

export function parseYamlFast(text: string, maxDepth: number): FastYaml | undefined {
  // A directive (`%YAML 1.1`) changes how scalars resolve: leave it to `yaml`.
  if (/^\s*%/.test(text)) return undefined;
  // The open nodes, as two parallel stacks (an object per open node was a tenth of the parse):
  // where each starts, and its closed children once it has one (most nodes are scalars).
  const opens: number[] = [];
  const kidsOf: (Closed[] | undefined)[] = [];
  let depth = 0;
  let root: Closed | undefined;
  const listener = (event: 'open' | 'close', state: ListenerState): void => {
    if (event === 'open') {
      opens[depth] = state.position;
      kidsOf[depth] = undefined;
      depth++;
      return;
    }
    if (depth === 0) throw NOT_PLAIN;
    depth--;
    const closed = close(text, opens[depth] as number, kidsOf[depth], state);
    kidsOf[depth] = undefined;
    if (depth === 0) root = closed;
    else {
      const siblings = kidsOf[depth - 1];
      if (siblings === undefined) kidsOf[depth - 1] = [closed];
      else siblings.push(closed);
    }
  };
  let value: unknown;
  try {
    // js-yaml's depth counts every node (scalars and wrappers too); ours is checked exactly below.
    value = jsyaml.load(text, {
      schema: CORE_SCHEMA,
      listener: listener as unknown as jsyaml.LoadOptions['listener'],
      maxDepth: 2 * maxDepth + 4,
    } as jsyaml.LoadOptions);
  } catch {
    return undefined; // syntax errors, duplicate keys, NOT_PLAIN, too deep: all answered by `yaml`
  }
  if (root === undefined || depth !== 0) return undefined;
  if (root.result !== value) return undefined;
  if (root.depth > maxDepth) return undefined;
  return { value, root, depth: root.depth };
}

function close(text: string, open: number, kids: Closed[] | undefined, state: ListenerState): Closed {
  if (state.anchor !== null) throw NOT_PLAIN;
  const { kind, result, tag } = state;
  if (tag !== null && tag !== '?' && !(kind === 'scalar' && IMPLICIT_TAGS.has(tag))) throw NOT_PLAIN;
  if (kids === undefined) {
    if (kind === 'mapping' || kind === 'sequence') {
      // An empty collection (the same checks as below, with no children).
      const empty =
        kind === 'sequence'
          ? Array.isArray(result) && result.length === 0
          : result !== null && typeof result === 'object' && Object.keys(result).length === 0;
      if (!empty) throw NOT_PLAIN;
      return node(contentStart(text, open), kind === 'mapping' ? new Map() : [], kind, result, 1);
    }
    return node(contentStart(text, open), undefined, kind, result, 0);
  }
  // js-yaml reads a value that could be a block mapping's first key (a plain scalar or flow
  // collection on its own line) as a nested node, then keeps it: the outer node is the inner one.
  if (kids.length === 1) {
    const only = kids[0] as Closed;
    if (only.result === result && only.kind === kind) return only;
  }
  const start = contentStart(text, open);
  if (kind === 'mapping') {
    if (kids.length % 2 !== 0 || result === null || typeof result !== 'object') throw NOT_PLAIN;
    const map = new Map<string, JsonPosNode>();
    let depth = 0;
    for (let i = 0; i < kids.length; i += 2) {
      const key = kids[i] as Closed;
      const member = kids[i + 1] as Closed;
      const name = key.result;
      // `yaml` reads a null key as "" and merges `<<`; collection keys are stringified differently.
      if (
        key.kind !== 'scalar' ||
        name === '<<' ||
        !(typeof name === 'string' || typeof name === 'number' || typeof name === 'boolean')
      )
        throw NOT_PLAIN;
      member.keyStart = key.start;
      map.set(String(name), member);
      if (member.depth > depth) depth = member.depth;
    }
    // As many distinct keys (after String()) as pairs and as the value has: js-yaml emits no node
    // for a missing value (`? a`), which would pair a key with the next key.
    if (map.size !== kids.length / 2 || map.size !== Object.keys(result).length) throw NOT_PLAIN;
    return node(start, map, kind, result, depth + 1);
  }
  if (kind === 'sequence') {
    if (!Array.isArray(result) || result.length !== kids.length) throw NOT_PLAIN;
    let depth = 0;
    for (const item of kids) if (item.depth > depth) depth = item.depth;
    return node(start, kids, kind, result, depth + 1);
  }
  throw NOT_PLAIN; // a scalar with children
}

/** The first offset at or after `from` that is not white space, a line break or a comment. */
function contentStart(text: string, from: number): number {
  let i = from;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      i++;
    } else if (c === 0x23 /* # */ && (i === from || i === 0 || isSpace(text.charCodeAt(i - 1)))) {
      const eol = text.indexOf('\n', i);
      if (eol === -1) return n;
      i = eol + 1;
    } else {
      break;
    }
  }
  return i;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}
