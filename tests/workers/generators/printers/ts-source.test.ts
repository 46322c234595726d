// ts-source.ts writes string literals, property names, numbers and doc comments as text in the
// form the TypeScript printer gave for the equivalent `ts.factory` nodes; the printer is no longer
// in the generation path, so this holds the text builders to it here: a table of hostile strings
// plus a few thousand seeded random ones (quotes, control characters, line separators, lone
// surrogates, astral characters...), each printed both ways. Any divergence in escaping fails.
// Each literal is also parsed back by the compiler's scanner, so "the same as the printer" can
// never mean "the same wrong value".

import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tsCommentText } from '../../../../workers/generators/names/typescript.ts';
import {
  access,
  block,
  docComment,
  literalType,
  num,
  objectInline,
  objKey,
  propName,
  str,
  withDoc,
} from '../../../../workers/generators/printers/ts-source.ts';

const f = ts.factory;
const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
const scratch = ts.createSourceFile('scratch.ts', '', ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
const print = (node: ts.Node): string => printer.printNode(ts.EmitHint.Unspecified, node, scratch);

const HOSTILE = [
  '',
  'plain',
  ' ',
  '"',
  "'",
  '`',
  '``',
  '\\',
  '\\\\',
  '\\"',
  '*/',
  '/*',
  '/* */',
  '**/',
  '*\\/',
  '${}',
  '${x}',
  '`${a}`',
  '\n',
  '\r',
  '\r\n',
  '\n\r',
  '\t',
  '\v',
  '\f',
  '\b',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u007f',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\0',
  '\u00000',
  '\u00009',
  '\u0000a',
  '0\u0000',
  '\u0001',
  '\u001b[31m',
  '\u001f',
  '\ud800',
  '\udc00',
  '\udbff\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\ud83d\ude00',
  '\u{1f600}x',
  '\u{10ffff}',
  '</script>',
  '<!--',
  '-->',
  ']]>',
  'é',
  'ß',
  'Ünïcödé',
  '日本語',
  'ع',
  'Ω',
  '\u0301',
  '__proto__',
  'constructor',
  'class',
  'a-b',
  'a b',
  '1a',
  '$',
  '_',
  'a1',
  'A_$9',
  ' leading',
  'trailing ',
  '@param x',
  '{@link y}',
  'line one\nline two',
  'line\r\n * not a tag',
  '  indented\n    more',
  'end */ start /*',
  'x\n\n\ny',
  '\n\n',
  ' \n ',
];

/** A deterministic PRNG (mulberry32), so a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings mixing hostile pieces, random BMP code units (lone surrogates included), astral characters and ASCII. */
function randomStrings(count: number, seed: number): string[] {
  const random = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    const parts = Math.floor(random() * 8);
    for (let p = 0; p < parts; p++) {
      const r = random();
      if (r < 0.3) s += pick(HOSTILE);
      else if (r < 0.5) s += String.fromCharCode(Math.floor(random() * 0x20));
      else if (r < 0.7) s += String.fromCharCode(0x20 + Math.floor(random() * 0x5f));
      else if (r < 0.9) s += String.fromCharCode(Math.floor(random() * 0x10000));
      else s += String.fromCodePoint(0x10000 + Math.floor(random() * 0x100000));
    }
    out.push(s);
  }
  return out;
}

const STRINGS = [...HOSTILE, ...randomStrings(3000, 20261122)];

/** The value a string literal's source text denotes, as the compiler's scanner reads it. */
function scanned(literal: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, literal);
  expect(scanner.scan()).toBe(ts.SyntaxKind.StringLiteral);
  const value = scanner.getTokenValue();
  expect(scanner.scan()).toBe(ts.SyntaxKind.EndOfFileToken);
  return value;
}

/** Runs `check` on every input and reports the diverging ones (up to 20) in one assertion. */
function expectAll<T>(inputs: readonly T[], check: (input: T) => [string, string]): void {
  const diverging: { input: T; ours: string; printer: string }[] = [];
  for (const input of inputs) {
    const [ours, printed] = check(input);
    if (ours !== printed) diverging.push({ input, ours, printer: printed });
  }
  expect(diverging.slice(0, 20)).toEqual([]);
}

/** The factory path's doc comment (as the former ts-dsl.ts builder attached it): every line escaped, the printer lays it out. */
function printerDoc<T extends ts.Node>(node: T, lines: readonly (string | undefined)[]): T {
  const text = lines
    .filter((line): line is string => line !== undefined && line.trim() !== '')
    .map((line) => tsCommentText(line).trimEnd())
    .join('\n\n');
  if (text === '') return node;
  const body = text.split('\n');
  const comment =
    body.length === 1 ? `* ${body[0]} ` : `*\n${body.map((line) => (line === '' ? ' *' : ` * ${line}`)).join('\n')}\n `;
  return ts.addSyntheticLeadingComment(node, ts.SyntaxKind.MultiLineCommentTrivia, comment, true);
}

describe('ts-source against the TypeScript printer', () => {
  it('str() writes every string as the printer does, ASCII only, denoting the same value', () => {
    expectAll(STRINGS, (s) => [str(s), print(f.createStringLiteral(s))]);
    // ASCII without control characters except DEL (U+007F), which the printer leaves raw: it is harmless in a literal.
    const wrong = STRINGS.filter((s) => !/^[\x20-\x7f]*$/.test(str(s)) || scanned(str(s)) !== s);
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('object keys, property names and property access are written as the printer does', () => {
    const names = [
      ...new Set([...STRINGS, ...STRINGS.map((s) => s.replace(/[^A-Za-z0-9_$]/g, '')).filter((s) => s !== '')]),
    ];
    const prop = (name: string): ts.PropertyName =>
      /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? f.createIdentifier(name) : f.createStringLiteral(name);
    const key = (name: string): ts.PropertyName =>
      name === '__proto__' ? f.createComputedPropertyName(f.createStringLiteral(name)) : prop(name);
    expectAll(names, (name) => [
      objectInline([`${objKey(name)}: true`]),
      print(f.createObjectLiteralExpression([f.createPropertyAssignment(key(name), f.createTrue())], false)),
    ]);
    expectAll(names, (name) => [
      block('interface X ', [`${propName(name)}: string;`]),
      print(
        f.createInterfaceDeclaration(undefined, 'X', undefined, undefined, [
          f.createPropertySignature(
            undefined,
            prop(name),
            undefined,
            f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
          ),
        ]),
      ),
    ]);
    expectAll(names, (name) => [
      access('x', name),
      print(
        /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)
          ? f.createPropertyAccessExpression(f.createIdentifier('x'), name)
          : f.createElementAccessExpression(f.createIdentifier('x'), f.createStringLiteral(name)),
      ),
    ]);
  });

  it('numbers and literal types are written as the printer does', () => {
    const random = rng(7);
    const bits = new DataView(new ArrayBuffer(8));
    const numbers = [
      0,
      -0,
      1,
      -1,
      0.5,
      -1.5,
      0.1 + 0.2,
      1e21,
      1e-7,
      -1e-7,
      123456789012345680000,
      5e-324,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 2,
      -(2 ** 31),
    ];
    for (let i = 0; i < 2000; i++) {
      bits.setUint32(0, Math.floor(random() * 2 ** 32));
      bits.setUint32(4, Math.floor(random() * 2 ** 32));
      const value = bits.getFloat64(0);
      if (Number.isFinite(value)) numbers.push(value);
      numbers.push(Math.round((random() - 0.5) * 10 ** Math.floor(random() * 12)));
    }
    const factoryNum = (value: number): ts.Expression => {
      const literal = f.createNumericLiteral(Math.abs(value));
      return value < 0 || Object.is(value, -0)
        ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, literal)
        : literal;
    };
    expectAll(numbers, (value) => [num(value), print(factoryNum(value))]);
    for (const value of [NaN, Infinity, -Infinity]) expect(() => num(value)).toThrow(/finite/);

    const literalNode = (value: string | number | boolean | null): ts.TypeNode => {
      if (value === null) return f.createLiteralTypeNode(f.createNull());
      if (typeof value === 'boolean') return f.createLiteralTypeNode(value ? f.createTrue() : f.createFalse());
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword);
        const literal = f.createNumericLiteral(Math.abs(value));
        return f.createLiteralTypeNode(
          value < 0 ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, literal) : literal,
        );
      }
      return f.createLiteralTypeNode(f.createStringLiteral(value));
    };
    const literals: (string | number | boolean | null)[] = [
      null,
      true,
      false,
      NaN,
      Infinity,
      -Infinity,
      ...numbers,
      ...STRINGS,
    ];
    expectAll(literals, (value) => [literalType(value).text, print(literalNode(value))]);
  });

  it('doc comments are written as the printer lays them out, at the top level and nested', () => {
    const random = rng(11);
    const docs: (string | undefined)[][] = HOSTILE.map((s) => [s]);
    docs.push(
      [],
      [undefined],
      ['', ' '],
      ['a', undefined, 'b'],
      ['*/', '\u0001'],
      ['\u0001\u0002', 'after'],
      ['x'.repeat(300)],
    );
    for (let i = 0; i < 1500; i++) {
      const lines = Math.floor(random() * 4);
      docs.push(
        Array.from({ length: lines }, () =>
          random() < 0.1 ? undefined : (STRINGS[Math.floor(random() * STRINGS.length)] as string),
        ),
      );
    }
    const statement = (): ts.Statement =>
      f.createVariableStatement(
        undefined,
        f.createVariableDeclarationList(
          [f.createVariableDeclaration('x', undefined, undefined, f.createNumericLiteral(1))],
          ts.NodeFlags.Const,
        ),
      );
    expectAll(docs, (lines) => [withDoc('const x = 1;', lines), print(printerDoc(statement(), lines))]);
    expectAll(docs, (lines) => [
      block('interface X ', [withDoc('a: string;', lines), 'b: number;']),
      print(
        f.createInterfaceDeclaration(undefined, 'X', undefined, undefined, [
          printerDoc(
            f.createPropertySignature(undefined, 'a', undefined, f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)),
            lines,
          ),
          f.createPropertySignature(undefined, 'b', undefined, f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword)),
        ]),
      ),
    ]);
    // And structurally: nothing inside a comment can close it early.
    const early = docs.filter((lines) => docComment(lines).slice(3, -2).includes('*/'));
    expect(early).toEqual([]);
  });
});
