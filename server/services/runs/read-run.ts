import { preparedQuery } from '../../../db/prepared-query.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Deps } from '../deps.ts';
import type { RunFields } from './serialize.ts';

/**
 * The columns of `RunFields`, named as the model names them. Shared by the hot reads that skip
 * the ORM (a poll of GET /api/runs/{id} is one prepared indexed query, no query building or hydration).
 */
export const RUN_FIELDS_SQL = `id, org_id AS "orgId", project_id AS "projectId", created_by_user_id AS "createdByUserId",
  status, mode, verdict, created_at AS "createdAt", completed_at AS "completedAt", steps,
  input_summary AS "inputSummary", notes, current_step AS "currentStep",
  artifact_manifest AS "artifactManifest", updated_at AS "updatedAt"`;

/** A run of the workspace `orgId` as plain fields, or 404 (another workspace's run does not exist for them). */
export async function readRun(deps: Deps, orgId: string, runId: string): Promise<RunFields> {
  const [row] = await preparedQuery<RunFields>(
    deps.db.sequelize,
    'read-run',
    `SELECT ${RUN_FIELDS_SQL} FROM runs WHERE id = $1 AND org_id = $2`,
    [runId, orgId],
  );
  if (!row) throw new AppError('not_found', `Run ${runId} was not found in this workspace.`);
  return row;
}
