// `src/commands.ts`: the per-API command table the runtime in `src/cli/` reads. It is printed
// from `ts.factory` nodes, so every string from the description is a printer-escaped literal
// (ASCII-only output) and every call goes to a real SDK method, checked by the compiler.

import type { ApiModel, AuthScheme } from '../model/types.ts';
import type { SdkPlan } from '../typescript/plan.ts';
import { f, id, importDecl, kw, num, objKey, printModule, str, ts, typeRef } from '../typescript/ts-dsl.ts';
import type { GeneratedFile } from '../typescript/index.ts';
import { clip, type CliFlag, type CliGroup, type CliMethod } from './plan.ts';
import type { ResolvedCliOptions } from './types.ts';

const cliType = (name: string, args?: ts.TypeNode[]): ts.TypeNode => f.createTypeReferenceNode(f.createQualifiedName(id('cli'), id(name)), args);

type Entry = [string, ts.Expression | undefined];

function obj(entries: Entry[], multiLine = true): ts.ObjectLiteralExpression {
  return f.createObjectLiteralExpression(
    entries.filter((e): e is [string, ts.Expression] => e[1] !== undefined).map(([key, value]) => f.createPropertyAssignment(objKey(key), value)),
    multiLine,
  );
}

const text = (value: string | undefined): ts.Expression | undefined => (value === undefined ? undefined : str(value));
const flag = (value: boolean): ts.Expression | undefined => (value ? f.createTrue() : undefined);
const arr = (items: ts.Expression[], multiLine = false): ts.ArrayLiteralExpression => f.createArrayLiteralExpression(items, multiLine);

function literal(value: string | number | boolean): ts.Expression {
  if (typeof value === 'string') return str(value);
  if (typeof value === 'boolean') return value ? f.createTrue() : f.createFalse();
  return Number.isFinite(value) ? num(value) : str(String(value));
}

function flagSpec(item: CliFlag): ts.Expression {
  return obj(
    [
      ['name', str(item.name)],
      ['key', str(item.key)],
      ['in', str(item.in)],
      ['type', str(item.type)],
      ['multiple', flag(item.multiple)],
      ['required', flag(item.required)],
      ['description', text(item.description)],
      ['choices', item.choices ? arr(item.choices.map(literal)) : undefined],
      ['defaultText', text(item.defaultText)],
      ['deprecated', flag(item.deprecated)],
    ],
    false,
  );
}

/** `(client, path, params) => client.a.b.method(path[0] as never, params as never)`. */
function callExpression(method: CliMethod, clientClass: string): ts.Expression {
  const { shape } = method;
  let target: ts.Expression = id('client');
  for (const name of method.access) target = f.createPropertyAccessExpression(target, id(name));
  target = f.createPropertyAccessExpression(target, id(method.sdk.name));
  const never = (e: ts.Expression): ts.Expression => f.createAsExpression(e, kw('never'));
  const args: ts.Expression[] = shape.pathArgs.map((_, i) => never(f.createElementAccessExpression(id('path'), f.createNumericLiteral(i))));
  if (shape.hasParams) args.push(never(id('params')));
  const parameter = (name: string, type: ts.TypeNode): ts.ParameterDeclaration => f.createParameterDeclaration(undefined, undefined, name, undefined, type);
  const parameters = [parameter('client', typeRef(clientClass))];
  if (shape.pathArgs.length > 0 || shape.hasParams) parameters.push(parameter('path', f.createTypeOperatorNode(ts.SyntaxKind.ReadonlyKeyword, f.createArrayTypeNode(kw('unknown')))));
  if (shape.hasParams) parameters.push(parameter('params', typeRef('Record', [kw('string'), kw('unknown')])));
  return f.createArrowFunction(undefined, undefined, parameters, kw('unknown'), f.createToken(ts.SyntaxKind.EqualsGreaterThanToken), f.createCallExpression(target, undefined, args));
}

function methodSpec(method: CliMethod, clientClass: string): ts.Expression {
  const { shape, sdk } = method;
  const op = sdk.op;
  const body = shape.body
    ? obj(
        [
          ['mode', str(shape.body.flatten ? 'fields' : 'whole')],
          ['key', shape.body.flatten ? undefined : str(shape.body.key)],
          ['kind', str(shape.body.kind)],
          ['required', shape.body.required ? f.createTrue() : f.createFalse()],
          ['description', text(clip(op.requestBody?.description?.replace(/\s+/g, ' '), 400))],
        ],
        false,
      )
    : undefined;
  const response = { json: undefined, text: 'text', binary: 'binary', 'event-stream': 'stream', 'event-stream-text': 'stream', none: 'none' }[shape.response.kind];
  const deprecation = sdk.deprecated ?? (op.deprecated ? (op.deprecationMessage ?? true) : undefined);
  const summary = clip(op.summary?.replace(/\s+/g, ' '), 300);
  return obj([
    ['name', str(method.word)],
    ['summary', text(summary)],
    ['description', text(clip(op.description, 4000))],
    ['http', str(`${op.method.toUpperCase()} ${op.path}`)],
    ['flags', arr(method.flags.map(flagSpec), method.flags.length > 0)],
    ['body', body],
    ['paginated', flag(shape.pagination !== undefined)],
    ['response', text(response)],
    ['deprecated', deprecation === undefined || deprecation === false ? undefined : typeof deprecation === 'string' ? str(deprecation) : f.createTrue()],
    ['call', callExpression(method, clientClass)],
  ]);
}

function groupSpec(group: CliGroup, clientClass: string): ts.Expression {
  return obj([
    ['name', str(group.word)],
    ['description', text(group.description)],
    ['groups', arr(group.groups.map((g) => groupSpec(g, clientClass)), group.groups.length > 0)],
    ['methods', arr(group.methods.map((m) => methodSpec(m, clientClass)), group.methods.length > 0)],
  ]);
}

function secrets(schemes: AuthScheme[]): { headers: string[]; query: string[] } {
  const headers = new Set<string>();
  const query = new Set<string>();
  for (const scheme of schemes) {
    if (scheme.type !== 'apiKey') continue;
    if (scheme.in === 'header') headers.add(scheme.paramName.toLowerCase());
    else if (scheme.in === 'query') query.add(scheme.paramName);
  }
  return { headers: [...headers].sort(), query: [...query].sort() };
}

export function emitCommands(model: ApiModel, sdk: SdkPlan, groups: CliGroup[], options: ResolvedCliOptions): GeneratedFile {
  const clientClass = sdk.options.clientClass;
  const prefix = sdk.options.envPrefix;
  const credentials = model.authOptions.map((option, i) => {
    const env = [...new Set([...(option.envVar !== undefined ? [option.envVar] : []), ...(i === 0 ? [`${prefix}_API_KEY`] : [])])];
    return obj(
      [
        ['option', str(sdk.authIdents[i] as string)],
        ['env', arr(env.map((e) => str(e)))],
        ['required', option.required ? f.createTrue() : f.createFalse()],
      ],
      false,
    );
  });
  const setup = (name: string): ts.Expression => f.createPropertyAccessExpression(id('setup'), name);
  const clientOptions = obj([
    ...model.authOptions.map((_, i): Entry => [sdk.authIdents[i] as string, f.createElementAccessExpression(setup('credentials'), f.createNumericLiteral(i))]),
    ['baseURL', setup('baseURL')],
    ['fetch', setup('fetch')],
    ['maxRetries', setup('maxRetries')],
  ]);
  const createClient = f.createArrowFunction(
    undefined,
    undefined,
    [f.createParameterDeclaration(undefined, undefined, 'setup', undefined, cliType('ClientSetup'))],
    typeRef(clientClass),
    f.createToken(ts.SyntaxKind.EqualsGreaterThanToken),
    f.createNewExpression(id(clientClass), undefined, [clientOptions]),
  );
  const secret = secrets(model.authSchemes);
  const program = obj([
    ['name', str(options.binaryName)],
    ['version', str(options.version)],
    ['title', str(clip(model.info.title.replace(/\s+/g, ' '), 200) ?? clientClass)],
    ['description', text(clip(model.info.description, 1200))],
    ['envPrefix', str(prefix)],
    ['credentials', arr(credentials, credentials.length > 0)],
    ['secretHeaders', arr(secret.headers.map((h) => str(h)))],
    ['secretQuery', arr(secret.query.map((q) => str(q)))],
    ['defaultBaseURL', text(model.environments[0]?.url ?? model.servers[0]?.url)],
    ['createClient', createClient],
    ['groups', arr(groups.map((g) => groupSpec(g, clientClass)), groups.length > 0)],
  ]);
  const statements: ts.Statement[] = [
    // A namespace import: a client class can be named anything PascalCase, never `cli`.
    f.createImportDeclaration(undefined, f.createImportClause(true, undefined, f.createNamespaceImport(id('cli'))), str('./cli/types.js')),
    importDecl([{ name: clientClass, typeOnly: false }], './sdk/client.js'),
    f.createVariableStatement(
      [f.createModifier(ts.SyntaxKind.ExportKeyword)],
      f.createVariableDeclarationList([f.createVariableDeclaration('program', undefined, cliType('ProgramSpec', [typeRef(clientClass)]), program)], ts.NodeFlags.Const),
    ),
  ];
  return { path: 'src/commands.ts', content: printModule(`The command table of the ${options.binaryName} CLI.`, statements) };
}
