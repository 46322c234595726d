import { Op, type Transaction } from 'sequelize';
import { Run, WorkerHeartbeat } from '../../../db/models/index.ts';
import type { Plan } from '../../../shared/enums.ts';
import type { Capabilities } from '../../../shared/schemas/runs.ts';
import type { Deps } from '../deps.ts';

/**
 * A worker counts as alive when it refreshed its heartbeat within three intervals. Inside a
 * transaction, pass it: a query on another pooled connection while the transaction holds one
 * can exhaust the pool under load (every connection waiting for one more).
 */
export async function lastWorkerHeartbeat(transaction?: Transaction): Promise<Date | undefined> {
  const latest = await WorkerHeartbeat.max<Date, WorkerHeartbeat>('seenAt', { transaction });
  return latest ?? undefined;
}

export async function isWorkerAlive(deps: Deps, transaction?: Transaction): Promise<boolean> {
  return heartbeatIsFresh(deps, await lastWorkerHeartbeat(transaction));
}

/** Whether a worker whose latest heartbeat is `latest` counts as alive now. */
export function heartbeatIsFresh(deps: Deps, latest: Date | null | undefined): boolean {
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

/**
 * Capabilities as they truly are right now (contract: Capabilities returned with a run start).
 * `known`: the worker's liveness and this period's run count when the caller read them already
 * (in the same transaction), so they are not queried again.
 */
export async function capabilitiesFor(
  deps: Deps,
  org: { id: string; plan: Plan },
  queued: boolean,
  transaction?: Transaction,
  known?: { hostedWorker: boolean; runsThisPeriod: number },
): Promise<Capabilities> {
  // Sequential: queries of one transaction share its connection.
  const hostedWorker = known?.hostedWorker ?? (await isWorkerAlive(deps, transaction));
  const used = known?.runsThisPeriod ?? (await runsThisPeriod(org.id, transaction));
  return capabilitiesKnown(deps, org.plan, queued, { hostedWorker, runsThisPeriod: used });
}

/** Capabilities from the worker's liveness and this period's run count, read by the caller. */
export function capabilitiesKnown(
  deps: Deps,
  plan: Plan,
  queued: boolean,
  known: { hostedWorker: boolean; runsThisPeriod: number },
): Capabilities {
  const period = currentPeriod();
  return {
    persistedRuns: true,
    hostedWorker: known.hostedWorker,
    rawUploadStorage: true,
    queueConfigured: true,
    queued,
    storageProvider: 'postgres',
    queueProvider: 'pg-boss',
    usage: {
      runsThisPeriod: known.runsThisPeriod,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
    },
    limits: {
      runsPerPeriod: runsAllowed(deps, plan),
      startsPerWindow: deps.config.rateLimit.starts,
      windowSeconds: deps.config.rateLimit.windowSeconds,
      maxOpenapiBytes: deps.config.limits.openapiBytes,
    },
  };
}
