import type { JobWithMetadata } from 'pg-boss';
import { Op } from 'sequelize';
import { Run } from '../../db/models/index.ts';
import type { ReportJobData } from '../../shared/jobs.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/**
 * Handles one `report.run` job. The `runs` row is the source of truth: every change is an
 * update conditioned on the current status, so a canceled or finished run never flips back.
 *
 * The pipeline steps are not built in this build: a picked-up run goes `running`, then ends
 * `failed` with the message "pipeline not built yet" (honest, never a pass).
 */
export async function handleReportJob(deps: WorkerDeps, job: JobWithMetadata<ReportJobData>): Promise<void> {
  const { runId } = job.data;
  const [started] = await Run.update(
    { status: 'running', verdict: 'generated', currentStep: 'validate' },
    { where: { id: runId, status: { [Op.in]: ['queued', 'running'] } } },
  );
  if (started === 0) {
    deps.logger.info({ runId, jobId: job.id }, 'run is no longer queued or running; job dropped');
    return;
  }
  const now = new Date();
  const run = await Run.findByPk(runId);
  const steps = (run?.steps ?? []).map((step) => ({ ...step, status: 'skipped' as const, summary: 'pipeline not built yet' }));
  await Run.update(
    { status: 'failed', verdict: 'failed', currentStep: null, completedAt: now, failureMessage: 'pipeline not built yet', steps },
    { where: { id: runId, status: 'running' } },
  );
}
