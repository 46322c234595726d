// Parses a description (YAML or JSON) into a plain value plus a `locate(pointer)` that maps any
// JSON pointer back to line:column in the original text. Never throws on bad input: every
// problem becomes a diagnostic, and limits stop oversized, too-deep and alias-bomb inputs.

import { parseDocument as parseYamlDocument } from 'yaml';
import type { Diagnostic, SourceLocation } from '../types.ts';
import { findJsonPos, scanJson } from './json-positions.ts';
import { resolveLimits, type ParseLimits } from './limits.ts';
import { LineIndex } from './line-index.ts';
import { joinPointer, splitPointer } from './pointer.ts';
import { measureDepth } from './value-depth.ts';
import { YamlLocator } from './yaml-locator.ts';

export interface ParsedDocument {
  format: 'json' | 'yaml';
  value: unknown;
  /** Location of the node a pointer designates (of its key, for object members); the nearest
   * existing ancestor when the pointer does not fully resolve. */
  locate(pointer: string): SourceLocation;
  /** Number of lines in the text. */
  lineCount: number;
}

export interface ParseResult {
  document?: ParsedDocument;
  diagnostics: Diagnostic[];
}

export function parseDocument(input: string, partialLimits?: Partial<ParseLimits>): ParseResult {
  const limits = resolveLimits(partialLimits);
  const diagnostics: Diagnostic[] = [];
  const fail = (ruleId: string, message: string, line = 0, column = 0): ParseResult => {
    diagnostics.push({ ruleId, severity: 'error', message, pointer: '', line, column });
    return { diagnostics };
  };

  // Cheap size check first (UTF-16 length <= UTF-8 bytes), exact one only when close.
  if (input.length > limits.maxBytes || Buffer.byteLength(input, 'utf8') > limits.maxBytes) {
    const size = input.length > limits.maxBytes ? `more than ${limits.maxBytes}` : String(Buffer.byteLength(input, 'utf8'));
    return fail('parse/too-large', `The description is ${size} bytes; the limit is ${limits.maxBytes} bytes.`);
  }
  // A BOM becomes a space so offsets (and so columns) still match the text the user sent.
  const text = input.charCodeAt(0) === 0xfeff ? ' ' + input.slice(1) : input;
  if (text.trim() === '') return fail('parse/empty', 'The description is empty.');

  const lines = new LineIndex(text);
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    const json = parseJson(text, limits, lines, diagnostics);
    if (json !== undefined) return json;
    // Not strict JSON: it may still be YAML flow syntax (comments, single quotes). Try YAML below,
    // and if that fails too the JSON error (already recorded) is the one reported.
    const yaml = parseYaml(text, limits, lines, []);
    if (yaml.document !== undefined) {
      // Accepted as YAML (a superset of JSON), but say that it is not valid JSON.
      const jsonError = diagnostics.map((d) => ({ ...d, ruleId: 'parse/invalid-json', severity: 'warning' as const, message: `${d.message} (read as YAML instead)` }));
      return { document: yaml.document, diagnostics: [...jsonError, ...yaml.diagnostics] };
    }
    return { diagnostics };
  }
  return parseYaml(text, limits, lines, diagnostics);
}

function parseJson(
  text: string,
  limits: ParseLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
): ParseResult | undefined {
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
      diagnostics: [
        ...diagnostics,
        depthDiagnostic(limits.maxDepth, at.line, at.column),
      ],
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
  const locate = (pointer: string): SourceLocation => {
    const segments = splitPointer(pointer);
    if (root === undefined || segments === undefined) return { pointer, line: 1, column: 1 };
    const hit = findJsonPos(root, segments);
    const at = lines.at(hit.node.keyStart);
    return { pointer, line: at.line, column: at.column };
  };
  return { document: { format: 'json', value, locate, lineCount: lines.lineCount }, diagnostics };
}

function parseYaml(text: string, limits: ParseLimits, lines: LineIndex, diagnostics: Diagnostic[]): ParseResult {
  const flowDepth = approximateFlowDepth(text);
  if (flowDepth.depth > limits.maxDepth * 4) {
    const at = lines.at(flowDepth.offset);
    diagnostics.push(depthDiagnostic(limits.maxDepth, at.line, at.column));
    return { diagnostics };
  }
  const doc = parseYamlDocument(text, {
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
    strict: false,
    stringKeys: false,
  });
  let fatal = false;
  let locator: YamlLocator | undefined;
  for (const error of doc.errors) {
    const at = lines.at(error.pos[0]);
    if (error.code === 'DUPLICATE_KEY') {
      locator ??= new YamlLocator(doc);
      const segments = locator.pointerAt(error.pos[0]);
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
    value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
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
      diagnostics.push({ ruleId: 'parse/syntax', severity: 'error', message: `Invalid YAML: ${message}`, pointer: '', line: 1, column: 1 });
    }
    return { diagnostics };
  }
  const depth = measureDepth(value, limits.maxDepth);
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
  const found = locator ?? new YamlLocator(doc);
  const locate = (pointer: string): SourceLocation => {
    const segments = splitPointer(pointer);
    if (segments === undefined) return { pointer, line: 1, column: 1 };
    const at = lines.at(found.find(segments).offset);
    return { pointer, line: at.line, column: at.column };
  };
  return { document: { format: 'yaml', value, locate, lineCount: lines.lineCount }, diagnostics };
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
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        at = i;
      }
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if (c === 0x22 || c === 0x27) {
      const close = text.indexOf(c === 0x22 ? '"' : "'", i + 1);
      const eol = text.indexOf('\n', i + 1);
      // Only skip strings that close on the same line (a lone apostrophe in prose must not eat the file).
      if (close !== -1 && (eol === -1 || close < eol)) i = close;
    }
  }
  return { depth: max, offset: at };
}
