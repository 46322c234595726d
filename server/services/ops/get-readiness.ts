import { pendingMigrations } from '../../../db/migrate.ts';
import type { Deps } from '../deps.ts';

/** What readiness needs to know of this process's worker (bin/roles.ts passes it when the process runs one). */
export interface WorkerProbe {
  /** True while the worker's queue subscriptions are in place (false before start and once stopping). */
  subscribed(): boolean;
}

export interface Check {
  ok: boolean;
  detail: string;
}

export interface Readiness {
  ready: boolean;
  role: Deps['config']['role'];
  checks: { database: Check; migrations: Check; worker?: Check };
}

/** How long the database may take to answer a probe before it counts as unreachable. */
const PROBE_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Readiness for an orchestrator (GET /readyz): the database answers, every migration of this code
 * is applied, and in a process that runs a worker its queue subscriptions are in place. Unlike
 * /api/health (the contract's report of what is configured) it answers 503 when not ready, and
 * says why in words that name no host, user or secret.
 */
export async function getReadiness(deps: Deps, worker: WorkerProbe | undefined): Promise<Readiness> {
  let database: Check;
  let migrations: Check;
  try {
    await withTimeout(deps.db.sequelize.query('SELECT 1'), 'the database');
    database = { ok: true, detail: 'answers' };
    try {
      const pending = await withTimeout(pendingMigrations(deps.db.sequelize), 'the database');
      migrations = pending.length
        ? { ok: false, detail: `${pending.length} pending: ${pending.slice(0, 3).join(', ')}` }
        : { ok: true, detail: 'all applied' };
    } catch (error) {
      migrations = { ok: false, detail: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
    }
  } catch (error) {
    database = { ok: false, detail: `unreachable (${error instanceof Error ? error.name : 'error'})` };
    migrations = { ok: false, detail: 'unknown while the database is unreachable' };
  }
  const runsWorker = deps.config.role !== 'api';
  const workerCheck: Check | undefined = runsWorker
    ? worker?.subscribed()
      ? { ok: true, detail: 'subscribed to its queues' }
      : { ok: false, detail: worker ? 'not subscribed (stopping)' : 'not started yet' }
    : undefined;
  return {
    ready: database.ok && migrations.ok && (workerCheck?.ok ?? true),
    role: deps.config.role,
    checks: { database, migrations, ...(workerCheck ? { worker: workerCheck } : {}) },
  };
}
