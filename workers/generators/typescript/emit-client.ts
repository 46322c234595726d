// `src/client.ts`: the client class. Credentials come from the model's auth options (read from
// environment variables by default), the base URL from environments / servers (server variables
// become options), and every top-level resource is a property.

import type { ApiModel, AuthScheme, ClientAuthOption } from '../model/types.ts';
import type { SdkPlan } from './plan.ts';
import { access, exportMod, f, id, importDecl, kw, literalType, printModule, objKey, propName, str, ts, typeRef, union, withDoc } from './ts-dsl.ts';
import type { GeneratedFile } from './types.ts';

const thisMember = (name: string): ts.Expression => f.createPropertyAccessExpression(f.createThis(), id(name));
const optionsMember = (name: string): ts.Expression => f.createPropertyAccessExpression(id('options'), id(name));
const notNull = (expr: ts.Expression): ts.Expression => f.createBinaryExpression(expr, ts.SyntaxKind.ExclamationEqualsToken, f.createNull());
/** `Object.create(null)`: keys from the description become own properties, whatever they are. */
const nullProto = (): ts.Expression => f.createCallExpression(f.createPropertyAccessExpression(id('Object'), 'create'), undefined, [f.createNull()]);
const call = (name: string, args: ts.Expression[]): ts.Expression => f.createCallExpression(id(name), undefined, args);
const optional = (name: string, type: ts.TypeNode, doc: (string | undefined)[]): ts.TypeElement =>
  withDoc(f.createPropertySignature(undefined, id(name), f.createToken(ts.SyntaxKind.QuestionToken), union([type, kw('undefined')])), doc);

export function emitClient(model: ApiModel, plan: SdkPlan): GeneratedFile {
  const { options } = plan;
  const statements: ts.Statement[] = [];
  const baseImports = [
    { name: 'BaseClient', typeOnly: false },
    { name: 'readEnv', typeOnly: false },
    { name: 'Fetch', typeOnly: true },
    { name: 'HeaderValues', typeOnly: true },
  ];
  const server = model.servers[0];
  const variables = server?.variables ?? [];
  if (variables.length > 0) baseImports.push({ name: 'applyServerVariables', typeOnly: false });
  const schemes = new Map<string, AuthScheme>(model.authSchemes.map((s) => [s.key, s]));
  if (model.authOptions.some((o) => { const s = schemes.get(o.scheme); return s?.type === 'http' && s.scheme === 'basic'; })) baseImports.push({ name: 'basicAuth', typeOnly: false });
  statements.push(importDecl(baseImports, './core/base-client.js'));
  for (const resource of plan.resources) statements.push(importDecl([{ name: resource.className, typeOnly: false }], `./${resource.module}.js`));

  // Named environments.
  const environments = model.environments;
  if (environments.length > 0) {
    statements.push(
      withDoc(
        f.createVariableStatement(
          exportMod(),
          f.createVariableDeclarationList(
            [
              f.createVariableDeclaration(
                'environments',
                undefined,
                undefined,
                f.createAsExpression(f.createObjectLiteralExpression(environments.map((e) => f.createPropertyAssignment(objKey(e.name), str(e.url))), true), typeRef('const')),
              ),
            ],
            ts.NodeFlags.Const,
          ),
        ),
        ['Named base URLs; the first is the default.'],
      ),
    );
  }

  // Options interface.
  const optionMembers: ts.TypeElement[] = [];
  model.authOptions.forEach((option, i) => {
    const ident = plan.authIdents[i] as string;
    const scheme = schemes.get(option.scheme);
    optionMembers.push(
      optional(ident, union([kw('string'), literalType(null)]), [
        scheme?.description,
        option.envVar !== undefined ? `Defaults to the \`${option.envVar}\` environment variable.` : undefined,
      ]),
    );
  });
  variables.forEach((variable, i) => {
    const type = variable.enum && variable.enum.length > 0 ? union(variable.enum.map((v) => literalType(v))) : kw('string');
    optionMembers.push(optional(plan.serverVarIdents[i] as string, type, [variable.description, `Server variable \`${variable.name}\`; default \`${variable.default}\`.`]));
  });
  if (environments.length > 0) {
    optionMembers.push(
      optional('environment', f.createTypeOperatorNode(ts.SyntaxKind.KeyOfKeyword, f.createTypeQueryNode(id('environments'))), ['Which named environment to use (ignored when `baseURL` is given).']),
    );
  }
  optionMembers.push(optional('baseURL', union([kw('string'), literalType(null)]), [`Overrides the base URL; defaults to the \`${options.envPrefix}_BASE_URL\` environment variable, then the environment / server URL.`]));
  optionMembers.push(optional('timeout', kw('number'), ['Milliseconds before a request times out (default 60000).']));
  optionMembers.push(optional('maxRetries', kw('number'), ['Retries on connection errors, 408, 409, 429 and 5xx (default 2).']));
  optionMembers.push(optional('defaultHeaders', typeRef('HeaderValues'), ['Headers sent with every request (null removes one).']));
  optionMembers.push(optional('defaultQuery', typeRef('Record', [kw('string'), kw('unknown')]), ['Query parameters sent with every request.']));
  optionMembers.push(optional('fetch', typeRef('Fetch'), ['A `fetch` implementation (default `globalThis.fetch`).']));
  optionMembers.push(optional('idempotencyHeader', union([kw('string'), literalType(null)]), ['Header carrying an idempotency key on non-GET requests that may be retried; null disables it.']));
  statements.push(withDoc(f.createInterfaceDeclaration(exportMod(), 'ClientOptions', undefined, undefined, optionMembers), [`Options of \`${options.clientClass}\`.`]));

  // Base URL expression.
  const firstUrl = environments[0]?.url ?? server?.url;
  let serverDefault: ts.Expression =
    variables.length > 0 && server
      ? call('applyServerVariables', [
          str(server.url),
          f.createObjectLiteralExpression(
            variables.map((v, i) =>
              f.createPropertyAssignment(objKey(v.name), f.createBinaryExpression(optionsMember(plan.serverVarIdents[i] as string), ts.SyntaxKind.QuestionQuestionToken, str(v.default))),
            ),
            true,
          ),
        ])
      : str(firstUrl ?? '');
  if (environments.length > 0) {
    serverDefault = f.createConditionalExpression(
      f.createBinaryExpression(optionsMember('environment'), ts.SyntaxKind.ExclamationEqualsEqualsToken, id('undefined')),
      undefined,
      f.createElementAccessExpression(id('environments'), optionsMember('environment')),
      undefined,
      serverDefault,
    );
  }
  const baseURL = f.createBinaryExpression(
    f.createBinaryExpression(optionsMember('baseURL'), ts.SyntaxKind.QuestionQuestionToken, call('readEnv', [str(`${options.envPrefix}_BASE_URL`)])),
    ts.SyntaxKind.QuestionQuestionToken,
    f.createParenthesizedExpression(serverDefault),
  );
  const superArgs = f.createObjectLiteralExpression(
    [
      f.createPropertyAssignment('baseURL', baseURL),
      f.createPropertyAssignment('timeout', optionsMember('timeout')),
      f.createPropertyAssignment('maxRetries', optionsMember('maxRetries')),
      f.createPropertyAssignment('defaultHeaders', optionsMember('defaultHeaders')),
      f.createPropertyAssignment('defaultQuery', optionsMember('defaultQuery')),
      f.createPropertyAssignment('fetch', optionsMember('fetch')),
      f.createPropertyAssignment(
        'idempotencyHeader',
        f.createConditionalExpression(
          f.createBinaryExpression(optionsMember('idempotencyHeader'), ts.SyntaxKind.EqualsEqualsEqualsToken, id('undefined')),
          undefined,
          options.idempotencyHeader === null ? f.createNull() : str(options.idempotencyHeader),
          undefined,
          optionsMember('idempotencyHeader'),
        ),
      ),
    ],
    true,
  );

  // Class members.
  const members: ts.ClassElement[] = [];
  model.authOptions.forEach((option, i) => {
    members.push(f.createPropertyDeclaration(undefined, id(plan.authIdents[i] as string), undefined, union([kw('string'), literalType(null)]), undefined));
  });
  for (const resource of plan.resources) {
    members.push(withDoc(f.createPropertyDeclaration([f.createModifier(ts.SyntaxKind.ReadonlyKeyword)], id(resource.propName), undefined, typeRef(resource.className), undefined), [resource.resource.name === resource.propName ? undefined : undefined]));
  }
  const ctor: ts.Statement[] = [f.createExpressionStatement(f.createCallExpression(f.createSuper(), undefined, [superArgs]))];
  model.authOptions.forEach((option, i) => {
    const ident = plan.authIdents[i] as string;
    const fromEnv = option.envVar !== undefined ? f.createBinaryExpression(call('readEnv', [str(option.envVar)]), ts.SyntaxKind.QuestionQuestionToken, f.createNull()) : f.createNull();
    ctor.push(
      f.createExpressionStatement(
        f.createAssignment(
          thisMember(ident),
          f.createConditionalExpression(
            f.createBinaryExpression(optionsMember(ident), ts.SyntaxKind.ExclamationEqualsEqualsToken, id('undefined')),
            undefined,
            optionsMember(ident),
            undefined,
            f.createParenthesizedExpression(fromEnv),
          ),
        ),
      ),
    );
    if (option.required) {
      const message = `The \`${ident}\` client option must be set${option.envVar !== undefined ? ` (or the ${option.envVar} environment variable)` : ''}.`;
      ctor.push(
        f.createIfStatement(
          f.createBinaryExpression(thisMember(ident), ts.SyntaxKind.EqualsEqualsEqualsToken, f.createNull()),
          f.createThrowStatement(f.createNewExpression(id('Error'), undefined, [str(message)])),
        ),
      );
    }
  });
  for (const resource of plan.resources) {
    ctor.push(f.createExpressionStatement(f.createAssignment(thisMember(resource.propName), f.createNewExpression(id(resource.className), undefined, [f.createThis()]))));
  }
  members.push(
    f.createConstructorDeclaration(
      undefined,
      [f.createParameterDeclaration(undefined, undefined, 'options', undefined, typeRef('ClientOptions'), f.createObjectLiteralExpression([]))],
      f.createBlock(ctor, true),
    ),
  );
  members.push(...authMethods(model, plan, schemes));
  members.push(
    f.createMethodDeclaration(
      [f.createModifier(ts.SyntaxKind.ProtectedKeyword), f.createModifier(ts.SyntaxKind.OverrideKeyword)],
      undefined,
      'userAgent',
      undefined,
      undefined,
      [],
      kw('string'),
      f.createBlock([f.createReturnStatement(str(`${options.packageName}/${options.version}`))], true),
    ),
  );
  const doc = [model.info.title !== '' ? `Client for ${model.info.title} (API version ${model.info.version}).` : undefined, model.info.description];
  statements.push(
    withDoc(
      f.createClassDeclaration(exportMod(), id(options.clientClass), undefined, [f.createHeritageClause(ts.SyntaxKind.ExtendsKeyword, [f.createExpressionWithTypeArguments(id('BaseClient'), undefined)])], members),
      doc,
    ),
  );
  return { path: 'src/client.ts', content: printModule(`The ${options.clientClass} client.`, statements) };
}

function authMethods(model: ApiModel, plan: SdkPlan, schemes: Map<string, AuthScheme>): ts.ClassElement[] {
  const headerStatements: ts.Statement[] = [];
  const queryStatements: ts.Statement[] = [];
  const cookieStatements: ts.Statement[] = [];
  const byScheme = new Map<string, { option: ClientAuthOption; ident: string }[]>();
  model.authOptions.forEach((option, i) => {
    const list = byScheme.get(option.scheme) ?? [];
    list.push({ option, ident: plan.authIdents[i] as string });
    byScheme.set(option.scheme, list);
  });
  const set = (target: string, key: string, value: ts.Expression): ts.Statement => f.createExpressionStatement(f.createAssignment(access(id(target), key), value));
  // `schemes?.has(key) ?? true`: the scheme is wanted by the request (every scheme when it names none).
  const wanted = (key: string): ts.Expression =>
    f.createBinaryExpression(
      f.createCallChain(f.createPropertyAccessChain(id('schemes'), f.createToken(ts.SyntaxKind.QuestionDotToken), 'has'), undefined, undefined, [str(key)]),
      ts.SyntaxKind.QuestionQuestionToken,
      f.createTrue(),
    );
  const and = (a: ts.Expression, b: ts.Expression): ts.Expression => f.createBinaryExpression(a, ts.SyntaxKind.AmpersandAmpersandToken, b);
  const configuredCases: ts.CaseClause[] = [];
  for (const [key, list] of [...byScheme].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const scheme = schemes.get(key);
    const first = list[0];
    if (scheme === undefined || first === undefined) continue;
    const value = thisMember(first.ident);
    let configured: ts.Expression | undefined = notNull(value);
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'header') headerStatements.push(f.createIfStatement(and(notNull(value), wanted(key)), set('headers', scheme.paramName, value)));
      else if (scheme.in === 'query') queryStatements.push(f.createIfStatement(and(notNull(value), wanted(key)), set('query', scheme.paramName, value)));
      else {
        const pair = f.createBinaryExpression(str(`${encodeURIComponent(scheme.paramName)}=`), ts.SyntaxKind.PlusToken, call('encodeURIComponent', [value]));
        cookieStatements.push(f.createIfStatement(and(notNull(value), wanted(key)), f.createExpressionStatement(f.createCallExpression(f.createPropertyAccessExpression(id('cookies'), 'push'), undefined, [pair]))));
      }
    } else if (scheme.type === 'http' && scheme.scheme === 'basic') {
      const user = list.find((o) => /user|login|name/i.test(o.option.name)) ?? first;
      const pass = list.find((o) => o !== user && /pass|secret/i.test(o.option.name)) ?? list.find((o) => o !== user);
      const u = thisMember(user.ident);
      const p = pass ? thisMember(pass.ident) : undefined;
      const condition = p ? f.createParenthesizedExpression(f.createBinaryExpression(notNull(u), ts.SyntaxKind.BarBarToken, notNull(p))) : notNull(u);
      configured = p ? f.createBinaryExpression(notNull(u), ts.SyntaxKind.BarBarToken, notNull(p)) : notNull(u);
      const orEmpty = (e: ts.Expression): ts.Expression => f.createBinaryExpression(e, ts.SyntaxKind.QuestionQuestionToken, str(''));
      headerStatements.push(f.createIfStatement(and(condition, wanted(key)), set('headers', 'Authorization', call('basicAuth', [orEmpty(u), p ? orEmpty(p) : str('')]))));
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      const prefix = scheme.type === 'http' && scheme.scheme !== 'bearer' ? scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1) : 'Bearer';
      headerStatements.push(f.createIfStatement(and(notNull(value), wanted(key)), set('headers', 'Authorization', f.createBinaryExpression(str(`${prefix} `), ts.SyntaxKind.PlusToken, value))));
    } else configured = undefined;
    if (configured !== undefined) configuredCases.push(f.createCaseClause(str(key), [f.createReturnStatement(configured)]));
  }
  const out: ts.ClassElement[] = [];
  const protectedOverride = (): ts.ModifierLike[] => [f.createModifier(ts.SyntaxKind.ProtectedKeyword), f.createModifier(ts.SyntaxKind.OverrideKeyword)];
  const local = (name: string, type: ts.TypeNode, init: ts.Expression): ts.Statement =>
    f.createVariableStatement(undefined, f.createVariableDeclarationList([f.createVariableDeclaration(name, undefined, type, init)], ts.NodeFlags.Const));
  const schemesParam = (): ts.ParameterDeclaration =>
    f.createParameterDeclaration(undefined, undefined, 'schemes', f.createToken(ts.SyntaxKind.QuestionToken), typeRef('ReadonlySet', [kw('string')]));
  if (configuredCases.length > 0) {
    // Which schemes have their credentials set: the client sends the first security alternative whose schemes all do.
    const body = f.createSwitchStatement(id('scheme'), f.createCaseBlock([...configuredCases, f.createDefaultClause([f.createReturnStatement(f.createFalse())])]));
    out.push(
      f.createMethodDeclaration(
        protectedOverride(),
        undefined,
        'hasCredentials',
        undefined,
        undefined,
        [f.createParameterDeclaration(undefined, undefined, 'scheme', undefined, kw('string'))],
        kw('boolean'),
        f.createBlock([body], true),
      ),
    );
  }
  if (headerStatements.length > 0 || cookieStatements.length > 0) {
    const body: ts.Statement[] = [local('headers', typeRef('HeaderValues'), nullProto())];
    body.push(...headerStatements);
    if (cookieStatements.length > 0) {
      body.push(local('cookies', f.createArrayTypeNode(kw('string')), f.createArrayLiteralExpression([])));
      body.push(...cookieStatements);
      body.push(
        f.createIfStatement(
          f.createBinaryExpression(f.createPropertyAccessExpression(id('cookies'), 'length'), ts.SyntaxKind.GreaterThanToken, f.createNumericLiteral(0)),
          set('headers', 'Cookie', f.createCallExpression(f.createPropertyAccessExpression(id('cookies'), 'join'), undefined, [str('; ')])),
        ),
      );
    }
    body.push(f.createReturnStatement(id('headers')));
    out.push(f.createMethodDeclaration(protectedOverride(), undefined, 'authHeaders', undefined, undefined, [schemesParam()], typeRef('HeaderValues'), f.createBlock(body, true)));
  }
  if (queryStatements.length > 0) {
    const type = typeRef('Record', [kw('string'), kw('string')]);
    const body = [local('query', type, nullProto()), ...queryStatements, f.createReturnStatement(id('query'))];
    out.push(f.createMethodDeclaration(protectedOverride(), undefined, 'authQuery', undefined, undefined, [schemesParam()], type, f.createBlock(body, true)));
  }
  return out;
}
