// A small builder over `ts.factory` and the printer, for the CLI and the docs' code samples (the SDK
// itself is built as text by ts-source.ts, in the same form, without loading the compiler).
// Identifiers are only made from names that already went through `tsIdent`; string literals are
// factory nodes whose text the printer escapes (ASCII-only output); doc comments go through
// `tsCommentText`, so `*\/` cannot close them.

import ts from 'typescript';
import { tsCommentText } from '../names/typescript.ts';

export const f = ts.factory;
export { ts };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An identifier node; refuses anything that is not a plain identifier (a generator bug). */
export function id(name: string): ts.Identifier {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return f.createIdentifier(name);
}

export function str(value: string): ts.StringLiteral {
  return f.createStringLiteral(value);
}

export function num(value: number): ts.Expression {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const literal = f.createNumericLiteral(Math.abs(value));
  return value < 0 || Object.is(value, -0) ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, literal) : literal;
}

/** A property name: bare when it is a plain identifier, else a string literal. */
export function propName(name: string): ts.PropertyName {
  return IDENTIFIER.test(name) ? f.createIdentifier(name) : f.createStringLiteral(name);
}

/** A key in an object literal: `__proto__` is computed so it defines an own property instead of setting the prototype. */
export function objKey(name: string): ts.PropertyName {
  return name === '__proto__' ? f.createComputedPropertyName(f.createStringLiteral(name)) : propName(name);
}

/** Property access `expr.name` or `expr["name"]`. */
export function access(expr: ts.Expression, name: string): ts.Expression {
  return IDENTIFIER.test(name) ? f.createPropertyAccessExpression(expr, name) : f.createElementAccessExpression(expr, f.createStringLiteral(name));
}

/** A literal type (`'a'`, `1`, `-1`, `true`, `null`). */
export function literalType(value: string | number | boolean | null): ts.TypeNode {
  if (value === null) return f.createLiteralTypeNode(f.createNull());
  if (typeof value === 'boolean') return f.createLiteralTypeNode(value ? f.createTrue() : f.createFalse());
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return kw('number');
    const literal = f.createNumericLiteral(Math.abs(value));
    return f.createLiteralTypeNode(value < 0 ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, literal) : literal);
  }
  return f.createLiteralTypeNode(f.createStringLiteral(value));
}

const KEYWORDS = {
  string: ts.SyntaxKind.StringKeyword,
  number: ts.SyntaxKind.NumberKeyword,
  boolean: ts.SyntaxKind.BooleanKeyword,
  unknown: ts.SyntaxKind.UnknownKeyword,
  never: ts.SyntaxKind.NeverKeyword,
  void: ts.SyntaxKind.VoidKeyword,
  undefined: ts.SyntaxKind.UndefinedKeyword,
} as const;

export function kw(name: keyof typeof KEYWORDS): ts.KeywordTypeNode {
  return f.createKeywordTypeNode(KEYWORDS[name]) as ts.KeywordTypeNode;
}

export function typeRef(name: string, args?: ts.TypeNode[]): ts.TypeReferenceNode {
  return f.createTypeReferenceNode(id(name), args);
}

export function union(types: ts.TypeNode[]): ts.TypeNode {
  const unique: ts.TypeNode[] = [];
  const seen = new Set<string>();
  const flat = types.flatMap((t) => (ts.isUnionTypeNode(t) ? [...t.types] : [t]));
  for (const t of flat) {
    const key = printNode(t);
    if (!seen.has(key)) {
      seen.add(key);
      unique.push(t);
    }
  }
  if (unique.length === 0) return kw('never');
  if (unique.length === 1) return unique[0] as ts.TypeNode;
  return f.createUnionTypeNode(unique);
}

export const exportMod = (): ts.ModifierLike[] => [f.createModifier(ts.SyntaxKind.ExportKeyword)];

/** Attaches a JSDoc comment (lines from the description, escaped) to a node. */
export function withDoc<T extends ts.Node>(node: T, lines: (string | undefined)[]): T {
  const text = lines
    .filter((line): line is string => line !== undefined && line.trim() !== '')
    .map((line) => tsCommentText(line).trimEnd())
    .join('\n\n');
  if (text === '') return node;
  const body = text.split('\n');
  const comment = body.length === 1 ? `* ${body[0]} ` : `*\n${body.map((line) => (line === '' ? ' *' : ` * ${line}`)).join('\n')}\n `;
  return ts.addSyntheticLeadingComment(node, ts.SyntaxKind.MultiLineCommentTrivia, comment, true);
}

/** A `// line` comment (generator-authored text only). */
export function withLineComment<T extends ts.Node>(node: T, text: string): T {
  return ts.addSyntheticLeadingComment(node, ts.SyntaxKind.SingleLineCommentTrivia, ` ${tsCommentText(text).replace(/\n/g, ' ')}`, true);
}

const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
const scratch = ts.createSourceFile('scratch.ts', '', ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);

export function printNode(node: ts.Node): string {
  return printer.printNode(ts.EmitHint.Unspecified, node, scratch);
}

/** A whole module: a header comment, then statements separated by blank lines between top-level declarations. */
export function printModule(header: string, statements: ts.Statement[]): string {
  const parts: string[] = [`// ${header}`, '// Generated code: do not edit.', ''];
  let previousImport = false;
  for (const statement of statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (parts.length > 3 && !(isImport && previousImport)) parts.push('');
    parts.push(printer.printNode(ts.EmitHint.Unspecified, statement, scratch));
    previousImport = isImport;
  }
  return parts.join('\n') + '\n';
}

/** `import { a, type B } from 'spec'` with sorted names (all type-only when `typeOnly`). */
export function importDecl(names: { name: string; typeOnly: boolean }[], from: string, typeOnly = false): ts.ImportDeclaration {
  const sorted = [...names].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return f.createImportDeclaration(
    undefined,
    f.createImportClause(typeOnly, undefined, f.createNamedImports(sorted.map((n) => f.createImportSpecifier(!typeOnly && n.typeOnly, undefined, id(n.name))))),
    str(from),
  );
}
