import { hostname } from 'node:os';
import type { JobWithMetadata } from 'pg-boss';
import { WorkerHeartbeat } from '../db/models/index.ts';
import { newId } from '../shared/ids.ts';
import { metrics } from '../shared/metrics.ts';
import {
  MAINTENANCE_QUEUE,
  PUBLISH_DEAD_LETTER_QUEUE,
  PUBLISH_QUEUE,
  REPORT_DEAD_LETTER_QUEUE,
  REPORT_QUEUE,
  type PublishJobData,
  type ReportJobData,
} from '../shared/jobs.ts';
import { handleDeadPublishJob } from './jobs/dead-publish-action.ts';
import { handlePublishJob } from './jobs/publish-action.ts';
import { handleDeadReportJob } from './jobs/dead-report-run.ts';
import { purgeExpired } from './jobs/purge-expired.ts';
import { handleReportJob } from './jobs/report-run.ts';
import { stopSpareRunProcess } from './pipeline/isolated-run.ts';
import { runScratchBase, sweepRunScratch } from './pipeline/scratch-dir.ts';
import type { WorkerDeps } from './worker-deps.ts';

export interface RunningWorker {
  workerId: string;
  /** True from the moment every queue subscription is in place until `stop` begins (readiness). */
  subscribed(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts a worker: a heartbeat row refreshed every `heartbeatSeconds` (it drives
 * `capabilities.hostedWorker` and the `needs_worker` verdict) and pg-boss handlers for report jobs.
 */
export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  // A bad REPORT_SCRATCH_BASE stops the worker here, not its first run; the scratch folders of
  // workers killed before they could remove them go (on a tmpfs they hold memory).
  const scratchBase = runScratchBase();
  const swept = sweepRunScratch(scratchBase);
  if (swept.length > 0)
    deps.logger.info({ scratchBase, swept: swept.length }, 'removed the run scratch folders of workers that are gone');
  const workerId = newId('wrk');
  const startedAt = new Date();
  const beat = async () => {
    try {
      const seenAt = new Date();
      await WorkerHeartbeat.upsert({ workerId, hostname: hostname(), pid: process.pid, startedAt, seenAt });
      metrics.workerHeartbeats.inc({ result: 'ok' });
      metrics.workerLastHeartbeat.set(seenAt.getTime() / 1000);
    } catch (error) {
      metrics.workerHeartbeats.inc({ result: 'failed' });
      deps.logger.warn({ err: error }, 'worker heartbeat failed');
    }
  };
  await beat();
  const timer = setInterval(beat, deps.config.worker.heartbeatSeconds * 1000);
  timer.unref();

  const boss = deps.queue.boss;
  const workers: Array<{ queue: string; id: string }> = [];
  for (let i = 0; i < deps.config.worker.concurrency; i += 1) {
    workers.push({
      queue: REPORT_QUEUE,
      id: await boss.work(
        REPORT_QUEUE,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
        async (jobs: JobWithMetadata<ReportJobData>[]) => {
          for (const job of jobs) await handleReportJob(deps, job);
        },
      ),
    });
  }
  workers.push({
    queue: REPORT_DEAD_LETTER_QUEUE,
    id: await boss.work<ReportJobData>(
      REPORT_DEAD_LETTER_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2 },
      async (jobs) => {
        for (const job of jobs) await handleDeadReportJob(deps, job);
      },
    ),
  });
  // Publishing: one job at a time per worker (npm, git, twine run as child processes).
  workers.push({
    queue: PUBLISH_QUEUE,
    id: await boss.work<PublishJobData>(PUBLISH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await handlePublishJob(deps, job);
    }),
  });
  workers.push({
    queue: PUBLISH_DEAD_LETTER_QUEUE,
    id: await boss.work<PublishJobData>(
      PUBLISH_DEAD_LETTER_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 2 },
      async (jobs) => {
        for (const job of jobs) await handleDeadPublishJob(deps, job);
      },
    ),
  });
  // Retention: every 15 minutes one worker purges expired inputs and artifacts.
  await boss.schedule(MAINTENANCE_QUEUE, '*/15 * * * *');
  workers.push({
    queue: MAINTENANCE_QUEUE,
    id: await boss.work(MAINTENANCE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
      await purgeExpired(deps);
    }),
  });
  deps.logger.info({ workerId, concurrency: deps.config.worker.concurrency }, 'worker started');
  let stopping = false;
  return {
    workerId,
    subscribed: () => !stopping,
    async stop() {
      stopping = true;
      clearInterval(timer);
      for (const { queue, id } of workers) await boss.offWork(queue, { id, wait: true }).catch(() => {});
      stopSpareRunProcess();
      await WorkerHeartbeat.destroy({ where: { workerId } }).catch(() => {});
    },
  };
}
