// Every identifier of the generated package is decided here, once, through `tsIdent` and
// `NameScope`: exported type/class names share one package-wide scope (so `index.ts` can
// re-export everything), members get a scope per class, and locals a scope per method.

import type { MethodPlan } from '../core/resources.ts';
import type { ApiModel, Operation, Parameter, Resource } from '../model/types.ts';
import { NameScope } from '../names/scope.ts';
import { tsIdent } from '../names/typescript.ts';
import { kebabCase } from '../names/case.ts';
import { directionalSchemas } from './schema-types.ts';
import type { ResolvedTypeScriptSdkOptions } from './types.ts';

/** Longest file stem taken from a name in the description. */
export const MAX_FILE_STEM = 64;

/** Names the bundled core exports (and generated modules import), never given to a model or resource. */
export const CORE_EXPORTS = [
  'APIConnectionError',
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
  'ServerSentEvent',
  'Stream',
  'UnprocessableEntityError',
  'Uploadable',
  'WithResponse',
  'decodeResponse',
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
  'authHeaders',
  'authQuery',
  'userAgent',
  'hasCredentials',
  'authSchemes',
  '_fetch',
  '_defaultHeaders',
  '_defaultQuery',
  '_idempotencyHeader',
  'environment',
  'defaultHeaders',
  'defaultQuery',
  'fetch',
  'idempotencyHeader',
  'options',
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
}

export function planSdk(model: ApiModel, options: ResolvedTypeScriptSdkOptions): SdkPlan {
  // Partner runs spell initialisms as the customer's Stainless SDK does (`getKYCLink`, `DNSRecord`).
  const casings = model.client.wordCasings;
  const exported = new NameScope(CORE_EXPORTS);
  exported.claim('\u0000client', options.clientClass);
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
  const clientMembers = new NameScope(CLIENT_RESERVED_MEMBERS);
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
      const stem = [...resource.path, method.name].join(' ');
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
  const resources = model.resources.map((resource) => planResource(resource, clientMembers, 'resources'));
  const operationSecurity = model.security.length > 0 || model.operations.some((op) => op.security.length > 0);
  return { options, typeNames, inputTypeNames, resources, operations, authIdents, serverVarIdents, operationSecurity };
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
