// Derives a resources tree (resource -> methods, nested subresources) from the paths alone, the
// way a person would write a flagship config: collections by their path segment, REST verbs as
// list/create/retrieve/update/delete, trailing POST-only segments after a parameter as actions, and
// RPC-style paths (`POST /accounts/balance/get`) as a method named by their verb on the resource
// before it (`accounts.balance.get`), not as a resource of their own. Deterministic.

import type { HttpMethod, SourceLocation } from './types.ts';
import { snakeCase } from '../names/case.ts';
import { endpointKey } from './endpoint.ts';
import type { ConfigMethod, ConfigResource } from './generator-config.ts';

export interface EndpointInfo {
  method: HttpMethod;
  path: string;
  operationId?: string;
  source: SourceLocation;
}

const VERSION_SEGMENT = /^(api|rest|v\d+[a-z0-9.]*|\d+(\.\d+)*)$/i;
const isParam = (segment: string): boolean => /^\{[^{}]*\}$/.test(segment) || segment.includes('{');

/**
 * First words that make a trailing path segment an RPC verb (`get`, `create`, `fire_webhook`,
 * `exchange`): such a segment names a method of the resource before it. Nouns that are also verbs
 * in REST APIs (`search`, `report`, `export`) are left out: they are as often collections.
 */
const RPC_VERBS = new Set([
  'get',
  'list',
  'create',
  'update',
  'delete',
  'remove',
  'sync',
  'refresh',
  'cancel',
  'evaluate',
  'exchange',
  'fire',
  'reset',
  'set',
  'send',
  'verify',
  'validate',
  'start',
  'stop',
  'close',
  'submit',
  'approve',
  'reject',
  'decide',
  'archive',
  'migrate',
  'grant',
  'revoke',
  'rotate',
  'retry',
  'enable',
  'disable',
  'simulate',
  'calculate',
  'generate',
  'invalidate',
  'initiate',
  'authorize',
  'confirm',
  'reverse',
  'enroll',
  'unenroll',
  'lookup',
  'fetch',
  'add',
  'edit',
  'modify',
  'upsert',
  'resend',
  'reconnect',
  'disconnect',
  'prepare',
]);
const isRpcVerb = (segment: string): boolean => RPC_VERBS.has(snakeCase(segment).split('_')[0] ?? '');

export interface DerivedName {
  resourcePath: string[];
  methodName: string;
}

export function deriveResources(endpoints: EndpointInfo[]): {
  resources: ConfigResource[];
  names: Map<string, DerivedName>;
} {
  const paths = new Set(endpoints.map((e) => e.path));
  const methodsByPath = new Map<string, Set<HttpMethod>>();
  for (const e of endpoints) {
    let set = methodsByPath.get(e.path);
    if (set === undefined) methodsByPath.set(e.path, (set = new Set()));
    set.add(e.method);
  }
  const continuesWithParam = (prefix: string): boolean => {
    for (const p of paths)
      if (p.startsWith(prefix + '/') && isParam(p.slice(prefix.length + 1).split('/')[0] ?? '')) return true;
    return false;
  };
  // Every proper prefix of a path, and the spellings of each parent's children by snake-case
  // name: an RPC verb folds into a method only where no path continues below it and no sibling
  // segment spelt otherwise (`Get` beside `get`) would become a resource of the same name.
  const prefixes = new Set<string>();
  const spellings = new Map<string, Set<string>>();
  for (const p of paths) {
    const segments = p.split('/');
    for (let i = 1; i < segments.length; i++) {
      if (i < segments.length - 1) prefixes.add(segments.slice(0, i + 1).join('/'));
      const key = `${segments.slice(0, i).join('/')} ${snakeCase(segments[i] as string)}`;
      let set = spellings.get(key);
      if (set === undefined) spellings.set(key, (set = new Set()));
      set.add(segments[i] as string);
    }
  }
  const isRpcAction = (path: string, segment: string): boolean => {
    if (!isRpcVerb(segment) || prefixes.has(path)) return false;
    const methods = methodsByPath.get(path);
    if (methods === undefined || methods.has('get')) return false;
    const parent = path.slice(0, path.length - segment.length - 1);
    return (spellings.get(`${parent} ${snakeCase(segment)}`)?.size ?? 0) === 1;
  };

  const root: ConfigResource = {
    name: '',
    methods: [],
    models: [],
    subresources: [],
    source: { pointer: '', line: 0, column: 0 },
  };
  const names = new Map<string, DerivedName>();
  const sorted = [...endpoints].sort((a, b) =>
    a.path === b.path ? methodOrder(a.method) - methodOrder(b.method) : a.path < b.path ? -1 : 1,
  );

  for (const endpoint of sorted) {
    const segments = endpoint.path.split('/').filter((s) => s !== '');
    let start = 0;
    while (start < segments.length - 1 && VERSION_SEGMENT.test(segments[start] as string)) start++;
    const chain: string[] = [];
    let action: string | undefined;
    for (let i = start; i < segments.length; i++) {
      const segment = segments[i] as string;
      if (isParam(segment)) continue;
      const last = i === segments.length - 1;
      const prefix = '/' + segments.slice(0, i + 1).join('/');
      const afterParam = i > start && isParam(segments[i - 1] as string);
      const onlyWrites = !(methodsByPath.get(endpoint.path)?.has('get') ?? false);
      if (last && afterParam && onlyWrites && !continuesWithParam(prefix) && chain.length > 0) action = segment;
      else if (last && !afterParam && chain.length > 0 && isRpcAction(endpoint.path, segment)) action = segment;
      else chain.push(segment);
    }
    const resourcePath = chain.length === 0 ? ['root'] : chain.map((s) => snakeCase(s) || 'root');
    const endsWithParam = segments.length > 0 && isParam(segments[segments.length - 1] as string);
    const methods = methodsByPath.get(endpoint.path) ?? new Set();
    const candidate =
      action !== undefined ? snakeCase(action) || endpoint.method : restName(endpoint.method, endsWithParam, methods);

    let node = root;
    for (const name of resourcePath) {
      let child = node.subresources.find((r) => r.name === name);
      if (child === undefined) {
        child = { name, methods: [], models: [], subresources: [], source: endpoint.source };
        node.subresources.push(child);
      }
      node = child;
    }
    const taken = new Set(node.methods.map((m) => m.name));
    let name = candidate;
    if (taken.has(name)) {
      const fromId = endpoint.operationId !== undefined ? snakeCase(endpoint.operationId) : '';
      name = fromId !== '' && !taken.has(fromId) ? fromId : `${candidate}_${endpoint.method}`;
      for (let n = 2; taken.has(name); n++) name = `${candidate}_${n}`;
    }
    const key = endpointKey(endpoint.method, endpoint.path);
    const method: ConfigMethod = { name, endpoint: key, source: endpoint.source };
    node.methods.push(method);
    names.set(key, { resourcePath, methodName: name });
  }
  sortTree(root);
  return { resources: root.subresources, names };
}

function restName(method: HttpMethod, endsWithParam: boolean, methods: Set<HttpMethod>): string {
  switch (method) {
    case 'get':
      return endsWithParam ? 'retrieve' : 'list';
    case 'post':
      return endsWithParam ? 'update' : 'create';
    case 'put':
      return methods.has('patch') || methods.has('post') ? 'replace' : 'update';
    case 'patch':
      return 'update';
    case 'delete':
      return 'delete';
    default:
      return method;
  }
}

function methodOrder(method: HttpMethod): number {
  return ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'].indexOf(method);
}

function sortTree(resource: ConfigResource): void {
  resource.subresources.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const sub of resource.subresources) sortTree(sub);
}
