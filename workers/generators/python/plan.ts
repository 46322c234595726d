// Every identifier of the generated package is decided here, once, through `pyIdent` and
// `NameScope`: exported type and class names share one package-wide scope (`types/__init__.py`
// re-exports them all), members get a scope per class, parameters a scope per method.

import type { MethodPlan } from '../core/resources.ts';
import type { ApiModel, OAuth2AuthScheme, OAuthFlow, Operation, Resource } from '../model/types.ts';
import { clientCredentialsFlowOf } from '../core/client.ts';
import { NameScope } from '../names/scope.ts';
import { pyIdent } from '../names/python.ts';
import type { ResolvedPythonSdkOptions } from './types.ts';

/** Names the bundled runtime exports or generated modules import; never given to a model or resource. */
export const RESERVED_EXPORTS = [
  'Any',
  'Dict',
  'List',
  'Literal',
  'Mapping',
  'Optional',
  'TypeAlias',
  'TypedDict',
  'Union',
  'IO',
  'cast',
  'BaseModel',
  'Converter',
  'DictOf',
  'FieldSpec',
  'ListOf',
  'UnionOf',
  'APIConnectionError',
  'APIError',
  'APIStatusError',
  'APITimeoutError',
  'APIResponseValidationError',
  'HttpClient',
  'AuthenticationError',
  'BadRequestError',
  'BaseClient',
  'ConflictError',
  'FileContent',
  'FileTypes',
  'Headers',
  'InternalServerError',
  'NOT_GIVEN',
  'NotFoundError',
  'NotGiven',
  'PageResult',
  'PaginationScheme',
  'PermissionDeniedError',
  'QueryParams',
  'RateLimitError',
  'ServerSentEvent',
  'Stream',
  'SyncAPIResource',
  'SyncPage',
  'UnprocessableEntityError',
  'AbortableClient',
  'AsyncAPIResource',
  'AsyncPage',
  'AsyncRunner',
  'AsyncStream',
  'CallAborted',
  'DEFAULT_MAX_WORKERS',
  'ENVIRONMENTS',
  'T',
  'ClientCredentials',
  'OAuthError',
  'RawResponse',
  'WebhookVerificationError',
];

/** Public members of `BaseClient` (and constructor keywords) a generated client must not shadow. */
export const CLIENT_RESERVED = [
  'self',
  'base_url',
  'timeout',
  'max_retries',
  'default_headers',
  'default_query',
  'idempotency_header',
  'http_client',
  'environment',
  'max_workers',
  'close',
  'request',
  'send',
  'str',
  'int',
  'float',
  'bool',
  'bytes',
  'object',
  'os',
  'cast',
  'with_raw_response',
  'webhook_secret',
  'resolve_token_url',
  'cached_property',
];

/** Method names that would shadow builtins used in annotations inside the class body. */
const MEMBER_RESERVED = ['str', 'int', 'float', 'bool', 'bytes', 'object'];

/** Locals and globals a method body refers to; parameters never take these names. */
export const PARAM_RESERVED = [
  'self',
  'cast',
  'construct',
  'isinstance',
  'encode_path',
  'extra_headers',
  'extra_query',
  'timeout',
];

export type { MethodPlan } from '../core/resources.ts';

export interface ResourcePlan {
  resource: Resource;
  className: string;
  /** Its class in the async client (`_async_resources/`). */
  asyncClassName: string;
  /** Its class in `Async<Client>.with_raw_response`: the raw methods, awaitable. */
  asyncRawClassName: string;
  /** The class `client.with_raw_response.<chain>` returns: every method answering a `RawResponse`. */
  rawClassName: string;
  /** Attribute on the parent (client or resource). */
  attr: string;
  /** Module path segments under `resources/`, e.g. ['chats', 'participants']. */
  modulePath: string[];
  /** True when it has subresources (then it is a package: `resources/<x>/__init__.py`). */
  isPackage: boolean;
  /** Module name under `types/` for its request/response types. */
  typesModule: string;
  methods: MethodPlan[];
  children: ResourcePlan[];
}

export interface SdkPlan {
  options: ResolvedPythonSdkOptions;
  /** The async client class (`_async_client.py`). */
  asyncClientClass: string;
  /** `Async<Client>.with_raw_response`'s class. */
  asyncRawClientClass: string;
  scope: NameScope;
  resources: ResourcePlan[];
  operations: Map<string, Operation>;
  /** Index-aligned with `model.authOptions`. */
  authIdents: string[];
  /** Index-aligned with the first server's variables. */
  serverVarIdents: string[];
  /** The client's raw-response view class (`client.with_raw_response`). */
  rawClientClass: string;
  /** OAuth2 client credentials: the first oauth2 scheme (by key) with a `clientCredentials` flow that names a token URL. */
  oauth?: OAuthPlan;
  /** The webhooks helper (`client.webhooks`), when the description has 3.1 `webhooks` or callbacks. */
  webhooks?: WebhooksPlan;
  /** Partner runs: the base error class a Stainless SDK names after the client (`<Client>Error`). */
  baseErrorClass?: string;
}

export interface OAuthPlan {
  scheme: OAuth2AuthScheme;
  flow: OAuthFlow & { tokenUrl: string };
  clientIdIdent: string;
  clientSecretIdent: string;
  clientIdEnv: string;
  clientSecretEnv: string;
}

export interface WebhooksPlan {
  /** Attribute on the client (`webhooks` unless an option took it). */
  attr: string;
  className: string;
  /** Module under `resources/`. */
  module: string;
  /** Module under `types/` for inline payload types. */
  typesModule: string;
  secretEnv: string;
  webhooks: Operation[];
}

/** The oauth2 scheme and flow the client fetches tokens with (the one every SDK picks: `clientCredentialsFlowOf`). */
export function clientCredentialsOf(
  model: ApiModel,
  envPrefix: string,
):
  | { scheme: OAuth2AuthScheme; flow: OAuthFlow & { tokenUrl: string }; clientIdEnv: string; clientSecretEnv: string }
  | undefined {
  const chosen = clientCredentialsFlowOf(model, envPrefix);
  const scheme = model.authSchemes.find((s) => s.key === chosen?.scheme);
  if (chosen === undefined || scheme?.type !== 'oauth2') return undefined;
  const flow = scheme.flows.find((f) => f.flow === 'clientCredentials' && f.tokenUrl === chosen.tokenUrl);
  if (flow === undefined) return undefined;
  return {
    scheme,
    flow: { ...flow, tokenUrl: chosen.tokenUrl },
    clientIdEnv: chosen.clientIdEnv,
    clientSecretEnv: chosen.clientSecretEnv,
  };
}

/**
 * Longest module (file) stem taken from a name in the description: file names have a byte limit
 * (255 on common file systems), and a longer name must not make the package unwritable.
 */
export const MAX_MODULE_STEM = 64;

/** A Python module name for a file, from a name in the description (an identifier prefix is an identifier). */
export function moduleStem(raw: string): string {
  return pyIdent(raw).slice(0, MAX_MODULE_STEM);
}

export function planSdk(model: ApiModel, options: ResolvedPythonSdkOptions): SdkPlan {
  const scope = new NameScope(RESERVED_EXPORTS);
  scope.claim('\u0000client', options.clientClass);
  const operations = new Map(model.operations.map((op) => [op.key, op]));
  const clientMembers = new NameScope(CLIENT_RESERVED);
  // Partner runs: the directories of Stainless's method types (`types/<resource>/`) are not modules.
  const typeFiles = new NameScope([
    'models',
    'params',
    '__init__',
    ...(model.client.stainless === true
      ? model.resources.filter((r) => r.subresources.length > 0).map((r) => moduleStem(r.name))
      : []),
  ]);
  const authIdents = model.authOptions.map((option) =>
    clientMembers.claim(`auth:${option.name}`, pyIdent(option.name, { kind: 'param' })),
  );
  const serverVarIdents = (model.servers[0]?.variables ?? []).map((v) =>
    clientMembers.claim(`var:${v.name}`, pyIdent(v.name, { kind: 'param' })),
  );
  const credentials = clientCredentialsOf(model, options.envPrefix);
  const oauth: OAuthPlan | undefined = credentials && {
    ...credentials,
    clientIdIdent: clientMembers.claim('\u0000client_id', 'client_id'),
    clientSecretIdent: clientMembers.claim('\u0000client_secret', 'client_secret'),
  };
  const dirs = new Map<string, NameScope>();
  let webhooks: WebhooksPlan | undefined;
  if (model.webhooks.length + model.callbacks.length > 0) {
    const root = new NameScope(['__init__']);
    dirs.set('', root);
    webhooks = {
      attr: clientMembers.claim('\u0000webhooks', 'webhooks'),
      className: scope.claim('\u0000webhooks', 'WebhooksResource'),
      module: root.claim('\u0000webhooks', 'webhooks'),
      typesModule: typeFiles.claim('\u0000webhooks', 'webhooks'),
      secretEnv: `${options.envPrefix}_WEBHOOK_SECRET`,
      webhooks: [...model.webhooks, ...model.callbacks],
    };
  }
  const planResource = (resource: Resource, parentMembers: NameScope, dir: string[]): ResourcePlan => {
    const key = resource.path.join('\u0000');
    const className = scope.claim(
      `resource:${key}`,
      `${pyIdent(resource.name, { kind: 'type', casings: model.client.wordCasings })}Resource`,
    );
    const rawClassName = scope.claim(`raw:${key}`, `${className}WithRawResponse`);
    const attr = parentMembers.claim(`resource:${resource.name}`, pyIdent(resource.name));
    const dirKey = dir.join('/');
    const files = dirs.get(dirKey) ?? new NameScope(['__init__']);
    dirs.set(dirKey, files);
    const moduleName = files.claim(resource.name, moduleStem(resource.name));
    const modulePath = [...dir, moduleName];
    const members = new NameScope(MEMBER_RESERVED);
    const methods: MethodPlan[] = [];
    for (const method of resource.methods) {
      const op = operations.get(method.operation);
      if (op === undefined) continue;
      const stem = [...resource.path, method.name].join(' ');
      methods.push({
        name: members.claim(`method:${method.name}`, pyIdent(method.name)),
        rawName: method.name,
        op,
        ...(method.deprecated !== undefined ? { deprecated: method.deprecated } : {}),
        paramsType: `${stem} params`,
        responseType: `${stem} response`,
      });
    }
    const typesModule = typeFiles.claim(key, moduleStem(resource.path.join(' ')));
    const children = resource.subresources.map((child) => planResource(child, members, modulePath));
    return {
      resource,
      className,
      asyncClassName: '',
      asyncRawClassName: '',
      rawClassName,
      attr,
      modulePath,
      isPackage: children.length > 0,
      typesModule,
      methods,
      children,
    };
  };
  const resources = model.resources.map((resource) => planResource(resource, clientMembers, []));
  const baseErrorClass =
    model.client.stainless === true ? scope.claim('\u0000base error', `${options.clientClass}Error`) : undefined;
  const rawClientClass = scope.claim('\u0000raw client', `${options.clientClass}WithRawResponse`);
  // The async names are claimed after every sync one, so adding them renamed nothing that existed.
  const asyncClientClass = scope.claim('\u0000async client', `Async${options.clientClass}`);
  const claimAsync = (plans: ResourcePlan[]): void => {
    for (const p of plans) {
      p.asyncClassName = scope.claim(`async resource:${p.resource.path.join('\u0000')}`, `Async${p.className}`);
      p.asyncRawClassName = scope.claim(`async raw:${p.resource.path.join('\u0000')}`, `Async${p.rawClassName}`);
      claimAsync(p.children);
    }
  };
  claimAsync(resources);
  const asyncRawClientClass = scope.claim('\u0000async raw client', `Async${options.clientClass}WithRawResponse`);
  return {
    options,
    asyncClientClass,
    asyncRawClientClass,
    scope,
    resources,
    operations,
    authIdents,
    serverVarIdents,
    rawClientClass,
    ...(oauth !== undefined ? { oauth } : {}),
    ...(webhooks !== undefined ? { webhooks } : {}),
    ...(baseErrorClass !== undefined ? { baseErrorClass } : {}),
  };
}
