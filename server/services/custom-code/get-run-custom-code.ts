import { ProjectRepository, SdkGeneration } from '../../../db/models/index.ts';
import type { RunCustomCode } from '../../../shared/schemas/custom-code.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from '../runs/find-run.ts';

/**
 * What became of the customer's own code in a run's SDKs (carried files, merges, conflicts by file
 * and hunk), and the release pull request a publish of this run opened, if any.
 */
export async function getRunCustomCode(caller: Caller, runId: string): Promise<RunCustomCode> {
  const run = await findRun(caller.org.id, runId);
  const rows = await SdkGeneration.findAll({
    where: { runId: run.id, orgId: caller.org.id },
    attributes: ['language', 'report'],
    order: [['language', 'ASC']],
  });
  const connection = await ProjectRepository.findOne({ where: { projectId: run.projectId, orgId: caller.org.id } });
  const pr = connection?.pullRequest;
  return {
    runId: run.id,
    reports: rows.flatMap((row) => (row.report ? [row.report] : [])),
    pullRequest:
      pr && pr.runId === run.id ? { url: pr.url, number: pr.number, branch: pr.branch, updatedAt: pr.updatedAt } : null,
  };
}
