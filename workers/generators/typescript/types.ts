// Public types of the TypeScript SDK generator.

export interface TypeScriptSdkOptions {
  /** npm package name; default `model.client.packages.typescript`, else derived from the client name. */
  packageName?: string;
  /** Package version; default the description's `info.version` when it is semver, else `0.1.0`. */
  version?: string;
  /** Raw client class name (made an identifier by `tsIdent`); default `model.client.name`. */
  clientName?: string;
  /** Prefix of the environment variables the client reads (`<PREFIX>_API_KEY`); default `model.client.envPrefix`. */
  envPrefix?: string;
  /** Header carrying idempotency keys on retried non-GET requests; null disables it. Default `Idempotency-Key`. */
  idempotencyHeader?: string | null;
}

/** Options after defaults have been applied. */
export interface ResolvedTypeScriptSdkOptions {
  packageName: string;
  version: string;
  /** The client class identifier (already through `tsIdent`). */
  clientClass: string;
  /** Upper-case, `[A-Z0-9_]` only. */
  envPrefix: string;
  idempotencyHeader: string | null;
}
