// The only ways a name or a string from a spec reaches generated TypeScript: identifiers through
// `tsIdent`, string literals through `tsStr`, template chunks through `tsTemplateChunk`, doc
// comments through `tsComment`, object keys through `tsPropertyKey`.

import { applyCase, type NameCase } from './case.ts';
import { casedName, type WordCasings } from './word-casings.ts';

/** Reserved words (ES strict mode + TypeScript) that cannot be used as a binding name. */
export const TS_RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
  // Type names that cannot name a type alias or interface.
  'any',
  'boolean',
  'never',
  'number',
  'object',
  'string',
  'symbol',
  'unknown',
  'bigint',
  'type',
  'declare',
  'namespace',
  'module',
  'readonly',
  'keyof',
  'infer',
  'is',
  'asserts',
  'satisfies',
  'as',
  'of',
  'get',
  'set',
  'constructor',
  'async',
]);

/** Globals a generated type must not shadow (a schema called `Error` or `Promise`). */
export const TS_GLOBAL_TYPES = new Set([
  'Array',
  'ArrayBuffer',
  'BigInt',
  'Blob',
  'Boolean',
  'Date',
  'Error',
  'File',
  'FormData',
  'Function',
  'Headers',
  'Iterable',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Omit',
  'Partial',
  'Pick',
  'Promise',
  'PromiseLike',
  'ReadableStream',
  'Readonly',
  'Record',
  'RegExp',
  'Request',
  'RequestInit',
  'Required',
  'Response',
  'Set',
  'String',
  'Symbol',
  'Uint8Array',
  'URL',
  'URLSearchParams',
  'AbortSignal',
  'Exclude',
  'Extract',
  'NonNullable',
  'ReturnType',
  'Awaited',
  'Buffer',
  'Event',
  'EventTarget',
  'TextDecoder',
  'TextEncoder',
  'WeakMap',
  'WeakSet',
  'Proxy',
  'Reflect',
  'globalThis',
  'Intl',
  'console',
  'process',
]);

export type TsNameKind = 'value' | 'type' | 'member';

export interface TsIdentOptions {
  case?: NameCase | 'preserve';
  /** `type` avoids shadowing global types; `member` (a method or property) allows reserved words. */
  kind?: TsNameKind;
  /** Words spelt their own way in camelCase / PascalCase names (partner runs: `model.client.wordCasings`). */
  casings?: WordCasings | undefined;
}

/**
 * A valid, non-reserved TypeScript identifier for a raw name. Deterministic; never empty.
 * Defaults: camelCase for values and members, PascalCase for types.
 */
export function tsIdent(raw: string, options: TsIdentOptions = {}): string {
  const kind = options.kind ?? 'value';
  const nameCase = options.case ?? (kind === 'type' ? 'pascal' : 'camel');
  const effective = nameCase === 'kebab' ? 'camel' : nameCase;
  let name: string;
  if (effective === 'preserve') name = raw.replace(/[^A-Za-z0-9_$]+/g, '_');
  else if (options.casings !== undefined && (effective === 'camel' || effective === 'pascal'))
    name = casedName(raw, effective, options.casings);
  else name = applyCase(raw, effective);
  if (name === '' || /^_+$/.test(name)) name = kind === 'type' ? 'Unnamed' : 'unnamed';
  if (/^[0-9]/.test(name)) name = (kind === 'type' || nameCase === 'pascal' ? 'N' : 'n') + name;
  if (kind === 'member') return name; // `client.delete()` and `{ default: 1 }` are legal
  if (TS_RESERVED.has(name)) return name + '_';
  if (kind === 'type' && TS_GLOBAL_TYPES.has(name)) return name + 'Model';
  return name;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key or property name: bare when it is a plain identifier, else a string literal. */
export function tsPropertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : tsStr(name);
}

/** A double-quoted TypeScript string literal whose value is exactly `value`. */
export function tsStr(value: string): string {
  // JSON.stringify escapes quotes, backslashes, control characters and lone surrogates; the line
  // and paragraph separators are escaped as well so no tool ever sees a line break inside.
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text safe inside a template literal's static part (`\``, `${`, backslashes neutralised). */
export function tsTemplateChunk(value: string): string {
  return tsStr(value).slice(1, -1).replace(/\\"/g, '"').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

/** Escaped text for inside a block comment: no `*\/` can close it, line breaks normalised. */
export function tsCommentText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** A complete `/** ... *\/` doc comment, each line prefixed, at the given indentation. */
export function tsComment(text: string, indent = ''): string {
  const lines = tsCommentText(text).trimEnd().split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`;
  return [`${indent}/**`, ...lines.map((line) => `${indent} *${line === '' ? '' : ' ' + line}`), `${indent} */`].join(
    '\n',
  );
}
