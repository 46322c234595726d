import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_PARSE_LIMITS, type ModelLimits } from '../workers/generators/model/parse/limits.ts';

const MB = 1024 * 1024;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An absolute http(s) URL. */
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A comma-separated list of origins (scheme://host[:port]), normalised. */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(httpUrl.transform((u) => new URL(u).origin)).min(1, 'must list at least one origin'));

/** Every setting comes from the environment; docs/deployment.md: Configuration lists them. */
const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().default('.data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    EMBEDDED_PG_DURABLE: bool.default(true),
    PUBLIC_BASE_URL: z.string().optional(),
    METRICS_TOKEN: z.string().min(16, 'must be 16 characters or more').optional(),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.string().default('development'),

    MAX_OPENAPI_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(25 * MB),
    MAX_CONFIG_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1 * MB),
    MAX_OLD_SDK_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * MB),
    MAX_DOCS_SOURCE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * MB),

    REPORT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    REPORT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    AUTH_FAILURE_LIMIT: z.coerce.number().int().positive().default(50),
    AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
    PLAN_RUNS_FREE: z.coerce.number().int().nonnegative().default(200),
    PLAN_RUNS_LAUNCH: z.coerce.number().int().nonnegative().default(2000),
    PLAN_RUNS_SCALE: z.coerce.number().int().nonnegative().default(20000),
    INPUT_RETENTION_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 7),
    ARTIFACT_RETENTION_HOURS: z.coerce
      .number()
      .positive()
      .default(24 * 30),
    // Pristine SDK generations kept per project and language beyond the merge base and newer ones.
    SDK_GENERATIONS_KEPT: z.coerce.number().int().nonnegative().default(5),
    WORKER_HEARTBEAT_SECONDS: z.coerce.number().positive().default(10),
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
    PIPELINE_PARALLEL_STEPS: bool.default(true),
    STEP_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
    RUN_MEMORY_MB: z.coerce.number().int().min(64).default(3072),
    MODEL_MAX_ENUM_MEMBERS: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxEnumMembers),
    MODEL_MAX_UNION_ARMS: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxUnionArms),
    MODEL_MAX_ALLOF_ARMS: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxAllOfArms),
    MODEL_MAX_OBJECT_PROPERTIES: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxObjectProperties),
    MODEL_MAX_SCHEMAS: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxSchemas),
    MODEL_MAX_SCHEMA_NODES: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxSchemaNodes),
    QUEUE_RETRY_LIMIT: z.coerce.number().int().nonnegative().default(2),
    QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int().nonnegative().default(5),
    QUEUE_EXPIRE_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    QUEUE_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(10),

    AUTH_PROVIDER: z.enum(['local-dev', 'idp']).default('local-dev'),
    // How long an API process keeps an authenticated API key or session (0: never); changes that
    // take power away reach every process at once through LISTEN/NOTIFY, whatever this is.
    AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    PUBLISH_NPM_TOKEN: z.string().min(8, 'must be a registry token (8 characters or more)').optional(),
    PUBLISH_NPM_REGISTRY: httpUrl.default('https://registry.npmjs.org/'),
    PUBLISH_PYPI_TOKEN: z.string().min(8, 'must be a token or password of 8 characters or more').optional(),
    PUBLISH_PYPI_USERNAME: z.string().min(1).default('__token__'),
    PUBLISH_PYPI_REPOSITORY_URL: httpUrl.default('https://upload.pypi.org/legacy/'),
    PUBLISH_GITHUB_TOKEN: z.string().min(8, 'must be a token (8 characters or more)').optional(),
    PUBLISH_GITHUB_REMOTE_BASE: z
      .string()
      .regex(/^(https?:\/\/|file:\/\/\/)[^\s]*\/$/, 'must be an http(s):// or file:/// URL ending in /')
      .default('https://github.com/'),
    PUBLISH_GITHUB_BRANCH: z
      .string()
      .regex(/^[A-Za-z0-9._/-]{1,100}$/, 'must be a branch name')
      .default('main'),
    PUBLISH_GITHUB_API_URL: httpUrl.optional(),
    PUBLISH_GIT_AUTHOR_NAME: z.string().min(1).max(100).default('Report Service'),
    PUBLISH_GIT_AUTHOR_EMAIL: z.string().email().default('publish@report-service.invalid'),
    PUBLISH_APPROVED: bool.default(false),
    PUBLISH_DOCS_INDEXABLE: bool.default(false),
    PUBLISH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
    DOCS_CNAME_TARGET: z.string().default('docs.report-service.dev'),
    DNS_SERVERS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .regex(
                /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/,
                'must be IP addresses, optionally with :port',
              ),
          )
          .min(1),
      )
      .optional(),
    DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    DNS_TRIES: z.coerce.number().int().min(1).max(5).default(2),
    BOOTSTRAP: bool.default(true),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .default(12 * 60),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .positive()
      .default(7 * 24),
    SIGN_IN_LINK_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(15),

    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
        'must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)',
      )
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_PRICE_LAUNCH: z
      .string()
      .regex(/^price_\w+$/, 'must be a price id (price_…)')
      .optional(),
    STRIPE_PRICE_SCALE: z
      .string()
      .regex(/^price_\w+$/, 'must be a price id (price_…)')
      .optional(),
    STRIPE_API_BASE: httpUrl.optional(),
    STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    BILLING_LIVE_APPROVED: bool.default(false),
    BILLING_RETURN_ORIGINS: originList.optional(),

    IDP_ISSUER: httpUrl.optional(),
    IDP_JWKS_URL: httpUrl.optional(),
    IDP_SIGN_IN_URL: httpUrl.optional(),
    IDP_SIGN_UP_URL: httpUrl.optional(),
    IDP_SECRET_KEY: z.string().min(1).optional(),
    IDP_API_BASE: httpUrl.default('https://api.clerk.com/v1'),
    IDP_AUTHORIZED_PARTIES: originList.optional(),
    IDP_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    IDP_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    IDP_JWKS_COOLDOWN_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    IDP_JWKS_CACHE_SECONDS: z.coerce.number().min(1).max(86_400).default(600),
    BOOTSTRAP_WORKSPACE_NAME: z.string().default('Local workspace'),

    ARTIFACT_STORE: z.enum(['postgres', 's3']).default('postgres'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 of a-z 0-9 . -)')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or path segments ending in / (e.g. report-service/)')
      .default(''),
    STORAGE_ORPHAN_GRACE_MINUTES: z.coerce.number().positive().default(60),
    BOOTSTRAP_OWNER_EMAIL: z.string().default('owner@localhost'),
  })
  .superRefine((e, ctx) => {
    if (e.ARTIFACT_STORE === 's3' && !e.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when ARTIFACT_STORE=s3' });
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither: the AWS default chain)',
      });
    if (e.AUTH_PROVIDER !== 'idp') return;
    for (const name of [
      'IDP_ISSUER',
      'IDP_SIGN_IN_URL',
      'IDP_SIGN_UP_URL',
      'IDP_SECRET_KEY',
      'IDP_AUTHORIZED_PARTIES',
    ] as const) {
      if (e[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when AUTH_PROVIDER=idp' });
    }
  });

/** An S3-compatible bucket (AWS, MinIO, R2, GCS's XML API). */
export interface S3StorageConfig {
  /** Undefined: AWS's own endpoint for `region`. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Undefined: the AWS SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `http://host/bucket/key` rather than `http://bucket.host/key` (MinIO, s3rver, most self-hosted servers). */
  forcePathStyle: boolean;
  /** Prepended to every key (several services may share a bucket). */
  prefix: string;
}

/** Where artifact bytes and retained inputs live (docs/deployment.md: Artifact storage). */
export type StorageConfig = { kind: 'postgres' } | ({ kind: 's3' } & S3StorageConfig);

export interface Config {
  port: number;
  host: string;
  role: 'all' | 'api' | 'worker';
  databaseUrl: string | undefined;
  dataDir: string;
  /** Undefined: the port remembered in DATA_DIR, else 54329, else a free one (db/embedded.ts). */
  embeddedPgPort: number | undefined;
  /** false: the embedded PostgreSQL runs without fsync (tests only; a machine crash can corrupt it). */
  embeddedPgDurable: boolean;
  publicBaseUrl: string | undefined;
  /**
   * Prometheus metrics (docs/deployment.md: Metrics and readiness): `token` guards /metrics (bearer); on the
   * public port /metrics exists only when it is set. `port`: a separate listener (on `host`) for
   * /metrics and /readyz, in every role (a worker-only process has no other HTTP port).
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  logLevel: string;
  production: boolean;
  limits: {
    openapiBytes: number;
    configBytes: number;
    oldSdkBytes: number;
    docsSourceBytes: number;
    model: ModelLimits;
  };
  rateLimit: { starts: number; windowSeconds: number; authFailures: number; authFailureWindowSeconds: number };
  planRuns: { free: number; launch: number; scale: number };
  retention: {
    inputHours: number;
    artifactHours: number;
    /** Pristine SDK generations kept per project and language besides the base and newer ones. */
    generationsKept: number;
  };
  storage: StorageConfig;
  /** An object with no row naming it is collected by the purge job once it is this old (a younger one may be mid-write). */
  orphanGraceMs: number;
  worker: { heartbeatSeconds: number; concurrency: number };
  /**
   * `parallelSteps`: run the steps after `validate` side by side (recorded in order); false: one
   * after another. A run's steps run in a process of their own with a V8 heap of `memoryMb`; a step
   * running longer than `stepTimeoutMs` is stopped and recorded failed.
   */
  pipeline: { parallelSteps: boolean; stepTimeoutMs: number; memoryMb: number };
  queue: { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number; heartbeatSeconds: number };
  /** Docs domains: the CNAME target, and the DNS resolvers verification asks (undefined: the system's). */
  docs: { cnameTarget: string; dnsServers: string[] | undefined; dnsTimeoutMs: number; dnsTries: number };
  /**
   * Registry connections (one per service, from the environment), whether publishing is approved,
   * and whether published docs may be indexed. Tokens stay here: never logged nor answered.
   */
  publishing: {
    connected: Record<'npm' | 'pypi' | 'docs' | 'github', boolean>;
    approved: boolean;
    docsIndexable: boolean;
    /** Time limit of each external tool run (npm, git, twine, python3 -m build) and HTTP call. */
    timeoutMs: number;
    npm: { registry: string; token: string | undefined };
    pypi: { repositoryUrl: string; username: string; token: string | undefined };
    github: {
      /** `<base><owner>/<repo>.git` is the remote (https://github.com/ or file:///srv/git/). */
      remoteBase: string;
      branch: string;
      token: string | undefined;
      /** GitHub's REST API; a release is created only when set (default api.github.com for github.com remotes). */
      apiUrl: string | undefined;
      authorName: string;
      authorEmail: string;
    };
  };
  auth: {
    provider: 'local-dev' | 'idp';
    bootstrap: boolean;
    bootstrapWorkspaceName: string;
    bootstrapOwnerEmail: string;
    /** How long an API process keeps an authenticated credential (ms; 0 turns the cache off). */
    cacheMs: number;
  };
  /** Web app sessions: idle and absolute lifetimes, and how long a printed sign-in link works. */
  sessions: { idleMs: number; absoluteMs: number; signInLinkMs: number };
  /** The payment provider (Stripe). Secrets stay here; nothing of it is ever answered. */
  billing: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    prices: { launch: string | undefined; scale: string | undefined };
    /** Where the Stripe SDK sends requests; undefined: api.stripe.com. */
    apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
    timeoutMs: number;
    webhookToleranceSeconds: number;
    liveApproved: boolean;
    /** Origins successUrl/cancelUrl may point at; undefined: the service's own origin only. */
    returnOrigins: string[] | undefined;
  };
  /** The identity provider (AUTH_PROVIDER=idp, Clerk-shaped). */
  idp:
    | {
        issuer: string;
        jwksUrl: string;
        signInUrl: string;
        signUpUrl: string;
        secretKey: string;
        apiBase: string;
        authorizedParties: string[];
        clockSkewSeconds: number;
        apiTimeoutMs: number;
        /** An unknown key id refetches the key set at most this often (rotation without hammering the provider). */
        jwksCooldownSeconds: number;
        /** The key set is refetched when older than this. */
        jwksCacheSeconds: number;
      }
    | undefined;
}

function apiBaseOf(url: string | undefined): Config['billing']['apiBase'] {
  if (!url) return undefined;
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 };
}

/** Reads the configuration; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty billing, identity-provider, metrics or embedded-port variable means "not set" (e.g. `STRIPE_PRICE_SCALE=`).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) => !(value === '' && /^((STRIPE|BILLING|IDP|DNS|METRICS|S3)_|EMBEDDED_PG_PORT$)/.test(name)),
    ),
  );
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    embeddedPgDurable: e.EMBEDDED_PG_DURABLE,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST },
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    limits: {
      openapiBytes: e.MAX_OPENAPI_BYTES,
      configBytes: e.MAX_CONFIG_BYTES,
      oldSdkBytes: e.MAX_OLD_SDK_BYTES,
      docsSourceBytes: e.MAX_DOCS_SOURCE_BYTES,
      model: {
        maxEnumMembers: e.MODEL_MAX_ENUM_MEMBERS,
        maxUnionArms: e.MODEL_MAX_UNION_ARMS,
        maxAllOfArms: e.MODEL_MAX_ALLOF_ARMS,
        maxObjectProperties: e.MODEL_MAX_OBJECT_PROPERTIES,
        maxSchemas: e.MODEL_MAX_SCHEMAS,
        maxSchemaNodes: e.MODEL_MAX_SCHEMA_NODES,
      },
    },
    rateLimit: {
      starts: e.REPORT_RATE_LIMIT,
      windowSeconds: e.REPORT_RATE_WINDOW_SECONDS,
      authFailures: e.AUTH_FAILURE_LIMIT,
      authFailureWindowSeconds: e.AUTH_FAILURE_WINDOW_SECONDS,
    },
    planRuns: { free: e.PLAN_RUNS_FREE, launch: e.PLAN_RUNS_LAUNCH, scale: e.PLAN_RUNS_SCALE },
    retention: {
      inputHours: e.INPUT_RETENTION_HOURS,
      artifactHours: e.ARTIFACT_RETENTION_HOURS,
      generationsKept: e.SDK_GENERATIONS_KEPT,
    },
    storage:
      e.ARTIFACT_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : { kind: 'postgres' },
    orphanGraceMs: e.STORAGE_ORPHAN_GRACE_MINUTES * 60_000,
    worker: { heartbeatSeconds: e.WORKER_HEARTBEAT_SECONDS, concurrency: e.WORKER_CONCURRENCY },
    pipeline: {
      parallelSteps: e.PIPELINE_PARALLEL_STEPS,
      stepTimeoutMs: Math.round(e.STEP_TIMEOUT_SECONDS * 1000),
      memoryMb: e.RUN_MEMORY_MB,
    },
    queue: {
      retryLimit: e.QUEUE_RETRY_LIMIT,
      retryDelaySeconds: e.QUEUE_RETRY_DELAY_SECONDS,
      expireInSeconds: e.QUEUE_EXPIRE_SECONDS,
      heartbeatSeconds: e.QUEUE_JOB_HEARTBEAT_SECONDS,
    },
    docs: {
      cnameTarget: e.DOCS_CNAME_TARGET,
      dnsServers: e.DNS_SERVERS,
      dnsTimeoutMs: e.DNS_TIMEOUT_MS,
      dnsTries: e.DNS_TRIES,
    },
    publishing: {
      connected: {
        npm: !!e.PUBLISH_NPM_TOKEN,
        pypi: !!e.PUBLISH_PYPI_TOKEN,
        // A file:/// remote (a bare repository on the worker's disk or a mounted share) needs no token.
        github: !!e.PUBLISH_GITHUB_TOKEN || e.PUBLISH_GITHUB_REMOTE_BASE.startsWith('file:'),
        docs: true,
      },
      approved: e.PUBLISH_APPROVED,
      docsIndexable: e.PUBLISH_DOCS_INDEXABLE,
      timeoutMs: e.PUBLISH_TIMEOUT_MS,
      npm: {
        registry: e.PUBLISH_NPM_REGISTRY.endsWith('/') ? e.PUBLISH_NPM_REGISTRY : `${e.PUBLISH_NPM_REGISTRY}/`,
        token: e.PUBLISH_NPM_TOKEN || undefined,
      },
      pypi: {
        repositoryUrl: e.PUBLISH_PYPI_REPOSITORY_URL,
        username: e.PUBLISH_PYPI_USERNAME,
        token: e.PUBLISH_PYPI_TOKEN || undefined,
      },
      github: {
        remoteBase: e.PUBLISH_GITHUB_REMOTE_BASE,
        branch: e.PUBLISH_GITHUB_BRANCH,
        token: e.PUBLISH_GITHUB_TOKEN || undefined,
        apiUrl: (
          e.PUBLISH_GITHUB_API_URL ??
          (e.PUBLISH_GITHUB_REMOTE_BASE === 'https://github.com/' ? 'https://api.github.com' : undefined)
        )?.replace(/\/$/, ''),
        authorName: e.PUBLISH_GIT_AUTHOR_NAME,
        authorEmail: e.PUBLISH_GIT_AUTHOR_EMAIL,
      },
    },
    auth: {
      provider: e.AUTH_PROVIDER,
      bootstrap: e.BOOTSTRAP,
      bootstrapWorkspaceName: e.BOOTSTRAP_WORKSPACE_NAME,
      bootstrapOwnerEmail: e.BOOTSTRAP_OWNER_EMAIL,
      cacheMs: e.AUTH_CACHE_SECONDS * 1000,
    },
    sessions: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      signInLinkMs: e.SIGN_IN_LINK_MINUTES * 60_000,
    },
    billing: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: { launch: e.STRIPE_PRICE_LAUNCH, scale: e.STRIPE_PRICE_SCALE },
      apiBase: apiBaseOf(e.STRIPE_API_BASE),
      timeoutMs: e.STRIPE_TIMEOUT_MS,
      webhookToleranceSeconds: e.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      liveApproved: e.BILLING_LIVE_APPROVED,
      returnOrigins: e.BILLING_RETURN_ORIGINS,
    },
    idp:
      e.AUTH_PROVIDER === 'idp'
        ? {
            issuer: e.IDP_ISSUER!.replace(/\/$/, ''),
            jwksUrl: e.IDP_JWKS_URL ?? `${e.IDP_ISSUER!.replace(/\/$/, '')}/.well-known/jwks.json`,
            signInUrl: e.IDP_SIGN_IN_URL!,
            signUpUrl: e.IDP_SIGN_UP_URL!,
            secretKey: e.IDP_SECRET_KEY!,
            apiBase: e.IDP_API_BASE.replace(/\/$/, ''),
            authorizedParties: e.IDP_AUTHORIZED_PARTIES!,
            clockSkewSeconds: e.IDP_CLOCK_SKEW_SECONDS,
            apiTimeoutMs: e.IDP_API_TIMEOUT_MS,
            jwksCooldownSeconds: e.IDP_JWKS_COOLDOWN_SECONDS,
            jwksCacheSeconds: e.IDP_JWKS_CACHE_SECONDS,
          }
        : undefined,
  };
}

/** The total JSON body a report start may carry: every field at its limit, plus slack. */
export function maxBodyBytes(config: Config): number {
  const l = config.limits;
  // JSON escaping can double a text's size in the worst common case (quotes, backslashes, newlines).
  return 2 * (l.openapiBytes + l.configBytes + l.oldSdkBytes + l.docsSourceBytes) + 1024 * 1024;
}
