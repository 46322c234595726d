// Every identifier of the generated package is decided here, once, through `tsIdent` and
// `NameScope`: exported type/class names share one package-wide scope (so `index.ts` can
// re-export everything), members get a scope per class, and locals a scope per method.

import { clientCredentialsFlowOf, type ClientCredentialsFlow } from '../core/client.ts';
import type { MethodPlan } from '../core/resources.ts';
import type { ApiModel, Operation, Parameter, Resource, WebhookScheme } from '../model/types.ts';
import { NameScope } from '../names/scope.ts';
import { tsIdent } from '../names/typescript.ts';
import { kebabCase } from '../names/case.ts';
import { singularName } from '../names/singular.ts';
import { directionalSchemas } from './schema-types.ts';
import type { ResolvedTypeScriptSdkOptions } from './types.ts';

/** Longest file stem taken from a name in the description. */
export const MAX_FILE_STEM = 64;

/** Names the bundled core exports (and generated modules import), never given to a model or resource. */
export const CORE_EXPORTS = [
  'AbstractPage',
  'APIConnectionError',
  'APIConnectionTimeoutError',
  'APIError',
  'APIPromise',
  'APIRequest',
  'APIResource',
  'APITimeoutError',
  'APIUserAbortError',
  'AuthenticationError',
  'BadRequestError',
  'BaseClient',
  'BaseClientOptions',
  'BodyKind',
  'ClientOptions',
  'ConflictError',
  'Fetch',
  'HTTPMethod',
  'HeaderValues',
  'InternalServerError',
  'LogLevel',
  'Logger',
  'NotFoundError',
  'Page',
  'PagePromise',
  'PaginationConfig',
  'PermissionDeniedError',
  'QueryStyle',
  'RateLimitError',
  'RawResponse',
  'RequestOptions',
  'ResponseKind',
  'SDKError',
  'ServerSentEvent',
  'Stream',
  'UnprocessableEntityError',
  'Uploadable',
  'WithResponse',
  'decodeResponse',
  'parseLogLevel',
  'isRequestOptions',
  'applyServerVariables',
  'basicAuth',
  'ownParams',
  'path',
  'readEnv',
  'toFile',
];

/** Members of `BaseClient` a generated client must not shadow. */
export const CLIENT_RESERVED_MEMBERS = [
  'constructor',
  'baseURL',
  'timeout',
  'maxRetries',
  'request',
  'sendRequest',
  'buildURL',
  'buildRequest',
  'authHeaders',
  'authQuery',
  'userAgent',
  'hasCredentials',
  'authSchemes',
  'fetchedAuthHeaders',
  'unauthorized',
  '_fetch',
  '_defaultHeaders',
  '_defaultQuery',
  '_idempotencyHeader',
  '_fetchOptions',
  '_httpAgent',
  '_logLevel',
  '_logger',
  'environment',
  'defaultHeaders',
  'defaultQuery',
  'fetch',
  'idempotencyHeader',
  'options',
];

/** Members a partner client adds, as a Stainless client has them. */
export const PARTNER_CLIENT_MEMBERS = [
  'logLevel',
  'logger',
  'fetchOptions',
  'httpAgent',
  'withOptions',
  'get',
  'post',
  'put',
  'patch',
  'delete',
];

export type { MethodPlan } from '../core/resources.ts';

export interface ResourcePlan {
  resource: Resource;
  className: string;
  /** Property name on the parent (client or resource). */
  propName: string;
  /** Module path without extension, relative to `src/`, e.g. `resources/chats/participants`. */
  module: string;
  methods: MethodPlan[];
  children: ResourcePlan[];
}

export interface SdkPlan {
  options: ResolvedTypeScriptSdkOptions;
  /** Partner runs from a `stainless.yml` (`model.client.stainless`): methods keep a Stainless SDK's call shapes. */
  stainless: boolean;
  /** Partner runs: the base error class's name, `<Client>Error` as Stainless names it (the core's `SDKError`). */
  baseErrorClass?: string;
  /** Schema ids the config names as models (`resources.<r>.models`); Stainless inlines every other schema under a method's type name. */
  configModels: ReadonlySet<string>;
  /** Schema id -> exported type name. */
  typeNames: Map<string, string>;
  /** Schema id -> exported name of its request form, for schemas with readOnly / writeOnly properties (see `directionalSchemas`). */
  inputTypeNames: Map<string, string>;
  resources: ResourcePlan[];
  /** Operation key -> operation. */
  operations: Map<string, Operation>;
  /** Client option / member identifiers for credentials (index-aligned with `model.authOptions`). */
  authIdents: string[];
  /** Client option identifiers for the first server's variables (index-aligned with its `variables`). */
  serverVarIdents: string[];
  /**
   * Whether requests carry their operation's `security` (the client then sends only the credentials
   * of the first satisfied alternative). False when neither the document nor any operation states
   * security: then every configured credential goes on every request, as the author most likely meant.
   */
  operationSecurity: boolean;
  /** The OAuth2 client-credentials flow the client runs itself, with its two option identifiers. */
  clientCredentials?: { flow: ClientCredentialsFlow; idIdent: string; secretIdent: string };
  /** 3.1 webhooks: the client member verifying them, its secret option, and one payload type per webhook. */
  webhooks?: WebhooksPlan;
}

export interface WebhooksPlan {
  /** The client member (`webhooks`, else `webhookEvents` when a resource is called `webhooks`). */
  member: string;
  secretIdent: string;
  secretEnv: string;
  scheme: WebhookScheme;
  /** The exported union of every payload type. */
  unionType: string;
  /** Webhooks first, then callbacks (`op.path` is the webhook's name / the callback's runtime expression). */
  events: { op: Operation; kind: 'webhook' | 'callback'; typeName: string }[];
}

/** Core names only a package with client credentials / webhooks exports (claimed then, so other packages keep their names). */
const OAUTH_EXPORTS = ['ClientCredentials', 'OAuthError'];
const WEBHOOK_EXPORTS = ['WebhookVerificationError', 'Webhooks', 'WebhookHeaders', 'UnwrapOptions'];

export function planSdk(model: ApiModel, options: ResolvedTypeScriptSdkOptions): SdkPlan {
  // Partner runs spell initialisms as the customer's Stainless SDK does (`getKYCLink`, `DNSRecord`).
  const casings = model.client.wordCasings;
  const flow = clientCredentialsFlowOf(model, options.envPrefix);
  const exported = new NameScope([
    ...CORE_EXPORTS,
    ...(flow !== undefined ? OAUTH_EXPORTS : []),
    ...(model.webhooks.length + model.callbacks.length > 0 ? WEBHOOK_EXPORTS : []),
  ]);
  exported.claim('\u0000client', options.clientClass);
  const baseErrorClass = model.client.stainless
    ? exported.claim('\u0000baseError', `${options.clientClass}Error`)
    : undefined;
  const typeNames = new Map<string, string>();
  for (const id of Object.keys(model.schemas).sort()) {
    const named = model.schemas[id];
    if (named === undefined) continue;
    typeNames.set(id, exported.claim(`schema:${id}`, tsIdent(named.name, { kind: 'type', casings })));
  }
  // Request forms are claimed after every schema name, so a schema called `TreeInput` keeps its name.
  const inputTypeNames = new Map<string, string>();
  for (const id of [...directionalSchemas(model)].sort()) {
    const named = model.schemas[id];
    if (named === undefined) continue;
    inputTypeNames.set(id, exported.claim(`input:${id}`, tsIdent(`${named.name} input`, { kind: 'type', casings })));
  }
  const operations = new Map(model.operations.map((op) => [op.key, op]));
  // Partner runs: the client also has Stainless's `logLevel`, `logger`, `fetchOptions` (read-only views),
  // `withOptions` and the HTTP verbs (`get`, `post`, ...).
  const clientMembers = new NameScope([
    ...CLIENT_RESERVED_MEMBERS,
    ...(model.client.stainless ? PARTNER_CLIENT_MEMBERS : []),
  ]);
  const files = new Map<string, NameScope>();
  const planResource = (resource: Resource, parentMembers: NameScope, dir: string): ResourcePlan => {
    // A resource class named like a model gets a `Resource` suffix rather than a number.
    const classCandidate = tsIdent(resource.name, { kind: 'type', casings });
    const className = exported.claim(
      `resource:${resource.path.join('\u0000')}`,
      exported.has(classCandidate) ? `${classCandidate}Resource` : classCandidate,
    );
    const propName = parentMembers.claim(
      `resource:${resource.name}`,
      tsIdent(resource.name, { kind: 'member', casings }),
    );
    const fileScope = files.get(dir) ?? new NameScope();
    files.set(dir, fileScope);
    // File names have a byte limit (255 on common file systems): a longer name must not make the package unwritable.
    const fileName = fileScope.claim(
      resource.name,
      kebabCase(resource.name).slice(0, MAX_FILE_STEM).replace(/-+$/, '') || 'resource',
    );
    const module = `${dir}/${fileName}`;
    const members = new NameScope(['constructor', '_client']);
    const methods: MethodPlan[] = [];
    for (const method of resource.methods) {
      const op = operations.get(method.operation);
      if (op === undefined) continue;
      const name = members.claim(`method:${method.name}`, tsIdent(method.name, { kind: 'member', casings }));
      // Partner runs name a method's types after the resource's singular, as Stainless does
      // (`chats.participants.add` → `ParticipantAddParams`); flagship runs after the whole path.
      const stem = model.client.stainless
        ? `${singularName(resource.name)} ${method.name}`
        : [...resource.path, method.name].join(' ');
      methods.push({
        name,
        rawName: method.name,
        op,
        ...(method.deprecated !== undefined ? { deprecated: method.deprecated } : {}),
        paramsType: exported.claim(
          `params:${resource.path.join('\u0000')}:${method.name}`,
          tsIdent(`${stem} params`, { kind: 'type', casings }),
        ),
        responseType: exported.claim(
          `response:${resource.path.join('\u0000')}:${method.name}`,
          tsIdent(`${stem} response`, { kind: 'type', casings }),
        ),
      });
    }
    const children = resource.subresources.map((child) => planResource(child, members, module));
    return { resource, className, propName, module, methods, children };
  };
  // Credentials and server variables are both client options and members; they are claimed first.
  const authIdents = model.authOptions.map((option) =>
    clientMembers.claim(`auth:${option.name}`, tsIdent(option.name, { kind: 'member' })),
  );
  const serverVarIdents = (model.servers[0]?.variables ?? []).map((v) =>
    clientMembers.claim(`var:${v.name}`, tsIdent(v.name, { kind: 'member' })),
  );
  const clientCredentials =
    flow === undefined
      ? undefined
      : {
          flow,
          idIdent: clientMembers.claim('\u0000clientId', tsIdent('client_id', { kind: 'member' })),
          secretIdent: clientMembers.claim('\u0000clientSecret', tsIdent('client_secret', { kind: 'member' })),
        };
  const webhookSecret =
    model.webhooks.length + model.callbacks.length > 0
      ? clientMembers.claim('\u0000webhookSecret', tsIdent('webhook_secret', { kind: 'member' }))
      : undefined;
  const resources = model.resources.map((resource) => planResource(resource, clientMembers, 'resources'));
  const operationSecurity = model.security.length > 0 || model.operations.some((op) => op.security.length > 0);
  let webhooks: WebhooksPlan | undefined;
  if (webhookSecret !== undefined) {
    const member = clientMembers.claim('\u0000webhooks', clientMembers.has('webhooks') ? 'webhookEvents' : 'webhooks');
    const events = [
      ...model.webhooks.map((op) => ({
        op,
        kind: 'webhook' as const,
        typeName: exported.claim(`webhook:${op.key}`, tsIdent(`${op.methodName} webhook event`, { kind: 'type' })),
      })),
      ...model.callbacks.map((op) => ({
        op,
        kind: 'callback' as const,
        typeName: exported.claim(`callback:${op.key}`, tsIdent(`${op.methodName} callback event`, { kind: 'type' })),
      })),
    ];
    webhooks = {
      member,
      secretIdent: webhookSecret,
      secretEnv: `${options.envPrefix}_WEBHOOK_SECRET`,
      scheme: model.client.webhookScheme ?? 'standard',
      unionType: exported.claim('\u0000webhookEvent', 'UnwrapWebhookEvent'),
      events,
    };
  }
  return {
    options,
    stainless: model.client.stainless === true,
    ...(baseErrorClass !== undefined ? { baseErrorClass } : {}),
    configModels: new Set(flattenModels(model.resources)),
    typeNames,
    inputTypeNames,
    resources,
    operations,
    authIdents,
    serverVarIdents,
    operationSecurity,
    ...(clientCredentials !== undefined ? { clientCredentials } : {}),
    ...(webhooks !== undefined ? { webhooks } : {}),
  };
}

function flattenModels(resources: Resource[]): string[] {
  return resources.flatMap((r) => [...r.models.map((m) => m.schema), ...flattenModels(r.subresources)]);
}

/** Local identifiers inside one method body (path parameters spelt with the model's word casings, as `chatID`). */
export function methodLocals(
  op: Operation,
  casings?: ApiModel['client']['wordCasings'],
): { scope: NameScope; pathArgs: { param: Parameter; ident: string }[] } {
  const scope = new NameScope([
    'params',
    'options',
    'path',
    'ownParams',
    'this',
    'body',
    'query',
    'headers',
    'cookies',
    'undefined',
  ]);
  const pathArgs = op.parameters.path.map((param) => ({
    param,
    ident: scope.claim(`path:${param.name}`, tsIdent(param.name, { casings })),
  }));
  return { scope, pathArgs };
}
