// The only ways a name or a string from a spec reaches generated Go: identifiers through `goIdent`
// (exported names with the initialisms of Stainless-generated Go SDKs: `ID`, `URL`, `API`, `JSON`),
// string literals through `goStr`, comments through `goComment`, struct tag names through
// `goTagName`, package names through `goPackageName`. Output is ASCII: every other character of a
// string is an escape, so no spec text can end a literal, open a raw string (backticks), close a
// comment, or become a `//go:` directive or a build constraint.

import { applyCase, splitWords } from './case.ts';
import { casedName, stainlessWordCasings, type WordCasings } from './word-casings.ts';

/** Go's keywords: never a bare identifier. */
export const GO_KEYWORDS = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
]);

/** Predeclared identifiers: a local of that name would shadow a type or function the code uses. */
export const GO_PREDECLARED = new Set([
  'any',
  'append',
  'bool',
  'byte',
  'cap',
  'clear',
  'close',
  'comparable',
  'complex',
  'complex128',
  'complex64',
  'copy',
  'delete',
  'error',
  'false',
  'float32',
  'float64',
  'imag',
  'int',
  'int16',
  'int32',
  'int64',
  'int8',
  'iota',
  'len',
  'make',
  'max',
  'min',
  'new',
  'nil',
  'panic',
  'print',
  'println',
  'real',
  'recover',
  'rune',
  'string',
  'true',
  'uint',
  'uint16',
  'uint32',
  'uint64',
  'uint8',
  'uintptr',
]);

/**
 * Words Go names spell upper case: the initialisms of Stainless-generated SDKs (the TypeScript
 * list, `names/word-casings.ts`: `VolumeID`, `OpenAPI` in onkernel/hypeman-go) and `json`, which
 * Go SDKs spell `JSON` (openai-go `ResponseFormatJSONSchema`) though Stainless's TypeScript SDKs
 * do not.
 */
export const GO_WORD_CASINGS: WordCasings = stainlessWordCasings({
  json: { pascal: 'JSON', camel: 'json' },
  jsons: { pascal: 'JSONs', camel: 'jsons' },
});

export interface GoIdentOptions {
  /** Exported (PascalCase, the default) or unexported (camelCase). */
  exported?: boolean;
  /** Extra word casings over GO_WORD_CASINGS (a partner config's `custom_casings`). */
  casings?: WordCasings | undefined;
}

/** A valid Go identifier for a raw name; never empty, never a keyword or predeclared name. */
export function goIdent(raw: string, options: GoIdentOptions = {}): string {
  const exported = options.exported ?? true;
  const casings = options.casings === undefined ? GO_WORD_CASINGS : { ...GO_WORD_CASINGS, ...options.casings };
  let name = casedName(raw, exported ? 'pascal' : 'camel', casings);
  if (name === '') name = exported ? 'Unnamed' : 'unnamed';
  if (/^[0-9]/.test(name)) name = (exported ? 'N' : 'n') + name;
  if (!exported && (GO_KEYWORDS.has(name) || GO_PREDECLARED.has(name))) name += '_';
  return name;
}

/**
 * A Go package name (lower case letters and digits, not a keyword or a standard package the
 * generated code imports), from a raw name such as a module path's last element.
 */
export function goPackageName(raw: string): string {
  let name = splitWords(raw).join('');
  if (name === '') name = 'api';
  if (/^[0-9]/.test(name)) name = `n${name}`;
  if (GO_KEYWORDS.has(name) || GO_PREDECLARED.has(name) || GO_STD_IMPORTS.has(name) || SAMPLE_LOCALS.has(name))
    name += 'sdk';
  return name.slice(0, 64);
}

/** Standard and SDK packages generated files import: a package of that name would shadow them in its own files. */
const GO_STD_IMPORTS = new Set([
  'bytes',
  'context',
  'errors',
  'fmt',
  'http',
  'io',
  'iter',
  'json',
  'main',
  'os',
  'slices',
  'strings',
  'testing',
  'time',
  'url',
  'option',
  'param',
  'respjson',
  'pagination',
  'ssestream',
  'requestconfig',
  'apijson',
  'apierror',
  'webhooks',
]);

/**
 * Local names of the module's tests and README programs, which use the package by its name
 * (`client := petstore.NewClient(...)`): a package of that name would be shadowed by them.
 */
const SAMPLE_LOCALS = new Set([
  'cancel',
  'client',
  'ctx',
  'err',
  'first',
  'item',
  'next',
  'opts',
  'pager',
  'raw',
  'req',
  'requests',
  'res',
  'seen',
  'stream',
  't',
  'text',
  'violations',
]);

/** A module path made of safe elements (letters, digits, `-._~`), else undefined. */
export function goModulePath(candidate: string): string | undefined {
  const trimmed = candidate.trim();
  if (trimmed === '' || trimmed.length > 200) return undefined;
  const elements = trimmed.split('/');
  const valid = elements.every(
    (e) => /^[A-Za-z0-9][A-Za-z0-9._~-]*$/.test(e) && !e.endsWith('.') && !/^\.|\.\.|^_/.test(e),
  );
  return valid ? trimmed : undefined;
}

/** A double-quoted Go string literal whose value is exactly `value` (ASCII output, `\u` escapes). */
export function goStr(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else if (code >= 0xd800 && code <= 0xdfff)
      out += '\\ufffd'; // a lone surrogate is not a Unicode character
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/**
 * A wire name as it goes into a `json:"..."`, `query:"..."` or `header:"..."` tag: every character
 * that encoding/json could not carry in a tag name, or that would end the tag (quotes, backslashes,
 * commas, backticks, `%`, spaces, anything not ASCII), is percent-encoded; the SDK's encoders
 * decode it (`internal/apijson.ParseTag`).
 */
export function goTagName(name: string): string {
  // A bare `-` would mean "not on the wire" to encoding/json and to the SDK's encoders.
  if (name === '-') return '%2D';
  let out = '';
  for (const byte of new TextEncoder().encode(name)) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.\-+/:;<=>?@[\]^{|}~!#$&()*]/.test(ch)
      ? ch
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Comment text as lines `gofmt` leaves as they are: gofmt reformats doc comments (go/doc/comment),
 * so no line is indented (that would be a code block), runs of blank lines are one, there are no
 * leading or trailing blank lines, and a line that reads as a link definition, a build constraint
 * or a directive is prefixed so it stays prose. Control characters and byte-order marks are dropped.
 */
export function goCommentLines(text: string): string[] {
  const cleaned = text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\ufeff\ud800-\udfff]/g, '');
  const out: string[] = [];
  for (const raw of cleaned.split('\n')) {
    const line = raw.replace(/\t/g, ' ').trim();
    if (line === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    // gofmt turns `` and '' into typographic quotes in doc comments: a space keeps them as written.
    let text = line;
    while (text.includes("''")) text = text.replace(/''/g, "' '");
    while (text.includes('``')) text = text.replace(/``/g, '` `');
    out.push(/^(\+build|go:|line |extern |export |#cgo|\[[^\]]*\]:)/.test(text) ? `| ${text}` : text);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  // A one-line paragraph between two others that ends in a letter or digit is an old-style heading
  // to gofmt (rewritten `# ...`): a final period keeps it a paragraph.
  for (let i = 2; i < out.length - 2; i++)
    if (out[i - 1] === '' && out[i + 1] === '' && /[A-Za-z0-9]$/.test(out[i] as string)) out[i] = `${out[i]}.`;
  return out;
}

/** A `//` comment at the given indentation (tabs); blank lines are bare `//`. */
export function goComment(text: string, indent = ''): string {
  const lines = goCommentLines(text);
  if (lines.length === 0) return '';
  return lines.map((line) => (line.trim() === '' ? `${indent}//` : `${indent}// ${line}`)).join('\n');
}

/** `applyCase` for environment variable names (re-exported for the emitter). */
export const screamingCase = (raw: string): string => applyCase(raw, 'screaming');
