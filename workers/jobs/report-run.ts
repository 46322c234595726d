import type { JobWithMetadata } from 'pg-boss';
import type { ReportJobData } from '../../shared/jobs.ts';
import { failRun } from '../pipeline/fail-run.ts';
import { runPipeline } from '../pipeline/runner.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/**
 * Handles one `report.run` job. An internal fault is thrown back to pg-boss, which retries with
 * backoff; on the last attempt the run is marked `failed` first (then the job goes to the
 * dead-letter queue). A bad description is not a fault: it ends as a report.
 */
export async function handleReportJob(deps: WorkerDeps, job: JobWithMetadata<ReportJobData>): Promise<void> {
  const { runId } = job.data;
  try {
    const result = await runPipeline(deps, runId, job.signal);
    deps.logger.info({ runId, jobId: job.id, result }, 'report job done');
  } catch (error) {
    const finalAttempt = job.retryCount >= job.retryLimit;
    deps.logger.error(
      { err: error, runId, jobId: job.id, attempt: job.retryCount + 1, finalAttempt },
      'report job failed',
    );
    if (finalAttempt) await failRun(runId, error instanceof Error ? error.message.slice(0, 500) : 'unknown error');
    throw error;
  }
}
