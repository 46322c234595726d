// TypeScript source text for the SDK, built as strings in exactly the form the TypeScript printer
// gave for the `ts.factory` trees this package used to build (4-space indentation, double-quoted
// ASCII-only string literals, `/** */` comments re-indented line by line). Loading the compiler and
// printing through it was most of the SDK's generation time; the output is byte for byte the same.
//
// Escaping stays structural: a string from the description reaches the output only through
// `str` (the printer's own escaping, ported below), `propName` / `objKey` / `access` (which use
// `str` for anything that is not a plain identifier), `id` (refuses anything else) and `withDoc`
// (through `tsCommentText`, so `*\/` cannot close a comment).
//
// Every fragment is built at indentation level 0; a container indents its children with `indent`.
// That is exact because the printer's indentation only depends on nesting: no fragment has a
// blank line, literals never contain a raw line break, and comment lines are re-indented by the
// printer to the writer's level plus their own leading space.

import { compareCodeUnits } from '../core/files.ts';
import { tsCommentText } from '../names/typescript.ts';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An identifier; refuses anything that is not a plain identifier (a generator bug). */
export function id(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return name;
}

// The printer's `escapeNonAsciiString` for a double-quoted literal (typescript/src/compiler/utilities.ts).
const DOUBLE_QUOTE_ESCAPED = /[\\"\u0000-\u001f\u2028\u2029\u0085]/g;
const NON_ASCII = /[^\u0000-\u007f]/g;
/** Printable ASCII without `"` or `\\`: a string the escaping leaves as it is (the common case). */
const PLAIN_STRING = /^[\u0020\u0021\u0023-\u005b\u005d-\u007e]*$/;
const ESCAPES: Record<string, string> = {
  '\t': '\\t',
  '\v': '\\v',
  '\f': '\\f',
  '\b': '\\b',
  '\r': '\\r',
  '\n': '\\n',
  '\\': '\\\\',
  '"': '\\"',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
  '\u0085': '\\u0085',
};

function utf16Escape(ch: string): string {
  return '\\u' + ('0000' + ch.charCodeAt(0).toString(16).toUpperCase()).slice(-4);
}

function escapeReplacement(ch: string, offset: number, input: string): string {
  if (ch === '\u0000') {
    // `\0` before a digit would read as an octal escape (an error in strict mode).
    const next = input.charCodeAt(offset + 1);
    return next >= 48 && next <= 57 ? '\\x00' : '\\0';
  }
  return ESCAPES[ch] ?? utf16Escape(ch);
}

/** A double-quoted string literal whose value is exactly `value`, ASCII only (as the printer writes it). */
export function str(value: string): string {
  if (PLAIN_STRING.test(value)) return `"${value}"`;
  const escaped = value.replace(DOUBLE_QUOTE_ESCAPED, escapeReplacement);
  return `"${escaped.replace(NON_ASCII, utf16Escape)}"`;
}

/** A numeric literal (negative numbers as a prefix minus; `-0` keeps its sign). */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const text = String(Math.abs(value));
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}

/** A property name: bare when it is a plain identifier, else a string literal. */
export function propName(name: string): string {
  return IDENTIFIER.test(name) ? name : str(name);
}

/** A key in an object literal: `__proto__` is computed so it defines an own property instead of setting the prototype. */
export function objKey(name: string): string {
  return name === '__proto__' ? `[${str(name)}]` : propName(name);
}

/** Property access `expr.name` or `expr["name"]`. */
export function access(expr: string, name: string): string {
  return IDENTIFIER.test(name) ? `${expr}.${name}` : `${expr}[${str(name)}]`;
}

/** Every line of a fragment one level (4 spaces) deeper. */
export function indent(code: string): string {
  return '    ' + code.replaceAll('\n', '\n    ');
}

/** `head {` + one indented line per item + `}` (the printer's multi-line block, `{\n}` when empty). */
export function block(head: string, items: string[], tail = ''): string {
  if (items.length === 0) return `${head}{\n}${tail}`;
  return `${head}{\n${items.map(indent).join('\n')}\n}${tail}`;
}

/** A multi-line object literal (`{}` when empty). */
export function objectLines(properties: string[]): string {
  return properties.length === 0 ? '{}' : `{\n${properties.map(indent).join(',\n')}\n}`;
}

/** A single-line object literal (`{}` when empty). */
export function objectInline(properties: string[]): string {
  return properties.length === 0 ? '{}' : `{ ${properties.join(', ')} }`;
}

/** A multi-line array literal (`[]` when empty): one element a line, as the printer writes `multiLine` arrays. */
export function arrayLines(items: string[]): string {
  return items.length === 0 ? '[]' : `[\n${items.map(indent).join(',\n')}\n]`;
}

/** A single-line array literal (`[]` when empty). */
export function arrayInline(items: string[]): string {
  return `[${items.join(', ')}]`;
}

/** Every character `tsCommentText` changes: a line without any is left as it is (most description text). */
const COMMENT_ESCAPED = /[\r\u2028\u2029\u0085\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\*\//;

/** The lines of a JSDoc comment from description lines (escaped by `tsCommentText`), as the printer lays them out at level 0. */
export function docComment(lines: readonly (string | undefined)[]): string {
  const parts: string[] = [];
  for (const line of lines) {
    if (line === undefined || line.trim() === '') continue;
    // Kept even when escaping empties it (a line of control characters), as the printer path did.
    parts.push((COMMENT_ESCAPED.test(line) ? tsCommentText(line) : line).trimEnd());
  }
  const text = parts.join('\n\n');
  if (text === '') return '';
  if (!text.includes('\n')) return `/** ${text} */`;
  // The printer trims each comment line and indents it to its level plus the line's own leading space.
  let out = '/**';
  for (const line of text.split('\n')) out += `\n ${`* ${line}`.trimEnd()}`;
  return `${out}\n */`;
}

/** A fragment preceded by its JSDoc comment (none when every line is empty). */
export function withDoc(code: string, lines: readonly (string | undefined)[]): string {
  const comment = docComment(lines);
  return comment === '' ? code : `${comment}\n${code}`;
}

/** A whole module: a header comment, then statements separated by blank lines except between consecutive imports. */
export function printModule(header: string, statements: string[]): string {
  let out = `// ${header}\n// Generated code: do not edit.\n`;
  let previousImport = false;
  statements.forEach((statement, i) => {
    const isImport = statement.startsWith('import ');
    out += i === 0 || (isImport && previousImport) ? '\n' : '\n\n';
    out += statement;
    previousImport = isImport;
  });
  return out + '\n';
}

/** `import { a, type B } from "spec";` with sorted names (all type-only when `typeOnly`). */
export function importDecl(names: { name: string; typeOnly: boolean }[], from: string, typeOnly = false): string {
  const sorted = [...names].sort((a, b) => compareCodeUnits(a.name, b.name));
  const list = sorted.map((n) => (!typeOnly && n.typeOnly ? `type ${id(n.name)}` : id(n.name))).join(', ');
  return `import ${typeOnly ? 'type ' : ''}{ ${list} } from ${str(from)};`;
}

/**
 * A type as source text, with what the factory needed to parenthesize it inside other types:
 * union and intersection members keep their (parenthesized) constituents for flattening.
 */
export interface TypeCode {
  readonly text: string;
  readonly kind: 'union' | 'intersection' | 'other';
  /** The members as printed inside the union (unions only). */
  readonly members?: readonly TypeCode[];
}

const other = (text: string): TypeCode => ({ text, kind: 'other' });

const KEYWORDS = {
  string: other('string'),
  number: other('number'),
  boolean: other('boolean'),
  unknown: other('unknown'),
  never: other('never'),
  void: other('void'),
  undefined: other('undefined'),
} as const;

export function kw(name: keyof typeof KEYWORDS): TypeCode {
  return KEYWORDS[name];
}

export function typeRef(name: string, args?: TypeCode[]): TypeCode {
  return other(
    args === undefined || args.length === 0 ? id(name) : `${id(name)}<${args.map((a) => a.text).join(', ')}>`,
  );
}

/** A literal type (`"a"`, `1`, `-1`, `true`, `null`); a non-finite number is `number`. */
export function literalType(value: string | number | boolean | null): TypeCode {
  if (value === null) return other('null');
  if (typeof value === 'boolean') return other(value ? 'true' : 'false');
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return kw('number');
    const text = String(Math.abs(value));
    return other(value < 0 ? `-${text}` : text);
  }
  return other(str(value));
}

/** A union or intersection constituent: the factory parenthesizes nested unions and intersections. */
function constituent(type: TypeCode): TypeCode {
  return type.kind === 'other' ? type : other(`(${type.text})`);
}

/** A union of exactly these members (no flattening or de-duplication: `union` does that). */
export function unionOf(types: TypeCode[]): TypeCode {
  const members = types.map(constituent);
  return { text: members.map((m) => m.text).join(' | '), kind: 'union', members };
}

/** A flattened union with duplicate members (by text) removed; `never` when empty. */
export function union(types: TypeCode[]): TypeCode {
  const unique: TypeCode[] = [];
  const seen = new Set<string>();
  for (const type of types) {
    for (const member of type.kind === 'union' ? (type.members as readonly TypeCode[]) : [type]) {
      if (seen.has(member.text)) continue;
      seen.add(member.text);
      unique.push(member);
    }
  }
  if (unique.length === 0) return kw('never');
  if (unique.length === 1) return unique[0] as TypeCode;
  return unionOf(unique);
}

export function intersection(types: TypeCode[]): TypeCode {
  return { text: types.map((t) => constituent(t).text).join(' & '), kind: 'intersection' };
}

/** `T[]` (a union or intersection element type parenthesized). */
export function arrayType(element: TypeCode): TypeCode {
  return other(`${constituent(element).text}[]`);
}

/** `T["name"]`. */
export function indexedAccess(object: TypeCode, index: TypeCode): TypeCode {
  return other(`${constituent(object).text}[${index.text}]`);
}

/** A type literal: one member a line (`{}` when empty). */
export function typeLiteral(members: string[]): TypeCode {
  return other(members.length === 0 ? '{}' : `{\n${members.map(indent).join('\n')}\n}`);
}

/** `[key: string]: T;` */
export function indexSignature(type: TypeCode): string {
  return `[key: string]: ${type.text};`;
}
