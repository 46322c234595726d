import { Op, type Transaction } from 'sequelize';
import { Run, WorkerHeartbeat } from '../../../db/models/index.ts';
import type { Plan } from '../../../shared/enums.ts';
import type { Capabilities } from '../../../shared/schemas/runs.ts';
import type { Deps } from '../deps.ts';

/** A worker counts as alive when it refreshed its heartbeat within three intervals. */
export async function lastWorkerHeartbeat(deps: Deps): Promise<Date | undefined> {
  const latest = await WorkerHeartbeat.max<Date, WorkerHeartbeat>('seenAt');
  return latest ?? undefined;
}

export async function isWorkerAlive(deps: Deps): Promise<boolean> {
  const latest = await lastWorkerHeartbeat(deps);
  return !!latest && Date.now() - latest.getTime() <= deps.config.worker.heartbeatSeconds * 3000;
}

/** The current quota period: the calendar month in UTC. */
export function currentPeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export function runsAllowed(deps: Deps, plan: Plan): number {
  return deps.config.planRuns[plan];
}

export async function runsThisPeriod(orgId: string, transaction?: Transaction): Promise<number> {
  const { start } = currentPeriod();
  return await Run.count({ where: { orgId, createdAt: { [Op.gte]: start } }, transaction });
}

/** Capabilities as they truly are right now (contract: Capabilities returned with a run start). */
export async function capabilitiesFor(deps: Deps, org: { id: string; plan: Plan }, queued: boolean, transaction?: Transaction): Promise<Capabilities> {
  const [hostedWorker, used] = await Promise.all([isWorkerAlive(deps), runsThisPeriod(org.id, transaction)]);
  const period = currentPeriod();
  return {
    persistedRuns: true,
    hostedWorker,
    rawUploadStorage: true,
    queueConfigured: true,
    queued,
    storageProvider: 'postgres',
    queueProvider: 'pg-boss',
    usage: { runsThisPeriod: used, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString() },
    limits: {
      runsPerPeriod: runsAllowed(deps, org.plan),
      startsPerWindow: deps.config.rateLimit.starts,
      windowSeconds: deps.config.rateLimit.windowSeconds,
      maxOpenapiBytes: deps.config.limits.openapiBytes,
    },
  };
}
