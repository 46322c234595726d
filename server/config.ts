import { resolve } from 'node:path';
import { z } from 'zod';

const MB = 1024 * 1024;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting comes from the environment; README: Configuration lists them. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(54329),
  PUBLIC_BASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),

  MAX_OPENAPI_BYTES: z.coerce.number().int().positive().default(25 * MB),
  MAX_CONFIG_BYTES: z.coerce.number().int().positive().default(1 * MB),
  MAX_OLD_SDK_BYTES: z.coerce.number().int().positive().default(10 * MB),
  MAX_DOCS_SOURCE_BYTES: z.coerce.number().int().positive().default(5 * MB),

  REPORT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  REPORT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  PLAN_RUNS_FREE: z.coerce.number().int().nonnegative().default(200),
  PLAN_RUNS_LAUNCH: z.coerce.number().int().nonnegative().default(2000),
  PLAN_RUNS_SCALE: z.coerce.number().int().nonnegative().default(20000),
  INPUT_RETENTION_HOURS: z.coerce.number().positive().default(24 * 7),
  ARTIFACT_RETENTION_HOURS: z.coerce.number().positive().default(24 * 30),
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().positive().default(10),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  QUEUE_RETRY_LIMIT: z.coerce.number().int().nonnegative().default(2),
  QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int().nonnegative().default(5),
  QUEUE_EXPIRE_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  QUEUE_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(10),

  AUTH_PROVIDER: z.enum(['local-dev', 'idp']).default('local-dev'),
  PUBLISH_NPM_TOKEN: z.string().optional(),
  PUBLISH_PYPI_TOKEN: z.string().optional(),
  PUBLISH_GITHUB_TOKEN: z.string().optional(),
  PUBLISH_APPROVED: bool.default(false),
  DOCS_CNAME_TARGET: z.string().default('docs.report-service.dev'),
  BOOTSTRAP: bool.default(true),
  BOOTSTRAP_WORKSPACE_NAME: z.string().default('Local workspace'),
  BOOTSTRAP_OWNER_EMAIL: z.string().default('owner@localhost'),
});

export interface Config {
  port: number;
  host: string;
  role: 'all' | 'api' | 'worker';
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  publicBaseUrl: string | undefined;
  logLevel: string;
  production: boolean;
  limits: { openapiBytes: number; configBytes: number; oldSdkBytes: number; docsSourceBytes: number };
  rateLimit: { starts: number; windowSeconds: number };
  planRuns: { free: number; launch: number; scale: number };
  retention: { inputHours: number; artifactHours: number };
  worker: { heartbeatSeconds: number; concurrency: number };
  queue: { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number; heartbeatSeconds: number };
  docs: { cnameTarget: string };
  /** Which registries have a connection (a token), and whether publishing is approved. Tokens stay here. */
  publishing: { connected: Record<'npm' | 'pypi' | 'docs' | 'github', boolean>; approved: boolean };
  auth: { provider: 'local-dev' | 'idp'; bootstrap: boolean; bootstrapWorkspaceName: string; bootstrapOwnerEmail: string };
}

/** Reads the configuration; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
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
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    limits: {
      openapiBytes: e.MAX_OPENAPI_BYTES,
      configBytes: e.MAX_CONFIG_BYTES,
      oldSdkBytes: e.MAX_OLD_SDK_BYTES,
      docsSourceBytes: e.MAX_DOCS_SOURCE_BYTES,
    },
    rateLimit: {
      starts: e.REPORT_RATE_LIMIT,
      windowSeconds: e.REPORT_RATE_WINDOW_SECONDS,
    },
    planRuns: { free: e.PLAN_RUNS_FREE, launch: e.PLAN_RUNS_LAUNCH, scale: e.PLAN_RUNS_SCALE },
    retention: { inputHours: e.INPUT_RETENTION_HOURS, artifactHours: e.ARTIFACT_RETENTION_HOURS },
    worker: { heartbeatSeconds: e.WORKER_HEARTBEAT_SECONDS, concurrency: e.WORKER_CONCURRENCY },
    queue: {
      retryLimit: e.QUEUE_RETRY_LIMIT,
      retryDelaySeconds: e.QUEUE_RETRY_DELAY_SECONDS,
      expireInSeconds: e.QUEUE_EXPIRE_SECONDS,
      heartbeatSeconds: e.QUEUE_JOB_HEARTBEAT_SECONDS,
    },
    docs: { cnameTarget: e.DOCS_CNAME_TARGET },
    publishing: {
      connected: { npm: !!e.PUBLISH_NPM_TOKEN, pypi: !!e.PUBLISH_PYPI_TOKEN, github: !!e.PUBLISH_GITHUB_TOKEN, docs: true },
      approved: e.PUBLISH_APPROVED,
    },
    auth: {
      provider: e.AUTH_PROVIDER,
      bootstrap: e.BOOTSTRAP,
      bootstrapWorkspaceName: e.BOOTSTRAP_WORKSPACE_NAME,
      bootstrapOwnerEmail: e.BOOTSTRAP_OWNER_EMAIL,
    },
  };
}

/** The total JSON body a report start may carry: every field at its limit, plus slack. */
export function maxBodyBytes(config: Config): number {
  const l = config.limits;
  // JSON escaping can double a text's size in the worst common case (quotes, backslashes, newlines).
  return 2 * (l.openapiBytes + l.configBytes + l.oldSdkBytes + l.docsSourceBytes) + 1024 * 1024;
}
