// Every identifier of the generated package is decided here, once, through `pyIdent` and
// `NameScope`: exported type and class names share one package-wide scope (`types/__init__.py`
// re-exports them all), members get a scope per class, parameters a scope per method.

import type { MethodPlan } from '../core/resources.ts';
import type { ApiModel, Operation, Resource } from '../model/types.ts';
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
  scope: NameScope;
  resources: ResourcePlan[];
  operations: Map<string, Operation>;
  /** Index-aligned with `model.authOptions`. */
  authIdents: string[];
  /** Index-aligned with the first server's variables. */
  serverVarIdents: string[];
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
  const typeFiles = new NameScope(['models', 'params', '__init__']);
  const authIdents = model.authOptions.map((option) =>
    clientMembers.claim(`auth:${option.name}`, pyIdent(option.name, { kind: 'param' })),
  );
  const serverVarIdents = (model.servers[0]?.variables ?? []).map((v) =>
    clientMembers.claim(`var:${v.name}`, pyIdent(v.name, { kind: 'param' })),
  );
  const dirs = new Map<string, NameScope>();
  const planResource = (resource: Resource, parentMembers: NameScope, dir: string[]): ResourcePlan => {
    const key = resource.path.join('\u0000');
    const className = scope.claim(
      `resource:${key}`,
      `${pyIdent(resource.name, { kind: 'type', casings: model.client.wordCasings })}Resource`,
    );
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
    const isPackage = children.length > 0;
    return { resource, className, asyncClassName: '', attr, modulePath, isPackage, typesModule, methods, children };
  };
  const resources = model.resources.map((resource) => planResource(resource, clientMembers, []));
  // The async names are claimed after every sync one, so adding them renamed nothing that existed.
  const asyncClientClass = scope.claim('\u0000async client', `Async${options.clientClass}`);
  const claimAsync = (plans: ResourcePlan[]): void => {
    for (const p of plans) {
      p.asyncClassName = scope.claim(`async resource:${p.resource.path.join('\u0000')}`, `Async${p.className}`);
      claimAsync(p.children);
    }
  };
  claimAsync(resources);
  return { options, asyncClientClass, scope, resources, operations, authIdents, serverVarIdents };
}
