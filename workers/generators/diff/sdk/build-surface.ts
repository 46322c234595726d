// Language-neutral second half of surface extraction: the extractors (TypeScript compiler API,
// Python `ast`, Go's go/parser) report classes with their methods and child resources; this file finds the
// client, walks the resource tree from it and produces the sorted `SdkSurface`.

import type {
  SdkLanguage,
  SdkSurface,
  SurfaceField,
  SurfaceMethod,
  SurfaceModel,
  SurfaceParam,
  SurfaceProblem,
} from '../types.ts';

export interface RawMethod {
  name: string;
  params: SurfaceParam[];
  returnType: string;
  /** HTTP method (lower case) and path as found in the body. */
  endpoint?: { method: string; path: string };
  paginated: boolean;
  streaming: boolean;
  deprecated: boolean;
  line: number;
}

export interface RawChild {
  /** Member name on the parent (`generations`, `image`). */
  name: string;
  /** Class name the member holds (rightmost identifier). */
  className: string;
}

export interface RawClass {
  name: string;
  file: string;
  line: number;
  /** Base class names as written (rightmost identifier). */
  bases: string[];
  methods: RawMethod[];
  children: RawChild[];
  /** Constructor / `__init__` options when this class looks like a client. */
  options?: SurfaceField[];
  /** Declared in a private module (Python `_x.py`) and exported by no `__init__.py`: the runtime's own. */
  private?: boolean;
}

export interface RawSdk {
  language: SdkLanguage;
  files: number;
  classes: RawClass[];
  /** `exported`: declared in a private module (Python `types/_models_<n>.py`) but imported by an `__init__.py`. */
  models: (SurfaceModel & { exported?: boolean })[];
  /** `ClientOptions`-style interface fields (TypeScript), when declared. */
  clientOptions?: SurfaceField[];
  problems: SurfaceProblem[];
}

const RESOURCE_BASE = /(^|_)(API|Sync|Async)?(APIResource|Resource|SyncAPIResource|AsyncAPIResource)$/;
const CLIENT_BASE = /(Client|APIClient|SyncAPIClient|BaseClient)$/;
const ERROR_NAME = /(Error|Exception)$/;
const PAGE_NAME = /(^|[a-z])Page([A-Z]|$|Promise)|Pagination|Paginator/;
const STREAM_NAME = /Stream/;
/** Runtime modules whose exported types are plumbing, not API models. */
const PRIVATE_MODULE =
  /(^|\/)(_(?!_init__)[^/]*|_?shims|core|internal)(\/|\.pyi?$)|(^|\/)(core|uploads|error|errors|streaming|pagination|resource|version|base-client|shims)\.ts$/;

function isAsyncTwin(cls: RawClass): boolean {
  // Python SDKs carry an `Async…` twin and `…WithRawResponse` / `…WithStreamingResponse` wrappers.
  return (
    (/^Async/.test(cls.name) && cls.bases.some((b) => /Async/.test(b))) || /With(Raw|Streaming)Response$/.test(cls.name)
  );
}

function commonPrefixLength(a: string, b: string): number {
  const da = a.split('/');
  const db = b.split('/');
  let n = 0;
  while (n < da.length - 1 && n < db.length - 1 && da[n] === db[n]) n++;
  return n;
}

export function buildSurface(raw: RawSdk): SdkSurface {
  const classes = raw.classes.filter((c) => !isAsyncTwin(c));
  const byName = new Map<string, RawClass[]>();
  for (const cls of classes) byName.set(cls.name, [...(byName.get(cls.name) ?? []), cls]);
  const resolve = (className: string, fromFile: string): RawClass | undefined => {
    const candidates = byName.get(className);
    if (candidates === undefined || candidates.length === 0) return undefined;
    if (candidates.length === 1) return candidates[0];
    return [...candidates].sort(
      (a, b) =>
        commonPrefixLength(b.file, fromFile) - commonPrefixLength(a.file, fromFile) ||
        a.file.length - b.file.length ||
        (a.file < b.file ? -1 : 1),
    )[0];
  };
  const isResource = (cls: RawClass): boolean =>
    cls.bases.some((b) => RESOURCE_BASE.test(b)) || cls.methods.some((m) => m.endpoint !== undefined);
  const childResources = (cls: RawClass): { name: string; cls: RawClass }[] => {
    const out: { name: string; cls: RawClass }[] = [];
    for (const child of cls.children) {
      const target = resolve(child.className, cls.file);
      if (target !== undefined && target !== cls && isResource(target)) out.push({ name: child.name, cls: target });
    }
    return out;
  };

  // The client: not a resource itself, holds resources; prefer one extending a *Client base.
  const clientCandidates = classes
    .filter((c) => !c.bases.some((b) => RESOURCE_BASE.test(b)) && !ERROR_NAME.test(c.name))
    .map((c) => ({ c, n: childResources(c).length, base: c.bases.some((b) => CLIENT_BASE.test(b)) }))
    .filter((x) => x.n > 0 || x.base)
    .sort((a, b) => Number(b.base) - Number(a.base) || b.n - a.n || (a.c.name < b.c.name ? -1 : 1));
  const client = clientCandidates.find((x) => x.n > 0)?.c;

  const methods: SurfaceMethod[] = [];
  const resources: string[] = [];
  const visited = new Set<RawClass>();
  const walk = (cls: RawClass, path: string[]): void => {
    if (visited.has(cls) || path.length > 12) return;
    visited.add(cls);
    resources.push(path.join('.'));
    for (const m of cls.methods) methods.push(toSurfaceMethod(raw.language, path, m, cls.file));
    for (const child of childResources(cls)) walk(child.cls, [...path, child.name]);
    visited.delete(cls);
  };
  if (client !== undefined) {
    for (const child of childResources(client)) walk(child.cls, [child.name]);
  }
  // Resources nobody reaches from a client (a partial SDK was sent): roots named after the class.
  const referenced = new Set<RawClass>();
  for (const cls of classes) for (const c of childResources(cls)) referenced.add(c.cls);
  if (client === undefined) {
    for (const cls of classes) {
      if (!isResource(cls) || referenced.has(cls) || cls.methods.length + cls.children.length === 0) continue;
      const rootName = raw.language === 'python' ? snake(cls.name.replace(/Resource$/, '')) : camel(cls.name);
      walk(cls, [rootName]);
    }
  }

  // Errors, pages and streams users can import: a private runtime module's own classes are not.
  const publicClasses = classes.filter((c) => c.private !== true);
  const errors = publicClasses
    .filter((c) => ERROR_NAME.test(c.name) || c.bases.some((b) => ERROR_NAME.test(b)))
    .map((c) => c.name);
  const pagination = publicClasses.filter((c) => PAGE_NAME.test(c.name) && !ERROR_NAME.test(c.name)).map((c) => c.name);
  const streaming = publicClasses
    .filter(
      (c) =>
        STREAM_NAME.test(c.name) &&
        !ERROR_NAME.test(c.name) &&
        // The old Stainless runtime shims declare Node's `FsReadStream` for Deno (`_shims/index-deno.ts`): not the SDK's streaming.
        !/(^|\/)_shims\//.test(c.file) &&
        !isResource(c) &&
        !/With(Raw|Streaming|Streamed)Response$/.test(c.name),
    )
    .map((c) => c.name);
  const uniqSorted = (xs: string[]): string[] => [...new Set(xs)].sort();
  const modelMap = new Map<string, SurfaceModel>();
  for (const { exported, ...m } of raw.models)
    if (!modelMap.has(m.name) && (exported === true || !PRIVATE_MODULE.test(m.location.file))) modelMap.set(m.name, m);
  const dedupMethods = new Map<string, SurfaceMethod>();
  for (const m of methods) if (!dedupMethods.has(m.id)) dedupMethods.set(m.id, m);
  return {
    language: raw.language,
    ...(client !== undefined ? { client: client.name } : {}),
    clientOptions: raw.clientOptions ?? client?.options ?? [],
    resources: uniqSorted(resources),
    methods: [...dedupMethods.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    models: [...modelMap.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    errors: uniqSorted(errors),
    pagination: uniqSorted(pagination),
    streaming: uniqSorted(streaming),
    files: raw.files,
    problems: raw.problems,
  };
}

function camel(name: string): string {
  return name.length === 0 ? name : name[0]!.toLowerCase() + name.slice(1);
}

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** `post /generations/{id}` → `post /generations/{}`: path parameter names differ between SDKs. */
export function normaliseEndpoint(method: string, path: string): string {
  let p = path.split('?')[0] ?? '';
  p = p.replace(/\{[^}]*\}/g, '{}');
  if (!p.startsWith('/')) p = '/' + p;
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return `${method.toLowerCase()} ${p}`;
}

export function renderCall(language: SdkLanguage, id: string, params: SurfaceParam[]): string {
  const positional = params.filter((p) => p.positional).map((p) => (p.required ? p.name : `${p.name}?`));
  const named = params.filter((p) => !p.positional);
  const shown = named.slice(0, 6).map((p) => (p.required ? p.name : `${p.name}?`));
  if (named.length > 6) shown.push(`…${named.length - 6} more`);
  if (language === 'python') {
    const kw = named.slice(0, 6).map((p) => `${p.name}=…`);
    if (named.length > 6) kw.push(`…${named.length - 6} more`);
    const args = [...params.filter((p) => p.positional).map((p) => p.name), ...kw];
    return `client.${id}(${args.join(', ')})`;
  }
  if (language === 'go') {
    // client.Instances.Volumes.Attach(ctx, volumeID, hypeman.…Params{MountPath, Readonly?})
    const args = ['ctx', ...positional];
    if (named.length > 0) args.push(`Params{${shown.join(', ')}}`);
    return `client.${id}(${args.join(', ')})`;
  }
  const args = [...positional];
  if (named.length > 0) args.push(`{ ${shown.join(', ')} }`);
  return `client.${id}(${args.join(', ')})`;
}

function toSurfaceMethod(language: SdkLanguage, path: string[], m: RawMethod, file: string): SurfaceMethod {
  const id = [...path, m.name].join('.');
  return {
    id,
    resourcePath: path,
    name: m.name,
    ...(m.endpoint !== undefined
      ? {
          endpoint: normaliseEndpoint(m.endpoint.method, m.endpoint.path),
          endpointRaw: `${m.endpoint.method.toLowerCase()} ${m.endpoint.path}`,
        }
      : {}),
    params: m.params,
    returnType: m.returnType,
    paginated: m.paginated,
    streaming: m.streaming,
    deprecated: m.deprecated,
    call: renderCall(language, id, m.params),
    location: { file, line: m.line },
  };
}
