// Reads the public surface of a TypeScript SDK with the TypeScript compiler API. Parse only:
// nothing is type-checked against a program, emitted, imported or run, so code with top-level
// side effects is just text here.

import ts from 'typescript';
import { buildSurface, type RawClass, type RawMethod } from './build-surface.ts';
import { splitConcatenatedFiles } from './split-files.ts';
import type {
  SdkSourceFile,
  SdkSurface,
  SurfaceField,
  SurfaceModel,
  SurfaceParam,
  SurfaceProblem,
  ValueKind,
} from '../types.ts';

export interface TypeScriptSurfaceOptions {
  /** Total size limit of the source text in bytes (default 32 MiB); larger input is reported, not read. */
  maxBytes?: number;
  /** Syntax errors reported per file (default 5). */
  maxProblemsPerFile?: number;
}

const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const MAX_TYPE_TEXT = 120;

interface Decls {
  interfaces: Map<string, ts.InterfaceDeclaration[]>;
  aliases: Map<string, ts.TypeAliasDeclaration>;
  enums: Map<string, ts.EnumDeclaration>;
  classes: Set<string>;
}

/** Accepts the concatenated `oldSdkText` (with `// File:` headers) or a list of files. */
export function extractTypeScriptSurface(
  input: string | SdkSourceFile[],
  options: TypeScriptSurfaceOptions = {},
): SdkSurface {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const files = typeof input === 'string' ? splitConcatenatedFiles(input, 'index.ts') : input;
  const problems: SurfaceProblem[] = [];
  const total = files.reduce((n, f) => n + Buffer.byteLength(f.content, 'utf8'), 0);
  if (total > maxBytes) {
    problems.push({
      kind: 'too-large',
      message: `The SDK source is ${total} bytes; the limit is ${maxBytes} bytes. Nothing was read.`,
    });
    return buildSurface({ language: 'typescript', files: files.length, classes: [], models: [], problems });
  }
  const sources: ts.SourceFile[] = [];
  for (const file of files) {
    if (!/\.(ts|tsx|mts|cts)$/.test(file.path) || (/\.d\.ts$/.test(file.path) && /_shims\//.test(file.path))) continue;
    const sf = ts.createSourceFile(
      file.path,
      file.content,
      ts.ScriptTarget.Latest,
      true,
      file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const diags = (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
    for (const d of diags.slice(0, options.maxProblemsPerFile ?? 5)) {
      const pos = sf.getLineAndCharacterOfPosition(d.start);
      problems.push({
        kind: 'syntax',
        message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
        file: file.path,
        line: pos.line + 1,
        column: pos.character + 1,
      });
    }
    sources.push(sf);
  }
  const decls: Decls = { interfaces: new Map(), aliases: new Map(), enums: new Map(), classes: new Set() };
  for (const sf of sources) collectDecls(sf.statements, '', decls);
  const reader = new TypeReader(decls);
  const classes: RawClass[] = [];
  const models: SurfaceModel[] = [];
  let clientOptions: SurfaceField[] | undefined;
  for (const sf of sources) {
    for (const stmt of sf.statements) {
      if (ts.isClassDeclaration(stmt) && stmt.name !== undefined) classes.push(readClass(stmt, sf, reader));
      const exported = hasExport(stmt);
      if (ts.isInterfaceDeclaration(stmt) && stmt.name.text === 'ClientOptions' && clientOptions === undefined) {
        clientOptions = reader.fieldsOfDecl(stmt.name.text)?.map(toField) ?? [];
      }
      if (!exported) continue;
      if ((ts.isInterfaceDeclaration(stmt) || ts.isTypeAliasDeclaration(stmt)) && isModelName(stmt.name.text)) {
        const fields = reader.fieldsOfDecl(stmt.name.text) ?? [];
        models.push({
          name: stmt.name.text,
          fields: fields.map(toField),
          location: { file: sf.fileName, line: lineOf(sf, stmt) },
        });
      }
    }
  }
  return buildSurface({
    language: 'typescript',
    files: files.length,
    classes,
    models,
    ...(clientOptions !== undefined ? { clientOptions } : {}),
    problems,
  });
}

function isModelName(name: string): boolean {
  return !/Params$|^ClientOptions$|^RequestOptions$/.test(name);
}

function toField(p: SurfaceParam): SurfaceField {
  return { name: p.name, required: p.required, type: p.type, kind: p.kind };
}

function hasExport(node: ts.Statement): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function lineOf(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function collectDecls(statements: ts.NodeArray<ts.Statement>, prefix: string, decls: Decls): void {
  for (const stmt of statements) {
    if (ts.isInterfaceDeclaration(stmt)) {
      const key = prefix + stmt.name.text;
      decls.interfaces.set(key, [...(decls.interfaces.get(key) ?? []), stmt]);
    } else if (ts.isTypeAliasDeclaration(stmt)) {
      const key = prefix + stmt.name.text;
      if (!decls.aliases.has(key)) decls.aliases.set(key, stmt);
    } else if (ts.isEnumDeclaration(stmt)) {
      decls.enums.set(prefix + stmt.name.text, stmt);
    } else if (ts.isClassDeclaration(stmt) && stmt.name !== undefined) {
      decls.classes.add(prefix + stmt.name.text);
    } else if (
      ts.isModuleDeclaration(stmt) &&
      ts.isIdentifier(stmt.name) &&
      stmt.body !== undefined &&
      ts.isModuleBlock(stmt.body)
    ) {
      collectDecls(stmt.body.statements, `${prefix}${stmt.name.text}.`, decls);
    }
  }
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_TYPE_TEXT ? flat.slice(0, MAX_TYPE_TEXT - 1) + '…' : flat;
}

function entityNames(name: ts.EntityName): string[] {
  // `GenerationsAPI.Generation` → try `GenerationsAPI.Generation`, then `Generation`.
  const full = name.getText();
  const right = ts.isQualifiedName(name) ? name.right.text : name.text;
  return full === right ? [full] : [full, right];
}

class TypeReader {
  private readonly decls: Decls;
  constructor(decls: Decls) {
    this.decls = decls;
  }

  private lookup(names: string[]):
    | {
        iface?: ts.InterfaceDeclaration[];
        alias?: ts.TypeAliasDeclaration;
        enumDecl?: ts.EnumDeclaration;
        cls?: boolean;
      }
    | undefined {
    for (const n of names) {
      const iface = this.decls.interfaces.get(n);
      if (iface !== undefined) return { iface };
      const alias = this.decls.aliases.get(n);
      if (alias !== undefined) return { alias };
      const enumDecl = this.decls.enums.get(n);
      if (enumDecl !== undefined) return { enumDecl };
      if (this.decls.classes.has(n)) return { cls: true };
    }
    return undefined;
  }

  fieldsOfDecl(name: string): SurfaceParam[] | undefined {
    return this.fieldsOfRef([name], 0);
  }

  private fieldsOfRef(names: string[], depth: number, scope?: string): SurfaceParam[] | undefined {
    const qualified = scope !== undefined ? names.flatMap((n) => [`${scope}.${n}`, n]) : names;
    const found = this.lookup(qualified);
    if (found === undefined || depth > 8) return undefined;
    if (found.alias !== undefined) return this.fields(found.alias.type, depth + 1, found.alias.name.text);
    if (found.iface !== undefined) {
      const out: SurfaceParam[] = [];
      for (const decl of found.iface) {
        for (const clause of decl.heritageClauses ?? []) {
          for (const t of clause.types) {
            if (ts.isIdentifier(t.expression) || ts.isPropertyAccessExpression(t.expression)) {
              const text = t.expression.getText();
              const right = ts.isPropertyAccessExpression(t.expression) ? t.expression.name.text : text;
              out.push(...(this.fieldsOfRef([text, right], depth + 1) ?? []));
            }
          }
        }
        out.push(...this.members(decl.members, depth, decl.name.text));
      }
      return dedupeFields(out);
    }
    return undefined;
  }

  private members(members: ts.NodeArray<ts.TypeElement>, depth: number, scope: string): SurfaceParam[] {
    const out: SurfaceParam[] = [];
    for (const member of members) {
      if (!ts.isPropertySignature(member) || member.name === undefined) continue;
      const name =
        ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) || ts.isNumericLiteral(member.name)
          ? member.name.text
          : member.name.getText();
      const type = member.type;
      out.push({
        name,
        required: member.questionToken === undefined,
        type: type !== undefined ? shorten(type.getText()) : 'any',
        kind: type !== undefined ? this.kind(type, depth + 1, scope) : 'unknown',
        positional: false,
      });
    }
    return out;
  }

  /** Fields of an object-like type, or undefined when the type is not an object with known fields. */
  fields(node: ts.TypeNode, depth: number, scope?: string): SurfaceParam[] | undefined {
    if (depth > 8) return undefined;
    if (ts.isParenthesizedTypeNode(node)) return this.fields(node.type, depth, scope);
    if (ts.isTypeLiteralNode(node)) return this.members(node.members, depth, scope ?? '');
    if (ts.isTypeReferenceNode(node)) return this.fieldsOfRef(entityNames(node.typeName), depth + 1, scope);
    if (ts.isIntersectionTypeNode(node)) {
      const parts = node.types.map((t) => this.fields(t, depth + 1, scope));
      if (parts.every((p) => p === undefined)) return undefined;
      return dedupeFields(parts.flatMap((p) => p ?? []));
    }
    if (ts.isUnionTypeNode(node)) {
      const variants = node.types.filter((t) => !isNullish(t)).map((t) => this.fields(t, depth + 1, scope));
      if (variants.length === 0 || variants.some((v) => v === undefined)) return undefined;
      const all = variants as SurfaceParam[][];
      const merged = new Map<string, SurfaceParam>();
      for (const v of all) for (const f of v) if (!merged.has(f.name)) merged.set(f.name, f);
      return [...merged.values()].map((f) => ({
        ...f,
        required: all.every((v) => v.some((g) => g.name === f.name && g.required)),
      }));
    }
    return undefined;
  }

  kind(node: ts.TypeNode, depth: number, scope?: string): ValueKind {
    if (depth > 10) return 'unknown';
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
      case ts.SyntaxKind.TemplateLiteralType:
        return 'string';
      case ts.SyntaxKind.NumberKeyword:
      case ts.SyntaxKind.BigIntKeyword:
        return 'number';
      case ts.SyntaxKind.BooleanKeyword:
        return 'boolean';
      case ts.SyntaxKind.NullKeyword:
      case ts.SyntaxKind.UndefinedKeyword:
        return 'null';
      case ts.SyntaxKind.ArrayType:
      case ts.SyntaxKind.TupleType:
        return 'array';
      case ts.SyntaxKind.TypeLiteral:
      case ts.SyntaxKind.MappedType:
      case ts.SyntaxKind.ObjectKeyword:
        return 'object';
      default:
        break;
    }
    if (ts.isParenthesizedTypeNode(node)) return this.kind(node.type, depth, scope);
    if (ts.isTypeOperatorNode(node)) return this.kind(node.type, depth, scope);
    if (ts.isLiteralTypeNode(node)) {
      const lit = node.literal;
      if (ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit)) return 'string';
      if (ts.isNumericLiteral(lit) || ts.isPrefixUnaryExpression(lit)) return 'number';
      if (lit.kind === ts.SyntaxKind.TrueKeyword || lit.kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
      if (lit.kind === ts.SyntaxKind.NullKeyword) return 'null';
      return 'unknown';
    }
    if (ts.isUnionTypeNode(node)) return combineKinds(node.types.map((t) => this.kind(t, depth + 1, scope)));
    if (ts.isIntersectionTypeNode(node)) {
      const kinds = node.types.map((t) => this.kind(t, depth + 1, scope)).filter((k) => k !== 'unknown');
      return kinds.length > 0 && kinds.every((k) => k === kinds[0])
        ? kinds[0]!
        : kinds.includes('object')
          ? 'object'
          : 'unknown';
    }
    if (ts.isTypeReferenceNode(node)) {
      const names = entityNames(node.typeName);
      const right = names[names.length - 1] ?? '';
      if (/^(Array|ReadonlyArray|Set|Iterable|AsyncIterable)$/.test(right)) return 'array';
      if (/^(Record|Map|Partial|Pick|Omit|Required|Readonly)$/.test(right)) return 'object';
      if (/^(Uploadable|File|Blob|FileLike|BlobLike|Buffer|ReadStream|Response|ArrayBuffer|Uint8Array)$/.test(right))
        return 'file';
      if (/^(Date)$/.test(right)) return 'string';
      const qualified = scope !== undefined ? names.flatMap((n) => [`${scope}.${n}`, n]) : names;
      const found = this.lookup(qualified);
      if (found === undefined) return 'unknown';
      if (found.iface !== undefined || found.cls === true) return 'object';
      if (found.enumDecl !== undefined) {
        const first = found.enumDecl.members[0]?.initializer;
        return first !== undefined && ts.isNumericLiteral(first) ? 'number' : 'string';
      }
      if (found.alias !== undefined) return this.kind(found.alias.type, depth + 1, found.alias.name.text);
    }
    return 'unknown';
  }
}

function isNullish(node: ts.TypeNode): boolean {
  return (
    node.kind === ts.SyntaxKind.NullKeyword ||
    node.kind === ts.SyntaxKind.UndefinedKeyword ||
    (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword)
  );
}

export function combineKinds(kinds: ValueKind[]): ValueKind {
  const real = [...new Set(kinds.filter((k) => k !== 'null'))];
  if (real.length === 0) return kinds.length > 0 ? 'null' : 'unknown';
  if (real.length === 1) return real[0]!;
  return real.includes('unknown') ? 'unknown' : 'union';
}

function dedupeFields(fields: SurfaceParam[]): SurfaceParam[] {
  const seen = new Map<string, SurfaceParam>();
  for (const f of fields) seen.set(f.name, f);
  return [...seen.values()];
}

function isDeprecated(node: ts.Node): boolean {
  return ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'deprecated');
}

function readClass(decl: ts.ClassDeclaration, sf: ts.SourceFile, reader: TypeReader): RawClass {
  const name = decl.name?.text ?? '';
  const bases: string[] = [];
  for (const clause of decl.heritageClauses ?? []) {
    if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
    for (const t of clause.types) {
      const e = t.expression;
      bases.push(ts.isPropertyAccessExpression(e) ? e.name.text : e.getText());
    }
  }
  const methods: RawMethod[] = [];
  const children: RawClass['children'] = [];
  const seen = new Map<string, ts.MethodDeclaration[]>();
  for (const member of decl.members) {
    if (ts.isMethodDeclaration(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
      const mods = ts.getModifiers(member) ?? [];
      if (
        mods.some(
          (m) =>
            m.kind === ts.SyntaxKind.PrivateKeyword ||
            m.kind === ts.SyntaxKind.ProtectedKeyword ||
            m.kind === ts.SyntaxKind.StaticKeyword,
        )
      )
        continue;
      if (member.name.text.startsWith('_') || member.name.text.startsWith('#')) continue;
      seen.set(member.name.text, [...(seen.get(member.name.text) ?? []), member]);
    } else if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name)) {
      const mods = ts.getModifiers(member) ?? [];
      if (mods.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.StaticKeyword)) continue;
      let className: string | undefined;
      if (member.type !== undefined && ts.isTypeReferenceNode(member.type)) {
        const tn = member.type.typeName;
        className = ts.isQualifiedName(tn) ? tn.right.text : tn.text;
      }
      if (className === undefined && member.initializer !== undefined && ts.isNewExpression(member.initializer)) {
        const e = member.initializer.expression;
        className = ts.isPropertyAccessExpression(e) ? e.name.text : ts.isIdentifier(e) ? e.text : undefined;
      }
      if (className !== undefined) children.push({ name: member.name.text, className });
    }
  }
  for (const [methodName, overloads] of seen) {
    const signature = overloads[0]!;
    const implementation = overloads.find((o) => o.body !== undefined);
    const params: SurfaceParam[] = [];
    for (const p of signature.parameters) {
      const pname = ts.isIdentifier(p.name) ? p.name.text : 'params';
      const typeText = p.type?.getText() ?? 'any';
      if (/RequestOptions|RequestInit/.test(typeText)) continue;
      const optional = p.questionToken !== undefined || p.initializer !== undefined || p.dotDotDotToken !== undefined;
      const fields = p.type !== undefined ? reader.fields(p.type, 0) : undefined;
      const kind = p.type !== undefined ? reader.kind(p.type, 0) : 'unknown';
      if (fields !== undefined && (kind === 'object' || kind === 'union' || kind === 'unknown')) {
        for (const f of fields) params.push({ ...f, required: f.required && !optional, positional: false });
      } else {
        params.push({ name: pname, required: !optional, type: shorten(typeText), kind, positional: true });
      }
    }
    const returnText = signature.type?.getText() ?? implementation?.type?.getText() ?? '';
    const found = implementation?.body !== undefined ? findEndpoint(implementation.body) : undefined;
    methods.push({
      name: methodName,
      params,
      returnType: shorten(returnText),
      ...(found?.endpoint !== undefined ? { endpoint: found.endpoint } : {}),
      paginated: found?.paginated === true || /Page(Promise)?\b|PagePromise|Paginat/.test(returnText),
      streaming:
        /Stream\b|Stream</.test(overloads.map((o) => o.type?.getText() ?? '').join(' ')) || found?.streaming === true,
      deprecated: overloads.some(isDeprecated),
      line: lineOf(sf, signature),
    });
  }
  return { name, file: sf.fileName, line: lineOf(sf, decl), bases, methods, children };
}

function pathText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let out = node.head.text;
    for (const span of node.templateSpans) {
      const e = span.expression;
      out +=
        `{${ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : ''}}` + span.literal.text;
    }
    return out;
  }
  if (ts.isTaggedTemplateExpression(node)) return pathText(node.template);
  if (ts.isParenthesizedExpression(node)) return pathText(node.expression);
  return undefined;
}

interface FoundEndpoint {
  endpoint?: { method: string; path: string };
  paginated: boolean;
  streaming: boolean;
}

/** The first request the method body makes: `this._client.post('/x', …)`, `getAPIList(path\`/x\`, …)`, `request({method, path})`. */
function findEndpoint(body: ts.Block): FoundEndpoint | undefined {
  let result: FoundEndpoint | undefined;
  let streaming = false;
  const visit = (node: ts.Node): void => {
    if (result?.endpoint !== undefined) return;
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'stream' &&
      node.initializer.kind !== ts.SyntaxKind.FalseKeyword
    )
      streaming = true;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression.name.text;
      const args = node.arguments;
      const first = args[0];
      if (HTTP_VERBS.has(callee) && first !== undefined) {
        const p = pathText(first);
        if (p?.startsWith('/')) result = { endpoint: { method: callee, path: p }, paginated: false, streaming: false };
      } else if (/^(getAPIList|requestAPIList|getPaginated|paginate)$/.test(callee) && first !== undefined) {
        const p = pathText(first);
        const init = ts.isObjectLiteralExpression(first) ? readRequestObject(first) : undefined;
        if (p !== undefined) result = { endpoint: { method: 'get', path: p }, paginated: true, streaming: false };
        else if (init !== undefined) result = { endpoint: init, paginated: true, streaming: false };
        else {
          const second = args[1];
          if (second !== undefined && ts.isObjectLiteralExpression(second)) {
            const r = readRequestObject(second);
            if (r !== undefined) result = { endpoint: r, paginated: true, streaming: false };
          }
        }
        if (result === undefined && args[1] !== undefined) {
          const p2 = pathText(args[1]);
          if (
            p2 !== undefined &&
            first !== undefined &&
            ts.isStringLiteral(first) &&
            HTTP_VERBS.has(first.text.toLowerCase())
          )
            result = { endpoint: { method: first.text.toLowerCase(), path: p2 }, paginated: true, streaming: false };
        }
      } else if (/^(request|methodRequest|makeRequest)$/.test(callee) && first !== undefined) {
        if (ts.isObjectLiteralExpression(first)) {
          const r = readRequestObject(first);
          if (r !== undefined) result = { endpoint: r, paginated: false, streaming: false };
        } else if (ts.isStringLiteral(first) && HTTP_VERBS.has(first.text.toLowerCase()) && args[1] !== undefined) {
          const p = pathText(args[1]);
          if (p !== undefined)
            result = { endpoint: { method: first.text.toLowerCase(), path: p }, paginated: false, streaming: false };
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  if (result !== undefined) result.streaming = result.streaming || streaming;
  return result;
}

function readRequestObject(obj: ts.ObjectLiteralExpression): { method: string; path: string } | undefined {
  let method: string | undefined;
  let path: string | undefined;
  for (const prop of obj.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) continue;
    if (
      prop.name.text === 'method' &&
      (ts.isStringLiteral(prop.initializer) || ts.isNoSubstitutionTemplateLiteral(prop.initializer))
    )
      method = prop.initializer.text.toLowerCase();
    if (prop.name.text === 'path') path = pathText(prop.initializer);
  }
  return method !== undefined && path !== undefined && HTTP_VERBS.has(method) ? { method, path } : undefined;
}
