import type { Transaction } from 'sequelize';
import { Run } from '../../../db/models/index.ts';
import type { InputSummaryShape, StepRecord } from '../../../db/models/run-shapes.ts';
import { PIPELINE_STEPS, type RunMode } from '../../../shared/enums.ts';
import { newId } from '../../../shared/ids.ts';
import { metrics } from '../../../shared/metrics.ts';
import type { Deps } from '../deps.ts';

export interface QueuedRunInput {
  orgId: string;
  projectId: string;
  userId: string;
  inputId: string;
  mode: RunMode;
  inputSummary: InputSummaryShape;
  notes?: string;
  retryOfRunId?: string;
  /** Whether a worker is alive now: the verdict says `needs_worker` when none is. */
  workerAlive: boolean;
}

/**
 * Records a run `queued` and enqueues its job in the caller's transaction: both commit or
 * neither does (no run without a job, no job without a run).
 */
export async function createQueuedRun(deps: Deps, input: QueuedRunInput, transaction: Transaction): Promise<Run> {
  const id = newId('run');
  const steps: StepRecord[] = PIPELINE_STEPS.map((name) => ({ name, status: 'pending' }));
  // The job first, so the run row is written once with its job id (both commit together).
  const jobId = await deps.queue.enqueueReport({ runId: id, orgId: input.orgId }, transaction);
  transaction.afterCommit(() => metrics.runsStarted.inc({ mode: input.mode }));
  return await Run.create(
    {
      id,
      orgId: input.orgId,
      projectId: input.projectId,
      createdByUserId: input.userId,
      inputId: input.inputId,
      status: 'queued',
      mode: input.mode,
      verdict: input.workerAlive ? 'queued' : 'needs_worker',
      steps,
      inputSummary: input.inputSummary,
      notes: input.notes ?? null,
      retryOfRunId: input.retryOfRunId ?? null,
      jobId,
    },
    { transaction },
  );
}
