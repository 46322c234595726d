import { Op } from 'sequelize';
import { Run } from '../../db/models/index.ts';
import { metrics } from '../../shared/metrics.ts';

const FINISHED = new Set(['passed', 'failed', 'skipped']);

/**
 * The last attempt of a job failed with an internal fault: the run ends `failed` (a fault the
 * retries did not cure), with the unfinished steps marked failed and the reason recorded.
 */
export async function failRun(runId: string, message: string): Promise<void> {
  const run = await Run.findByPk(runId);
  if (!run) return;
  const steps = run.steps.map((s) =>
    FINISHED.has(s.status) ? s : { ...s, status: 'failed' as const, summary: `internal error: ${message}` },
  );
  const [failed] = await Run.update(
    { status: 'failed', verdict: 'failed', currentStep: null, completedAt: new Date(), steps, failureMessage: message },
    { where: { id: runId, status: { [Op.in]: ['queued', 'running'] } } },
  );
  if (failed > 0) metrics.runsFinished.inc({ status: 'failed', verdict: 'failed' });
}
