import { pipelineSteps } from '../../../workers/for-api.ts';
import { checkoutAvailable } from '../../integrations/stripe.ts';
import type { Deps } from '../deps.ts';
import { lastWorkerHeartbeat } from '../runs/capabilities.ts';

/**
 * Readiness: whether the database answers and which parts are configured. No token, no secrets.
 * `ok` is false while the database is unreachable.
 */
export async function getHealth(deps: Deps) {
  let databaseReachable = true;
  let heartbeat: Date | undefined;
  try {
    await deps.db.sequelize.query('SELECT 1');
    heartbeat = await lastWorkerHeartbeat();
  } catch {
    databaseReachable = false;
  }
  const workerAlive = !!heartbeat && Date.now() - heartbeat.getTime() <= deps.config.worker.heartbeatSeconds * 3000;
  return {
    ok: databaseReachable,
    service: 'report-service',
    mode: 'managed-db-control-plane' as const,
    accounts: databaseReachable,
    projects: databaseReachable,
    persistedRuns: databaseReachable,
    hostedReports: workerAlive,
    storage: databaseReachable,
    queue: databaseReachable,
    pipeline: {
      database: deps.db.kind,
      databaseReachable,
      workerAlive,
      ...(heartbeat ? { lastWorkerHeartbeatAt: heartbeat.toISOString() } : {}),
      steps: pipelineSteps(),
      authProvider: deps.config.auth.provider,
      billingConfigured: checkoutAvailable(deps.config),
    },
    generatedAt: new Date().toISOString(),
  };
}
