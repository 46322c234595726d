// Parses a description (YAML or JSON) into a plain value plus a `locate(pointer)` that maps any
// JSON pointer back to line:column in the original text. Never throws on bad input: every
// problem becomes a diagnostic, and limits stop oversized, too-deep and alias-bomb inputs.

import type { Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Diagnostic, SourceLocation } from '../types.ts';
import { jsonResolver, scanJson } from './json-positions.ts';
import { resolveLimits, type ParseLimits } from './limits.ts';
import { LineIndex } from './line-index.ts';
import { joinPointer } from './pointer.ts';
import { measureDepth } from './value-depth.ts';
import { parseYamlFast } from './yaml-fast.ts';
import { mayHoldUnpairedSurrogates, replaceUnpairedSurrogates } from './unpaired-surrogates.ts';
import { YamlLocator } from './yaml-locator.ts';
import { yamlPackage } from './yaml-package.ts';

export interface ParsedDocument {
  format: 'json' | 'yaml';
  value: unknown;
  /** Location of the node a pointer designates (of its key, for object members); the nearest
   * existing ancestor when the pointer does not fully resolve. */
  locate(pointer: string): SourceLocation;
  /**
   * `locate`, resolved only when the location's `line` or `column` is first read: the model keeps
   * a location for every node it builds and few are ever read (diagnostics, the diff).
   */
  locateLazily(pointer: string): SourceLocation;
}

export interface ParseResult {
  document?: ParsedDocument;
  diagnostics: Diagnostic[];
}

/** What each format's parser returns: `locateLazily` is derived from `locate` for all of them. */
interface TextResult {
  document?: Omit<ParsedDocument, 'locateLazily'>;
  diagnostics: Diagnostic[];
}

export interface ParseOptions {
  /** Take the js-yaml fast path for plain YAML (default true); false always composes with `yaml`. */
  yamlFastPath?: boolean;
}

/**
 * The last two descriptions parsed, when this process keeps them (`keepLastParses`): a run's process
 * parses its one description three times otherwise, for the analysis, the wire tests' mock
 * (workers/pipeline/mock-description.ts) and the diff against the project's previous description
 * (diff/description/load-model.ts, which parses the previous one first: hence two), 0.2-0.3 s
 * each on the Stripe-sized description, on the one thread every step's emitting waits on. The
 * parsed value is then shared, so no reader may change it, and none does:
 * tests/workers/generators/model/parse/shared-parse.test.ts runs each on a frozen one. Off by
 * default: a long-lived process (the API) would hold its last descriptions.
 */
const KEPT = 2;
let kept: { input: string; key: string; result: ParseResult }[] | undefined;

/** From now on this process keeps its last parses and answers the same text under the same limits from them. */
export function keepLastParses(): void {
  kept ??= [];
}

export function parseDocument(
  input: string,
  partialLimits?: Partial<ParseLimits>,
  options: ParseOptions = {},
): ParseResult {
  if (kept === undefined) return parseAfresh(input, partialLimits, options);
  const limits = resolveLimits(partialLimits);
  const key = [
    limits.maxBytes,
    limits.maxDepth,
    limits.maxAliasCount,
    limits.maxDiagnostics,
    options.yamlFastPath ?? true,
  ].join('/');
  const at = kept.findIndex((entry) => entry.key === key && entry.input === input);
  if (at >= 0) {
    const [entry] = kept.splice(at, 1);
    kept.unshift(entry!);
    const { document, diagnostics } = entry!.result;
    return { ...(document ? { document } : {}), diagnostics: [...diagnostics] };
  }
  const result = parseAfresh(input, partialLimits, options);
  kept.unshift({ input, key, result: { ...result, diagnostics: [...result.diagnostics] } });
  kept.length = Math.min(kept.length, KEPT);
  return result;
}

function parseAfresh(
  input: string,
  partialLimits: Partial<ParseLimits> | undefined,
  options: ParseOptions,
): ParseResult {
  const parsed = parseText(input, partialLimits, options);
  if (parsed.document === undefined) return { diagnostics: parsed.diagnostics };
  const locate = parsed.document.locate;
  const locateLazily = (pointer: string): SourceLocation => new LazyLocation(pointer, locate);
  const document: ParsedDocument = { ...parsed.document, locateLazily };
  const result: ParseResult = { document, diagnostics: parsed.diagnostics };
  if (mayHoldUnpairedSurrogates(input)) {
    const changed = replaceUnpairedSurrogates(document.value);
    if (changed > 0) {
      result.diagnostics.push({
        ruleId: 'parse/unpaired-surrogate',
        severity: 'warning',
        message: `${changed} string${changed === 1 ? '' : 's'} or key${changed === 1 ? '' : 's'} held unpaired UTF-16 surrogates, which have no UTF-8 form; each was replaced with U+FFFD.`,
        pointer: '',
        line: 1,
        column: 1,
      });
    }
  }
  return result;
}

/**
 * A location whose line:column is looked up when first read. A class, not an object literal with
 * getters: the model makes one per node it builds (about 100,000 for a 3 MB description), and
 * accessors on the prototype cost one small object each instead of an object and two closures.
 * `toJSON` keeps it serialising as the plain location it stands for.
 */
class LazyLocation implements SourceLocation {
  readonly pointer: string;
  #locate: ((pointer: string) => SourceLocation) | undefined;
  #at: SourceLocation | undefined;

  constructor(pointer: string, locate: (pointer: string) => SourceLocation) {
    this.pointer = pointer;
    this.#locate = locate;
  }

  #resolved(): SourceLocation {
    if (this.#at === undefined) {
      this.#at = (this.#locate as (pointer: string) => SourceLocation)(this.pointer);
      this.#locate = undefined;
    }
    return this.#at;
  }

  get line(): number {
    return this.#resolved().line;
  }

  get column(): number {
    return this.#resolved().column;
  }

  toJSON(): SourceLocation {
    return { pointer: this.pointer, line: this.line, column: this.column };
  }
}

function parseText(input: string, partialLimits?: Partial<ParseLimits>, options: ParseOptions = {}): TextResult {
  const limits = resolveLimits(partialLimits);
  const diagnostics: Diagnostic[] = [];
  const fail = (ruleId: string, message: string, line = 0, column = 0): TextResult => {
    diagnostics.push({ ruleId, severity: 'error', message, pointer: '', line, column });
    return { diagnostics };
  };

  // Cheap size check first (UTF-16 length <= UTF-8 bytes), exact one only when close.
  if (input.length > limits.maxBytes || Buffer.byteLength(input, 'utf8') > limits.maxBytes) {
    const size =
      input.length > limits.maxBytes ? `more than ${limits.maxBytes}` : String(Buffer.byteLength(input, 'utf8'));
    return fail('parse/too-large', `The description is ${size} bytes; the limit is ${limits.maxBytes} bytes.`);
  }
  // A BOM becomes a space so offsets (and so columns) still match the text the user sent.
  const text = input.charCodeAt(0) === 0xfeff ? ' ' + input.slice(1) : input;
  // The first non-whitespace character (`\s` is exactly what trim() removes), without copying the text.
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return fail('parse/empty', 'The description is empty.');

  const lines = new LineIndex(text);
  if (first === '{' || first === '[') {
    const json = parseJson(text, limits, lines, diagnostics);
    if (json !== undefined) return json;
    // Not strict JSON: it may still be YAML flow syntax (comments, single quotes). Try YAML below,
    // and if that fails too the JSON error (already recorded) is the one reported.
    const yaml = parseYaml(text, limits, lines, [], options.yamlFastPath ?? true);
    if (yaml.document !== undefined) {
      // Accepted as YAML (a superset of JSON), but say that it is not valid JSON.
      const jsonError = diagnostics.map((d) => ({
        ...d,
        ruleId: 'parse/invalid-json',
        severity: 'warning' as const,
        message: `${d.message} (read as YAML instead)`,
      }));
      return { document: yaml.document, diagnostics: [...jsonError, ...yaml.diagnostics] };
    }
    return { diagnostics };
  }
  return parseYaml(text, limits, lines, diagnostics, options.yamlFastPath ?? true);
}

function parseJson(
  text: string,
  limits: ParseLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
): TextResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const at = position ? lines.at(Number(position[1])) : { line: 0, column: 0 };
    diagnostics.push({
      ruleId: 'parse/syntax',
      severity: 'error',
      message: `Invalid JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, '')}`,
      pointer: '',
      line: at.line,
      column: at.column,
    });
    return undefined;
  }
  const scan = scanJson(text, limits.maxDepth);
  if (scan.tooDeepAt !== undefined) {
    const at = lines.at(scan.tooDeepAt);
    return {
      diagnostics: [...diagnostics, depthDiagnostic(limits.maxDepth, at.line, at.column)],
    };
  }
  const root = scan.root;
  for (const dup of scan.duplicates) {
    const at = lines.at(dup.offset);
    diagnostics.push({
      ruleId: 'parse/duplicate-key',
      severity: 'error',
      message: `Duplicate key "${dup.key}": JSON parsers disagree on which value wins (the last one is used).`,
      pointer: dup.pointer,
      line: at.line,
      column: at.column,
    });
  }
  const locate = locator(root === undefined ? undefined : jsonResolver(root), lines);
  return { document: { format: 'json', value, locate }, diagnostics };
}

/** `locate` over a resolver of pointers to offsets: the nearest existing ancestor's line:column. */
function locator(
  resolver: { offset(pointer: string): number | undefined } | undefined,
  lines: LineIndex,
): (pointer: string) => SourceLocation {
  return (pointer) => {
    const offset = resolver?.offset(pointer);
    if (offset === undefined) return { pointer, line: 1, column: 1 };
    const at = lines.at(offset);
    return { pointer, line: at.line, column: at.column };
  };
}

function parseYaml(
  text: string,
  limits: ParseLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
  fastPath: boolean,
): TextResult {
  const flowDepth = approximateFlowDepth(text);
  if (flowDepth.depth > limits.maxDepth * 4) {
    const at = lines.at(flowDepth.offset);
    diagnostics.push(depthDiagnostic(limits.maxDepth, at.line, at.column));
    return { diagnostics };
  }
  // Plain YAML (no anchors, tags, merge keys; no errors) takes the fast path; its value and
  // locations are those of the path below.
  const fast = fastPath ? parseYamlFast(text, limits.maxDepth) : undefined;
  if (fast !== undefined) {
    return {
      document: { format: 'yaml', value: fast.value, locate: locator(jsonResolver(fast.root), lines) },
      diagnostics,
    };
  }
  // yaml's own duplicate-key check compares each key with every earlier key of its map (quadratic
  // in the size of `paths` or `components/schemas`), so the document is composed without it and
  // checked here in one walk. When that walk suspects a duplicate, or the text has any error (so
  // duplicate errors interleave with the others), it is composed again with yaml's check, and what
  // follows sees exactly what yaml reports.
  const { parseDocument: parseYamlDocument } = yamlPackage();
  let doc = parseYamlDocument(text, YAML_OPTIONS_FAST);
  let tree = doc.errors.length === 0 ? inspectTree(doc.contents, limits.maxDepth) : undefined;
  if (tree === undefined || tree.duplicateSuspect) {
    doc = parseYamlDocument(text, YAML_OPTIONS_EXACT);
    tree = undefined;
  }
  let fatal = false;
  let yamlLocator: YamlLocator | undefined;
  for (const error of doc.errors) {
    const at = lines.at(error.pos[0]);
    if (error.code === 'DUPLICATE_KEY') {
      yamlLocator ??= new YamlLocator(doc);
      const segments = yamlLocator.pointerAt(error.pos[0]);
      const key = segments[segments.length - 1] ?? '';
      diagnostics.push({
        ruleId: 'parse/duplicate-key',
        severity: 'error',
        message: `Duplicate key "${key}": YAML requires keys in a mapping to be unique (the last value is used).`,
        pointer: joinPointer('', ...segments),
        line: at.line,
        column: at.column,
      });
      continue;
    }
    fatal = true;
    if (error.code === 'RESOURCE_EXHAUSTION') {
      diagnostics.push(depthDiagnostic(limits.maxDepth, at.line, at.column));
      break;
    }
    diagnostics.push({
      ruleId: 'parse/syntax',
      severity: 'error',
      message: `Invalid YAML: ${error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`,
      pointer: '',
      line: at.line,
      column: at.column,
    });
    if (diagnostics.length >= 50) break;
  }
  if (fatal) return { diagnostics };

  let value: unknown;
  try {
    // A plain tree's value was built by the walk (what toJS gives for it); anything else goes through toJS.
    value = tree?.plain ? tree.value : doc.toJS({ maxAliasCount: limits.maxAliasCount });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/alias/i.test(message)) {
      diagnostics.push({
        ruleId: 'parse/alias-limit',
        severity: 'error',
        message: `Too many YAML alias expansions (limit ${limits.maxAliasCount}): ${message}.`,
        pointer: '',
        line: 1,
        column: 1,
      });
    } else {
      diagnostics.push({
        ruleId: 'parse/syntax',
        severity: 'error',
        message: `Invalid YAML: ${message}`,
        pointer: '',
        line: 1,
        column: 1,
      });
    }
    return { diagnostics };
  }
  // A plain tree (no aliases, anchors, tags or merge keys) has the depth of its syntax tree, which
  // the walk above measured; anything else may share or merge subtrees, so measure the value.
  const depth = tree?.plain ? { depth: tree.depth, cyclic: false } : measureDepth(value, limits.maxDepth);
  if (depth.cyclic) {
    diagnostics.push({
      ruleId: 'parse/alias-cycle',
      severity: 'error',
      message: 'A YAML alias refers to one of its own ancestors, which makes the document infinitely deep.',
      pointer: '',
      line: 1,
      column: 1,
    });
    return { diagnostics };
  }
  if (depth.depth > limits.maxDepth) {
    diagnostics.push(depthDiagnostic(limits.maxDepth, 1, 1));
    return { diagnostics };
  }
  const locate = locator((yamlLocator ?? new YamlLocator(doc)).resolver(), lines);
  return { document: { format: 'yaml', value, locate }, diagnostics };
}

const YAML_OPTIONS_EXACT = {
  merge: true,
  uniqueKeys: true,
  prettyErrors: false,
  strict: false,
  stringKeys: false,
} as const;
const YAML_OPTIONS_FAST = { ...YAML_OPTIONS_EXACT, uniqueKeys: false } as const;

interface TreeFacts {
  /** A key may repeat within a map (yaml's check decides). */
  duplicateSuspect: boolean;
  /**
   * No aliases, anchors, explicit tags, merge keys, non-scalar keys or non-primitive scalars: the
   * plain value mirrors the tree, and `value` is what `doc.toJS()` returns for it.
   */
  plain: boolean;
  /** Nesting depth of maps/sequences (as `measureDepth` counts it); past `limit`, some value above it. */
  depth: number;
  value: unknown;
}

const NOT_PLAIN = Symbol('not plain');

/**
 * The JS value of a scalar as `toJS` gives it, or NOT_PLAIN for anything toJS would treat
 * specially (anchored or tagged nodes, objects such as YAML 1.1 timestamps, merge-key symbols).
 */
function plainScalar(node: Scalar): unknown {
  if (node.anchor !== undefined || node.tag !== undefined) return NOT_PLAIN;
  const v: unknown = node.value;
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return NOT_PLAIN;
}

/**
 * One iterative walk over a composed YAML tree: duplicate keys, plainness, depth, and (for a
 * plain tree) the JS value, built as yaml's `toJS` builds it.
 */
function inspectTree(root: unknown, limit: number): TreeFacts {
  const { isMap, isPair, isScalar, isSeq } = yamlPackage();
  const facts: TreeFacts = { duplicateSuspect: false, plain: true, depth: 0, value: undefined };
  const notPlain = (): void => {
    facts.plain = false;
  };
  if (root === null || root === undefined) {
    facts.value = root === null ? null : undefined;
    if (root === undefined) notPlain();
    return facts;
  }
  if (isScalar(root)) {
    const v = plainScalar(root);
    if (v === NOT_PLAIN) notPlain();
    else facts.value = v;
    return facts;
  }
  if (!isMap(root) && !isSeq(root)) {
    notPlain();
    return facts;
  }
  facts.value = isMap(root) ? {} : [];
  const nodes: (YAMLMap | YAMLSeq)[] = [root];
  const targets: (Record<string, unknown> | unknown[])[] = [facts.value as Record<string, unknown> | unknown[]];
  const depths: number[] = [0];
  const keys: unknown[] = [];
  // Converts a child for its parent's JS container: a primitive, a fresh container (queued), or NOT_PLAIN.
  const child = (node: unknown, level: number): unknown => {
    if (node === null) return null;
    if (isScalar(node)) return plainScalar(node);
    if (isMap(node) || isSeq(node)) {
      const target = isMap(node) ? {} : [];
      nodes.push(node);
      targets.push(target);
      depths.push(level);
      return target;
    }
    return NOT_PLAIN; // an alias (or anything unexpected)
  };
  while (nodes.length > 0) {
    const node = nodes.pop() as YAMLMap | YAMLSeq;
    const target = targets.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop() as number;
    if (node.anchor !== undefined || node.tag !== undefined) notPlain();
    const level = depth + 1;
    if (level > facts.depth) facts.depth = level;
    if (level > limit) {
      // Too deep: leave the verdict (and the duplicate check) to the exact path, as before.
      return { duplicateSuspect: true, plain: false, depth: level, value: undefined };
    }
    if (isSeq(node)) {
      const array = target as unknown[];
      for (const item of node.items) {
        if (isPair(item)) {
          notPlain();
          facts.duplicateSuspect = true;
          continue;
        }
        const v = child(item, level);
        if (v === NOT_PLAIN) notPlain();
        array.push(v);
      }
      continue;
    }
    const object = target as Record<string, unknown>;
    // yaml's rule: two keys clash when they are the same node or scalars with === values.
    const items = node.items;
    const seen = items.length <= 16 ? undefined : new Set<unknown>();
    keys.length = 0;
    for (const pair of items) {
      const key: unknown = pair.key;
      let name: string | undefined;
      if (isScalar(key)) {
        const k: unknown = key.value;
        if (seen !== undefined) {
          if (seen.has(k)) facts.duplicateSuspect = true;
          else seen.add(k);
        } else {
          if (keys.includes(k)) facts.duplicateSuspect = true;
          keys.push(k);
        }
        const v = plainScalar(key);
        // `<<` (a merge key, or a string that yaml might still treat as one) is left to toJS.
        if (v === NOT_PLAIN || v === '<<') notPlain();
        else name = v === null ? '' : String(v);
      } else {
        notPlain();
        facts.duplicateSuspect = true;
      }
      const v = child(pair.value, level);
      if (v === NOT_PLAIN) notPlain();
      if (name === undefined || !facts.plain) continue;
      // As yaml's addPairToJSMap: an inherited name (`__proto__`, `toString`) becomes an own property.
      if (name in object)
        Object.defineProperty(object, name, { value: v, writable: true, enumerable: true, configurable: true });
      else object[name] = v;
    }
  }
  if (!facts.plain) facts.value = undefined;
  return facts;
}

function depthDiagnostic(maxDepth: number, line: number, column: number): Diagnostic {
  return {
    ruleId: 'parse/max-depth',
    severity: 'error',
    message: `The description nests objects/arrays deeper than ${maxDepth} levels.`,
    pointer: '',
    line,
    column,
  };
}

/** Upper-bound-ish count of nested flow brackets (`[`, `{`), ignoring quoted strings. */
function approximateFlowDepth(text: string): { depth: number; offset: number } {
  let depth = 0;
  let max = 0;
  let at = 0;
  // Only the six characters that matter are visited (the regex engine skips the rest).
  const interesting = /[[\]{}"']/g;
  for (let m = interesting.exec(text); m !== null; m = interesting.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        at = i;
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else {
      const close = text.indexOf(c === 0x22 ? '"' : "'", i + 1);
      const eol = text.indexOf('\n', i + 1);
      // Only skip strings that close on the same line (a lone apostrophe in prose must not eat the file).
      if (close !== -1 && (eol === -1 || close < eol)) interesting.lastIndex = close + 1;
    }
  }
  return { depth: max, offset: at };
}
