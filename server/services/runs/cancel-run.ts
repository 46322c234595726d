import { CANCELABLE_RUN_STATUSES } from '../../../shared/enums.ts';
import { AppError } from '../../../shared/errors.ts';
import { metrics } from '../../../shared/metrics.ts';
import type { Run } from '../../../shared/schemas/runs.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findRun } from './find-run.ts';
import { toRun } from './serialize.ts';

/**
 * Cancels a queued, running or blocked run (409 otherwise). The run row changes under a row
 * lock and the queued job is cancelled in the same transaction; a running worker sees the
 * status at its next step (or through its abort signal) and stops. A canceled run never flips back.
 */
export async function cancelRun(deps: Deps, caller: Caller, runId: string, reason?: string): Promise<{ run: Run }> {
  const run = await deps.db.sequelize.transaction(async (transaction) => {
    const row = await findRun(caller.org.id, runId, { transaction, lock: true });
    if (!(CANCELABLE_RUN_STATUSES as readonly string[]).includes(row.status)) {
      throw new AppError(
        'run_not_cancelable',
        `Run ${row.id} is ${row.status}; only queued, running or blocked runs can be canceled.`,
      );
    }
    const now = new Date();
    row.status = 'canceled';
    row.verdict = 'canceled';
    row.completedAt = now;
    row.currentStep = null;
    row.steps = row.steps.map((step) =>
      step.status === 'pending' || step.status === 'running' ? { ...step, status: 'canceled' } : step,
    );
    const note = `Canceled by ${caller.user.email}${reason ? `: ${reason}` : ''}`;
    row.notes = row.notes ? `${row.notes}\n${note}` : note;
    await row.save({ transaction });
    if (row.jobId) await deps.queue.cancelReport(row.jobId, transaction);
    return row;
  });
  metrics.runsFinished.inc({ status: 'canceled', verdict: 'canceled' });
  return { run: toRun(run) };
}
