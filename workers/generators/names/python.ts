// The only ways a name or a string from a spec reaches generated Python: identifiers through
// `pyIdent`, string literals through `pyStr`, docstrings through `pyDocstring`, comments through
// `pyComment`. (openapi-python-client's advisory is the cautionary tale: never paste spec text.)

import { applyCase, type NameCase } from './case.ts';
import { casedName, type WordCasings } from './word-casings.ts';

/** `keyword.kwlist` + soft keywords that matter for bindings. */
export const PY_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'match',
  'case',
  'type',
  '_',
]);

/** Names a generated class must not take: builtins and the typing names generated code imports. */
export const PY_RESERVED_TYPES = new Set([
  'Any',
  'Dict',
  'List',
  'Literal',
  'Optional',
  'Union',
  'Mapping',
  'Sequence',
  'Tuple',
  'TypedDict',
  'Required',
  'NotRequired',
  'Protocol',
  'Callable',
  'Iterator',
  'Iterable',
  'Type',
  'TypeVar',
  'Generic',
  'ClassVar',
  'Final',
  'Annotated',
  'Self',
  'Enum',
  'Exception',
  'BaseException',
  'Warning',
  'Error',
  'object',
  'int',
  'float',
  'str',
  'bool',
  'bytes',
  'list',
  'dict',
  'set',
  'tuple',
  'type',
  'datetime',
  'date',
  'Decimal',
  'NoneType',
]);

/** Parameter names that clash with method plumbing. */
export const PY_RESERVED_PARAMS = new Set([
  'self',
  'cls',
  'options',
  'timeout',
  'extra_headers',
  'extra_query',
  'extra_body',
]);

export type PyNameKind = 'value' | 'type' | 'param' | 'member';

export interface PyIdentOptions {
  case?: NameCase | 'preserve';
  kind?: PyNameKind;
  /** Words spelt their own way in PascalCase names (partner runs: `model.client.wordCasings`); snake_case is unaffected. */
  casings?: WordCasings | undefined;
}

/** A valid, non-reserved Python identifier (ASCII) for a raw name. Defaults: snake_case, PascalCase for types. */
export function pyIdent(raw: string, options: PyIdentOptions = {}): string {
  const kind = options.kind ?? 'value';
  const nameCase = options.case ?? (kind === 'type' ? 'pascal' : 'snake');
  let name =
    nameCase === 'preserve'
      ? raw.replace(/[^A-Za-z0-9_]+/g, '_')
      : nameCase === 'pascal' && options.casings !== undefined
        ? casedName(raw, 'pascal', options.casings)
        : applyCase(raw, nameCase === 'kebab' ? 'snake' : nameCase);
  if (name === '' || /^_+$/.test(name)) name = kind === 'type' ? 'Unnamed' : 'unnamed';
  if (/^[0-9]/.test(name)) name = (kind === 'type' || nameCase === 'pascal' ? 'N' : 'n_') + name;
  if (PY_KEYWORDS.has(name)) return name + '_';
  if (kind === 'type' && PY_RESERVED_TYPES.has(name)) return name + 'Model';
  if (kind === 'param' && PY_RESERVED_PARAMS.has(name)) return name + '_';
  return name;
}

function escapeChar(ch: string, quote: string): string {
  switch (ch) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default: {
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x20 || code === 0x7f) return '\\x' + code.toString(16).padStart(2, '0');
      // Line/paragraph separators, NEL, BOM and lone surrogates (not encodable in a UTF-8 source file).
      if (
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x85 ||
        code === 0xfeff ||
        (code >= 0xd800 && code <= 0xdfff)
      ) {
        return '\\u' + code.toString(16).padStart(4, '0');
      }
      if (ch === quote) return '\\' + ch;
      return ch;
    }
  }
}

function escapeAll(value: string, quote: string): string {
  let out = '';
  // Iterate UTF-16 code units where surrogates are unpaired, code points otherwise.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value.slice(i, i + 2);
        i++;
        continue;
      }
    }
    out += escapeChar(value.charAt(i), quote);
  }
  return out;
}

/** A double-quoted Python string literal whose value is exactly `value`. */
export function pyStr(value: string): string {
  return `"${escapeAll(value, '"')}"`;
}

/** A complete `"""..."""` docstring whose text is `text` (newlines kept, `"""` and backslashes neutralised). */
export function pyDocstring(text: string, indent = ''): string {
  const normalised = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').trimEnd();
  const body = normalised
    .split('\n')
    .map((line) => escapeAll(line, '\u0000').replace(/"/g, '\\"'))
    .map((line, i) => (i === 0 || line === '' ? line : indent + line))
    .join('\n');
  return normalised.includes('\n') ? `${indent}"""${body}\n${indent}"""` : `${indent}"""${body}"""`;
}

/** `# ` comment lines for `text` (one per line; nothing can end the comment early). */
export function pyComment(text: string, indent = ''): string {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085\u000b\u000c]/g, '\n')
    .trimEnd()
    .split('\n')
    .map((line) => `${indent}#${line === '' ? '' : ' ' + escapeAll(line, '\u0000').replace(/\\\\/g, '\\')}`)
    .join('\n');
}
