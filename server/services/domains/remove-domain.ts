import { DocsDomain } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { countProjectRuns } from '../projects/count-runs.ts';
import { findProject } from '../projects/find-project.ts';
import { toProject } from '../projects/serialize.ts';
import { toDomain } from './serialize.ts';

/** Removes a docs domain from a project; answers with the removed record. */
export async function removeDomain(deps: Deps, caller: Caller, projectId: string, domainId: string) {
  return await deps.db.sequelize.transaction(async (transaction) => {
    const project = await findProject(caller.org.id, projectId, { transaction });
    const row = await DocsDomain.findOne({
      where: { id: domainId, projectId: project.id, orgId: caller.org.id },
      transaction,
      lock: true,
    });
    if (!row) throw new AppError('not_found', `Domain ${domainId} was not found on project ${projectId}.`);
    const removed = toDomain(row);
    await row.destroy({ transaction });
    return { project: toProject(project, await countProjectRuns(project.id, transaction)), domain: removed };
  });
}
