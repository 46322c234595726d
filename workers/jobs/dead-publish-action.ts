import type { Job } from 'pg-boss';
import { PublishingAction } from '../../db/models/index.ts';
import type { PublishJobData } from '../../shared/jobs.ts';
import type { WorkerDeps } from '../worker-deps.ts';

/** A publish job that used up its retries (faults of ours, killed workers): the action ends `failed`, never stuck. */
export async function handleDeadPublishJob(deps: WorkerDeps, job: Job<PublishJobData>): Promise<void> {
  deps.logger.warn({ actionId: job.data.actionId, jobId: job.id }, 'publish job dead-lettered');
  const action = await PublishingAction.findByPk(job.data.actionId);
  if (!action || (action.state !== 'queued' && action.state !== 'publishing')) return;
  const message = 'The publish job failed after all its retries (an internal fault); request it again.';
  await PublishingAction.update(
    {
      state: 'failed',
      status: 'blocked',
      providerResult: {
        ...(action.providerResult ?? {}),
        status: 'blocked',
        state: 'failed',
        summary: message,
        checkedAt: new Date().toISOString(),
        error: { code: 'internal_error', message },
      },
    },
    { where: { id: action.id, state: ['queued', 'publishing'] } },
  );
}
