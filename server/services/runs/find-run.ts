import type { Transaction } from 'sequelize';
import { Run } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';

/** A run of the caller's workspace, or 404 (another workspace's run does not exist for them). */
export async function findRun(
  orgId: string,
  runId: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<Run> {
  const run = await Run.findOne({ where: { id: runId, orgId }, transaction: options.transaction, lock: options.lock });
  if (!run) throw new AppError('not_found', `Run ${runId} was not found in this workspace.`);
  return run;
}
