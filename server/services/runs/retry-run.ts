import { RunInput } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Project } from '../../../shared/schemas/projects.ts';
import type { Capabilities, Run } from '../../../shared/schemas/runs.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { countProjectRuns } from '../projects/count-runs.ts';
import { findProject } from '../projects/find-project.ts';
import { toProject } from '../projects/serialize.ts';
import { capabilitiesFor, isWorkerAlive } from './capabilities.ts';
import { createQueuedRun } from './create-queued-run.ts';
import { findRun } from './find-run.ts';
import { reserveRun } from './run-quota.ts';
import { toRun } from './serialize.ts';

/** A new queued run from a run's retained inputs; the source run is left as it is. */
export async function retryRun(
  deps: Deps,
  caller: Caller,
  runId: string,
  reason?: string,
): Promise<{ project: Project; sourceRun: Run; run: Run; capabilities: Capabilities }> {
  const workerAlive = await isWorkerAlive(deps);
  return await deps.db.sequelize.transaction(async (transaction) => {
    const source = await findRun(caller.org.id, runId, { transaction });
    const input = source.inputId ? await RunInput.findByPk(source.inputId, { transaction }) : null;
    if (!input || input.expiresAt.getTime() <= Date.now()) {
      throw new AppError(
        'inputs_not_retained',
        `The inputs of run ${source.id} were purged after the retention period, so it cannot be retried; start a new report instead.`,
      );
    }
    // The quota's counter row is locked until commit, then the project (the order starts take them).
    const usage = await reserveRun(deps, caller.org.id, transaction);
    const project = await findProject(caller.org.id, source.projectId, { transaction, lock: true });
    if (project.status === 'archived')
      throw new AppError(
        'project_archived',
        `Project ${project.id} is archived; PATCH it with status "active" before retrying its runs.`,
      );
    const run = await createQueuedRun(
      deps,
      {
        orgId: caller.org.id,
        projectId: project.id,
        userId: caller.user.id,
        inputId: input.id,
        mode: source.mode,
        workerAlive,
        notes: reason ? `Retry of ${source.id}: ${reason}` : `Retry of ${source.id}`,
        retryOfRunId: source.id,
        inputSummary: { ...source.inputSummary, retryOfRunId: source.id, ...(reason ? { retryReason: reason } : {}) },
      },
      transaction,
    );
    return {
      project: toProject(project, await countProjectRuns(project.id, transaction)),
      sourceRun: toRun(source),
      run: toRun(run),
      capabilities: await capabilitiesFor(deps, { id: caller.org.id, plan: usage.plan }, true, transaction, {
        hostedWorker: workerAlive,
        runsThisPeriod: usage.runsThisPeriod,
      }),
    };
  });
}
