// `src/client.ts`: the client class. Credentials come from the model's auth options (read from
// environment variables by default), the base URL from environments / servers (server variables
// become options), and every top-level resource is a property.

import { authOptionsByScheme } from '../core/client.ts';
import { type CommonClientOption, describeClientOption, type OptionConventions } from '../core/client-options.ts';
import type { ApiModel, AuthScheme } from '../model/types.ts';
import type { SdkPlan } from './plan.ts';
import {
  access,
  block,
  id,
  importDecl,
  indent,
  kw,
  literalType,
  objectLines,
  objKey,
  printModule,
  str,
  typeRef,
  union,
  withDoc,
  type TypeCode,
} from '../printers/ts-source.ts';
import type { GeneratedFile } from '../core/files.ts';
import { encodeUriComponentSafe } from '../names/well-formed.ts';

const TS_OPTION_NAMES: Record<CommonClientOption, string> = {
  baseUrl: 'baseURL',
  environment: 'environment',
  timeout: 'timeout',
  maxRetries: 'maxRetries',
  defaultHeaders: 'defaultHeaders',
  defaultQuery: 'defaultQuery',
  idempotencyHeader: 'idempotencyHeader',
};

/** How the TypeScript client's JSDoc words the common options. */
const TS_OPTION_CONVENTIONS: OptionConventions = {
  name: (option) => TS_OPTION_NAMES[option],
  code: (text) => `\`${text}\``,
  nullValue: 'null',
  environmentsTable: 'environments',
  timeout: { unit: 'Milliseconds', default: '60000' },
  nullHeaderRemoves: true,
};

const thisMember = (name: string): string => `this.${id(name)}`;
const optionsMember = (name: string): string => `options.${id(name)}`;
const notNull = (expr: string): string => `${expr} != null`;
/** `Object.create(null)`: keys from the description become own properties, whatever they are. */
const NULL_PROTO = 'Object.create(null)';
const optional = (name: string, type: TypeCode, doc: (string | undefined)[]): string =>
  withDoc(`${id(name)}?: ${union([type, kw('undefined')]).text};`, doc);
const STRING_OR_NULL = union([kw('string'), literalType(null)]);
/** `if (condition)` with its statement on the next line, as the printer lays out a statement that is not a block. */
const ifThen = (condition: string, statement: string): string => `if (${condition})\n${indent(statement)}`;

/** The error classes a partner SDK exports beside its base error class (and has as client statics). */
export const PARTNER_ERRORS = [
  'APIError',
  'APIConnectionError',
  'APIConnectionTimeoutError',
  'APIUserAbortError',
  'NotFoundError',
  'ConflictError',
  'RateLimitError',
  'BadRequestError',
  'AuthenticationError',
  'InternalServerError',
  'PermissionDeniedError',
  'UnprocessableEntityError',
];

export function emitClient(model: ApiModel, plan: SdkPlan): GeneratedFile {
  const { options } = plan;
  const statements: string[] = [];
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
  if (
    model.authOptions.some((o) => {
      const s = schemes.get(o.scheme);
      return s?.type === 'http' && s.scheme === 'basic';
    })
  )
    baseImports.push({ name: 'basicAuth', typeOnly: false });
  if (plan.stainless) {
    baseImports.push(
      { name: 'LogLevel', typeOnly: true },
      { name: 'Logger', typeOnly: true },
      { name: 'APIRequest', typeOnly: true },
    );
  }
  statements.push(importDecl(baseImports, './core/base-client.js'));
  if (plan.stainless) statements.push(importDecl([{ name: 'APIPromise', typeOnly: true }], './core/api-promise.js'));
  if (plan.baseErrorClass !== undefined)
    statements.push(
      importDecl(
        [plan.baseErrorClass, ...PARTNER_ERRORS].map((name) => ({ name, typeOnly: false })),
        './core/errors.js',
      ),
    );
  const { clientCredentials, webhooks } = plan;
  if (clientCredentials !== undefined)
    statements.push(importDecl([{ name: 'ClientCredentials', typeOnly: false }], './core/oauth.js'));
  if (webhooks !== undefined) {
    statements.push(importDecl([{ name: 'Webhooks', typeOnly: false }], './core/webhooks.js'));
    statements.push(importDecl([{ name: webhooks.unionType, typeOnly: true }], './webhooks.js', true));
  }
  for (const resource of plan.resources)
    statements.push(importDecl([{ name: resource.className, typeOnly: false }], `./${resource.module}.js`));

  // Named environments.
  const environments = model.environments;
  if (environments.length > 0) {
    statements.push(
      withDoc(
        `export const environments = ${objectLines(environments.map((e) => `${objKey(e.name)}: ${str(e.url)}`))} as const;`,
        ['Named base URLs; the first is the default.'],
      ),
    );
  }

  // Options interface; the options every SDK has are described in core/client-options.ts.
  const optionDoc = (option: CommonClientOption): string =>
    describeClientOption(option, TS_OPTION_CONVENTIONS, options.envPrefix);
  const optionMembers: string[] = [];
  model.authOptions.forEach((option, i) => {
    const ident = plan.authIdents[i] as string;
    const scheme = schemes.get(option.scheme);
    optionMembers.push(
      optional(ident, STRING_OR_NULL, [
        scheme?.description,
        option.envVar !== undefined ? `Defaults to the \`${option.envVar}\` environment variable.` : undefined,
      ]),
    );
  });
  if (clientCredentials !== undefined) {
    const { flow } = clientCredentials;
    const scopes = flow.scopes.length > 0 ? ` with scopes ${flow.scopes.map((s) => `\`${s}\``).join(', ')}` : '';
    optionMembers.push(
      optional(clientCredentials.idIdent, STRING_OR_NULL, [
        `OAuth2 client id: with \`${clientCredentials.secretIdent}\`, access tokens are fetched from \`${flow.tokenUrl}\`${scopes} (client credentials) and refreshed as they expire. An access token given directly takes precedence.`,
        `Defaults to the \`${flow.clientIdEnv}\` environment variable.`,
      ]),
    );
    optionMembers.push(
      optional(clientCredentials.secretIdent, STRING_OR_NULL, [
        'OAuth2 client secret (sent to the token endpoint with HTTP Basic authentication).',
        `Defaults to the \`${flow.clientSecretEnv}\` environment variable.`,
      ]),
    );
  }
  if (webhooks !== undefined) {
    optionMembers.push(
      optional(webhooks.secretIdent, STRING_OR_NULL, [
        `Secret that webhook signatures are checked with (\`${webhooks.member}.unwrap\`).`,
        `Defaults to the \`${webhooks.secretEnv}\` environment variable.`,
      ]),
    );
  }
  variables.forEach((variable, i) => {
    const type =
      variable.enum && variable.enum.length > 0 ? union(variable.enum.map((v) => literalType(v))) : kw('string');
    optionMembers.push(
      optional(plan.serverVarIdents[i] as string, type, [
        variable.description,
        `Server variable \`${variable.name}\`; default \`${variable.default}\`.`,
      ]),
    );
  });
  if (environments.length > 0) {
    optionMembers.push(
      optional('environment', { text: 'keyof typeof environments', kind: 'other' }, [optionDoc('environment')]),
    );
  }
  optionMembers.push(optional('baseURL', STRING_OR_NULL, [optionDoc('baseUrl')]));
  optionMembers.push(optional('timeout', kw('number'), [optionDoc('timeout')]));
  optionMembers.push(optional('maxRetries', kw('number'), [optionDoc('maxRetries')]));
  optionMembers.push(optional('defaultHeaders', typeRef('HeaderValues'), [optionDoc('defaultHeaders')]));
  optionMembers.push(
    optional('defaultQuery', typeRef('Record', [kw('string'), kw('unknown')]), [optionDoc('defaultQuery')]),
  );
  optionMembers.push(optional('fetch', typeRef('Fetch'), ['A `fetch` implementation (default `globalThis.fetch`).']));
  optionMembers.push(optional('idempotencyHeader', STRING_OR_NULL, [optionDoc('idempotencyHeader')]));
  if (plan.stainless) {
    // Partner runs: the client options a Stainless SDK's users pass.
    optionMembers.push(
      optional('fetchOptions', typeRef('RequestInit'), [
        "Extra `fetch` init of every request (the SDK's own method, headers, body and signal win).",
      ]),
      optional('httpAgent', kw('unknown'), [
        "An HTTP agent handed to `fetch` as `agent` (a `fetch` such as node-fetch's uses it; the platform's ignores it).",
      ]),
      optional('logLevel', typeRef('LogLevel'), [
        `Least severe messages logged (default \`warn\`, or the \`${options.envPrefix}_LOG\` environment variable).`,
      ]),
      optional('logger', typeRef('Logger'), ['Where messages go; default `console`.']),
    );
  }
  statements.push(
    withDoc(block('export interface ClientOptions ', optionMembers), [`Options of \`${options.clientClass}\`.`]),
  );

  // Base URL expression.
  const firstUrl = environments[0]?.url ?? server?.url;
  let serverDefault =
    variables.length > 0 && server
      ? `applyServerVariables(${str(server.url)}, ${objectLines(variables.map((v, i) => `${objKey(v.name)}: ${optionsMember(plan.serverVarIdents[i] as string)} ?? ${str(v.default)}`))})`
      : str(firstUrl ?? '');
  if (environments.length > 0) {
    serverDefault = `options.environment !== undefined ? environments[options.environment] : ${serverDefault}`;
  }
  const superArgs = objectLines([
    `baseURL: options.baseURL ?? readEnv(${str(`${options.envPrefix}_BASE_URL`)})`,
    `defaultBaseURL: ${serverDefault}`,
    'timeout: options.timeout',
    'maxRetries: options.maxRetries',
    'defaultHeaders: options.defaultHeaders',
    'defaultQuery: options.defaultQuery',
    'fetch: options.fetch',
    `idempotencyHeader: options.idempotencyHeader === undefined ? ${options.idempotencyHeader === null ? 'null' : str(options.idempotencyHeader)} : options.idempotencyHeader`,
    ...(plan.stainless
      ? [
          'fetchOptions: options.fetchOptions',
          'httpAgent: options.httpAgent',
          'logLevel: options.logLevel',
          `logLevelEnv: ${str(`${options.envPrefix}_LOG`)}`,
          'logger: options.logger',
          `retryCountHeader: ${str('X-Stainless-Retry-Count')}`,
          // The legacy generation (a stainless.yml without `edition`) indents its JSON bodies.
          ...(model.client.stainlessEdition === undefined ? ['legacyJsonBodies: true'] : []),
        ]
      : []),
  ]);

  // Class members.
  const members: string[] = [];
  if (plan.stainless) {
    members.push(
      block('get logLevel(): LogLevel ', ['return this._logLevel;']),
      block('get logger(): Logger ', ['return this._logger;']),
      block('get fetchOptions(): RequestInit | undefined ', ['return this._fetchOptions;']),
      block('get httpAgent(): unknown ', ['return this._httpAgent;']),
    );
  }
  if (plan.baseErrorClass !== undefined) {
    // Partner runs: the error classes as statics of the client (`Client.NotFoundError`), as Stainless has them.
    for (const name of [plan.baseErrorClass, ...PARTNER_ERRORS]) members.push(`static ${id(name)} = ${id(name)};`);
  }
  for (const ident of plan.authIdents) members.push(`${id(ident)}: ${STRING_OR_NULL.text};`);
  if (clientCredentials !== undefined) {
    members.push(`${id(clientCredentials.idIdent)}: ${STRING_OR_NULL.text};`);
    members.push(`${id(clientCredentials.secretIdent)}: ${STRING_OR_NULL.text};`);
    members.push(`readonly #oauth: ClientCredentials | null;`);
  }
  if (webhooks !== undefined) {
    members.push(`${id(webhooks.secretIdent)}: ${STRING_OR_NULL.text};`);
    members.push(`readonly ${id(webhooks.member)}: Webhooks<${id(webhooks.unionType)}>;`);
  }
  for (const resource of plan.resources) members.push(`readonly ${id(resource.propName)}: ${id(resource.className)};`);
  if (plan.stainless) members.push('readonly #options: ClientOptions;');
  const ctor: string[] = [`super(${superArgs});`];
  if (plan.stainless) ctor.push('this.#options = options;');
  const fromOptionOrEnv = (ident: string, envVar: string): string =>
    `${thisMember(ident)} = ${optionsMember(ident)} !== undefined ? ${optionsMember(ident)} : (readEnv(${str(envVar)}) ?? null);`;
  if (clientCredentials !== undefined) {
    const { flow, idIdent, secretIdent } = clientCredentials;
    ctor.push(fromOptionOrEnv(idIdent, flow.clientIdEnv));
    ctor.push(fromOptionOrEnv(secretIdent, flow.clientSecretEnv));
    const config = objectLines([
      `clientId: ${thisMember(idIdent)}`,
      `clientSecret: ${thisMember(secretIdent)}`,
      `tokenUrl: ${str(flow.tokenUrl)}`,
      `scopes: [${flow.scopes.map((s) => str(s)).join(', ')}]`,
    ]);
    ctor.push(
      `this.#oauth = ${notNull(thisMember(idIdent))} && ${notNull(thisMember(secretIdent))} ? new ClientCredentials(${config}, this._fetch, () => this.baseURL, () => this.timeout) : null;`,
    );
  }
  if (webhooks !== undefined) {
    ctor.push(fromOptionOrEnv(webhooks.secretIdent, webhooks.secretEnv));
    ctor.push(
      `${thisMember(webhooks.member)} = new Webhooks(${thisMember(webhooks.secretIdent)}, ${str(webhooks.scheme)});`,
    );
  }
  model.authOptions.forEach((option, i) => {
    const ident = plan.authIdents[i] as string;
    const fromEnv = option.envVar !== undefined ? `readEnv(${str(option.envVar)}) ?? null` : 'null';
    ctor.push(`${thisMember(ident)} = ${optionsMember(ident)} !== undefined ? ${optionsMember(ident)} : (${fromEnv});`);
    if (option.required) {
      const viaOAuth = clientCredentials !== undefined && clientCredentials.flow.scheme === option.scheme;
      const message = `The \`${ident}\` client option must be set${option.envVar !== undefined ? ` (or the ${option.envVar} environment variable)` : ''}.`;
      const missing = `${thisMember(ident)} === null${viaOAuth ? ' && this.#oauth === null' : ''}`;
      ctor.push(ifThen(missing, `throw new Error(${str(message)});`));
    }
  });
  for (const resource of plan.resources)
    ctor.push(`${thisMember(resource.propName)} = new ${id(resource.className)}(this);`);
  members.push(block('constructor(options: ClientOptions = {}) ', ctor));
  if (plan.stainless) members.push(...stainlessMethods(model, plan));
  members.push(...authMethods(model, plan, schemes));
  if (clientCredentials !== undefined) members.push(...oauthMethods(model, plan, clientCredentials.flow.scheme));
  members.push(
    block('protected override userAgent(): string ', [`return ${str(`${options.packageName}/${options.version}`)};`]),
  );
  const doc = [
    model.info.title !== '' ? `Client for ${model.info.title} (API version ${model.info.version}).` : undefined,
    model.info.description,
  ];
  statements.push(withDoc(block(`export class ${id(options.clientClass)} extends BaseClient `, members), doc));
  if (plan.stainless)
    statements.push(
      withDoc(
        block(`export declare namespace ${id(options.clientClass)} `, [
          `export type RequestOptions = import(${str('./core/base-client.js')}).RequestOptions;`,
        ]),
        [`Types under the client's name, as a Stainless SDK has them (\`${options.clientClass}.RequestOptions\`).`],
      ),
    );
  return { path: 'src/client.ts', content: printModule(`The ${options.clientClass} client.`, statements) };
}

/**
 * Partner runs: Stainless's `withOptions` (a new client of the same class, its options over this
 * one's current state) and the HTTP verbs (`client.get(path, options)`) a user calls for an
 * endpoint the SDK has no method for.
 */
function stainlessMethods(model: ApiModel, plan: SdkPlan): string[] {
  const current: string[] = [];
  if (model.environments.length > 0)
    current.push('baseURL: options.environment !== undefined ? undefined : this.baseURL');
  else current.push('baseURL: this.baseURL');
  current.push(
    'maxRetries: this.maxRetries',
    'timeout: this.timeout',
    'logger: this._logger',
    'logLevel: this._logLevel',
    'fetch: this._fetch',
    'fetchOptions: this._fetchOptions',
    'httpAgent: this._httpAgent',
  );
  const credentials = [
    ...plan.authIdents,
    ...(plan.clientCredentials !== undefined
      ? [plan.clientCredentials.idIdent, plan.clientCredentials.secretIdent]
      : []),
    ...(plan.webhooks !== undefined ? [plan.webhooks.secretIdent] : []),
  ];
  for (const ident of credentials) current.push(`${id(ident)}: ${thisMember(ident)}`);
  const withOptions = block('withOptions(options: Partial<ClientOptions>): this ', [
    `return new (this.constructor as new (options: ClientOptions) => this)(${objectLines(['...this.#options', ...current, '...options'])});`,
  ]);
  const verbs = ['get', 'post', 'put', 'patch', 'delete'].map((verb) =>
    withDoc(
      block(`${verb}<T = unknown>(path: string, options: Omit<APIRequest, "method" | "path"> = {}): APIPromise<T> `, [
        `return this.request<T>({ ...options, method: ${str(verb)}, path });`,
      ]),
      [`A \`${verb.toUpperCase()}\` request to \`path\` (relative to the base URL), its response body parsed.`],
    ),
  );
  return [
    withDoc(withOptions, [
      "A new client with these options over this one's (its current base URL, timeout, retries, credentials).",
    ]),
    ...verbs,
  ];
}

/**
 * The client-credentials flow's token: fetched (or taken from the cache) before each attempt when
 * no access token was given directly, and dropped once when the API answers 401 to it.
 */
function oauthMethods(model: ApiModel, plan: SdkPlan, key: string): string[] {
  const tokenIdent = plan.authIdents[model.authOptions.findIndex((option) => option.scheme === key)];
  const token = tokenIdent !== undefined ? `${notNull(thisMember(tokenIdent))} || ` : '';
  const wanted = `(schemes?.has(${str(key)}) ?? true)`;
  return [
    block('protected override async fetchedAuthHeaders(schemes?: ReadonlySet<string>): Promise<HeaderValues> ', [
      ifThen(`${token}this.#oauth === null || !${wanted}`, 'return {};'),
      'return { Authorization: "Bearer " + (await this.#oauth.token()) };',
    ]),
    block('protected override unauthorized(sent: HeaderValues): boolean ', [
      'const value = sent.Authorization;',
      'return this.#oauth !== null && value != null && this.#oauth.invalidate(value.slice("Bearer ".length));',
    ]),
  ];
}

function authMethods(model: ApiModel, plan: SdkPlan, schemes: Map<string, AuthScheme>): string[] {
  const headerStatements: string[] = [];
  const queryStatements: string[] = [];
  const cookieStatements: string[] = [];
  const set = (target: string, key: string, value: string): string => `${access(id(target), key)} = ${value};`;
  // `schemes?.has(key) ?? true`: the scheme is wanted by the request (every scheme when it names none).
  // Inside `&&` it is parenthesized (JavaScript does not allow `??` beside `&&` unparenthesized).
  const wanted = (key: string): string => `(schemes?.has(${str(key)}) ?? true)`;
  const and = (a: string, b: string): string => `${a} && ${b}`;
  const configuredCases: string[] = [];
  for (const [key, list] of authOptionsByScheme(model, plan.authIdents)) {
    const scheme = schemes.get(key);
    const first = list[0];
    if (scheme === undefined || first === undefined) continue;
    const value = thisMember(first.ident);
    let configured: string | undefined = notNull(value);
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'header')
        headerStatements.push(ifThen(and(notNull(value), wanted(key)), set('headers', scheme.paramName, value)));
      else if (scheme.in === 'query')
        queryStatements.push(ifThen(and(notNull(value), wanted(key)), set('query', scheme.paramName, value)));
      else {
        const pair = `${str(`${encodeUriComponentSafe(scheme.paramName)}=`)} + encodeURIComponent(${value})`;
        cookieStatements.push(ifThen(and(notNull(value), wanted(key)), `cookies.push(${pair});`));
      }
    } else if (scheme.type === 'http' && scheme.scheme === 'basic') {
      const user = list.find((o) => /user|login|name/i.test(o.option.name)) ?? first;
      const pass = list.find((o) => o !== user && /pass|secret/i.test(o.option.name)) ?? list.find((o) => o !== user);
      const u = thisMember(user.ident);
      const p = pass ? thisMember(pass.ident) : undefined;
      configured = p ? `${notNull(u)} || ${notNull(p)}` : notNull(u);
      const condition = p ? `(${configured})` : configured;
      const orEmpty = (e: string): string => `${e} ?? ""`;
      headerStatements.push(
        ifThen(
          and(condition, wanted(key)),
          set('headers', 'Authorization', `basicAuth(${orEmpty(u)}, ${p ? orEmpty(p) : '""'})`),
        ),
      );
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      const prefix =
        scheme.type === 'http' && scheme.scheme !== 'bearer'
          ? scheme.scheme.charAt(0).toUpperCase() + scheme.scheme.slice(1)
          : 'Bearer';
      headerStatements.push(
        ifThen(and(notNull(value), wanted(key)), set('headers', 'Authorization', `${str(`${prefix} `)} + ${value}`)),
      );
      if (key === plan.clientCredentials?.flow.scheme) configured = `${notNull(value)} || this.#oauth !== null`;
    } else configured = undefined;
    if (configured !== undefined) configuredCases.push(`case ${str(key)}: return ${configured};`);
  }
  const out: string[] = [];
  const local = (name: string, type: string, init: string): string => `const ${name}: ${type} = ${init};`;
  const schemesParam = 'schemes?: ReadonlySet<string>';
  if (configuredCases.length > 0) {
    // Which schemes have their credentials set: the client sends the first security alternative whose schemes all do.
    const body = block('switch (scheme) ', [...configuredCases, 'default: return false;']);
    out.push(block('protected override hasCredentials(scheme: string): boolean ', [body]));
  }
  if (headerStatements.length > 0 || cookieStatements.length > 0) {
    const body: string[] = [local('headers', 'HeaderValues', NULL_PROTO)];
    body.push(...headerStatements);
    if (cookieStatements.length > 0) {
      body.push(local('cookies', 'string[]', '[]'));
      body.push(...cookieStatements);
      body.push(ifThen('cookies.length > 0', set('headers', 'Cookie', 'cookies.join("; ")')));
    }
    body.push('return headers;');
    out.push(block(`protected override authHeaders(${schemesParam}): HeaderValues `, body));
  }
  if (queryStatements.length > 0) {
    const type = 'Record<string, string>';
    out.push(
      block(`protected override authQuery(${schemesParam}): ${type} `, [
        local('query', type, NULL_PROTO),
        ...queryStatements,
        'return query;',
      ]),
    );
  }
  return out;
}
