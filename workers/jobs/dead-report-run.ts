import type { Job } from 'pg-boss';
import type { ReportJobData } from '../../shared/jobs.ts';
import { failRun } from '../pipeline/fail-run.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/**
 * A report job that used up its retries (including attempts lost with a killed worker, which
 * pg-boss expires by heartbeat) lands in the dead-letter queue: its run ends `failed`, never lost.
 */
export async function handleDeadReportJob(deps: WorkerDeps, job: Job<ReportJobData>): Promise<void> {
  deps.logger.warn({ runId: job.data.runId, jobId: job.id }, 'report job dead-lettered');
  await failRun(job.data.runId, 'the report job failed after all its retries');
}
