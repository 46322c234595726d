// A Go module is published by a git tag on the repository its path names. Publishing takes a Go
// module through the contract's `github` registry: a `packageName` whose first element is a host
// (it has a dot: `github.com/acme/petstore-go`) is a Go module path and publishes the `go_sdk`
// artifact; `owner/repo` publishes the TypeScript SDK as before (docs/publishing.md).

/** `host/owner/repo` with an optional major-version suffix `/vN` (the module at the repository root). */
const MODULE_PATH = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)\/([A-Za-z0-9-]+)\/([A-Za-z0-9_.-]+?)(?:\/v(\d+))?$/;

export interface GoModulePath {
  host: string;
  owner: string;
  repo: string;
  /** N of a `/vN` suffix, when the path has one. */
  major?: number;
}

/** Whether a github `packageName` means a Go module (its first element is a host name). */
export function isGoModuleName(name: string): boolean {
  return /^[^/]*\.[^/]*\//.test(name);
}

/** The parts of a Go module path publishing can push, or undefined (a path in a subfolder, a bad name). */
export function parseGoModulePath(path: string): GoModulePath | undefined {
  if (path.length > 300) return undefined;
  const match = MODULE_PATH.exec(path);
  if (!match) return undefined;
  const [, host, owner, repo, major] = match;
  if (repo!.startsWith('.') || repo!.endsWith('.git')) return undefined;
  return { host: host!, owner: owner!, repo: repo!, ...(major !== undefined ? { major: Number(major) } : {}) };
}

/**
 * Go's rule for a module's major version: v0 and v1 have no suffix, v2 and later end in `/vN`
 * (go.mod's `module` line and every import). Undefined when the path and version agree, else what
 * the path must be.
 */
export function goMajorMismatch(path: string, version: string): string | undefined {
  const parsed = parseGoModulePath(path);
  const major = Number(/^(\d+)\./.exec(version)?.[1]);
  if (!parsed || !Number.isInteger(major)) return undefined;
  const base = `${parsed.host}/${parsed.owner}/${parsed.repo}`;
  const wanted = major >= 2 ? `${base}/v${major}` : base;
  return wanted === path ? undefined : wanted;
}
