import { QueryTypes, type Sequelize } from 'sequelize';
import { PUBLISH_QUEUE, REPORT_QUEUE } from '../shared/jobs.ts';
import { metrics } from '../shared/metrics.ts';

const QUEUES = [REPORT_QUEUE, PUBLISH_QUEUE];
const STATES = ['created', 'retry', 'active'];

/**
 * Sets the gauges that describe the whole deployment rather than this process (queue depth and
 * oldest waiting job from pg-boss's table, open runs and the oldest queued run from ours, workers
 * alive from their heartbeats), read from the database when Prometheus scrapes. Any process can
 * answer them, a worker-only one included, so no process has to be "the" metrics process.
 */
export async function refreshDatabaseGauges(sequelize: Sequelize, heartbeatSeconds: number): Promise<void> {
  const jobs = await sequelize.query<{ name: string; state: string; count: number; oldest: number | null }>(
    `SELECT name, state::text AS state, count(*)::int AS count,
            extract(epoch FROM now() - min(created_on))::float8 AS oldest
       FROM pgboss.job
      WHERE name IN (:queues) AND state IN ('created', 'retry', 'active')
      GROUP BY name, state`,
    { replacements: { queues: QUEUES }, type: QueryTypes.SELECT },
  );
  const runs = await sequelize.query<{ status: string; count: number; oldest: number | null }>(
    `SELECT status, count(*)::int AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest
       FROM runs WHERE status IN ('queued', 'running') GROUP BY status`,
    { type: QueryTypes.SELECT },
  );
  const [workers] = await sequelize.query<{ alive: number; youngest: number | null }>(
    `SELECT count(*) FILTER (WHERE seen_at > now() - make_interval(secs => :window))::int AS alive,
            extract(epoch FROM now() - max(seen_at))::float8 AS youngest
       FROM worker_heartbeats`,
    { replacements: { window: heartbeatSeconds * 3 }, type: QueryTypes.SELECT },
  );

  for (const queue of QUEUES) {
    for (const state of STATES) metrics.queueJobs.set({ queue, state }, 0);
    let oldestWaiting = 0;
    for (const row of jobs.filter((j) => j.name === queue)) {
      metrics.queueJobs.set({ queue, state: row.state }, row.count);
      if (row.state !== 'active') oldestWaiting = Math.max(oldestWaiting, Math.max(0, row.oldest ?? 0));
    }
    metrics.queueOldestAge.set({ queue }, oldestWaiting);
  }
  for (const status of ['queued', 'running'])
    metrics.runsOpen.set({ status }, runs.find((r) => r.status === status)?.count ?? 0);
  metrics.oldestQueuedRunAge.set(Math.max(0, runs.find((r) => r.status === 'queued')?.oldest ?? 0));
  metrics.workersAlive.set(workers?.alive ?? 0);
  metrics.workerHeartbeatAge.set(workers?.youngest == null ? -1 : Math.max(0, workers.youngest));
}
