// Public types of the Python SDK generator.

export interface PythonSdkOptions {
  /** PyPI distribution name; default `model.client.packages.python`, else derived from the client name. */
  packageName?: string;
  /** Import name (`src/<module>/`); default `model.client.packages.pythonModule`, else derived. */
  moduleName?: string;
  /** Package version (PEP 440); default the description's `info.version` when valid, else `0.1.0`. */
  version?: string;
  /** Raw client class name (made an identifier by `pyIdent`); default `model.client.name`. */
  clientName?: string;
  /** Prefix of the environment variables the client reads (`<PREFIX>_API_KEY`); default `model.client.envPrefix`. */
  envPrefix?: string;
  /** Header carrying idempotency keys on retried non-GET requests; null disables it. Default `Idempotency-Key`. */
  idempotencyHeader?: string | null;
  /** Named schemas per `types/_models_<n>.py` part when the models are split (emit-models.ts); default 50. */
  modelsPerPart?: number;
}

/** Options after defaults have been applied. */
export interface ResolvedPythonSdkOptions {
  packageName: string;
  /** A valid Python identifier (snake_case). */
  moduleName: string;
  version: string;
  /** The client class identifier (already through `pyIdent`). */
  clientClass: string;
  /** Upper-case, `[A-Z0-9_]` only. */
  envPrefix: string;
  idempotencyHeader: string | null;
}
