import { randomBytes } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { DocsDomain } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { newId } from '../../../shared/ids.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { countProjectRuns } from '../projects/count-runs.ts';
import { findProject } from '../projects/find-project.ts';
import { toProject } from '../projects/serialize.ts';
import { toDomain } from './serialize.ts';

/**
 * Adds a docs domain as `pending`, with its own TXT verification token
 * (`_report-verify.<domain>`) and the CNAME target. Within a workspace a hostname belongs to
 * one project; another workspace may add it too, and takes it over only by verifying with its
 * own token (new proof), see verify-domain.ts.
 */
export async function addDomain(deps: Deps, caller: Caller, projectId: string, domain: string) {
  try {
    return await insertDomain(deps, caller, projectId, domain);
  } catch (error) {
    // Two concurrent adds of one hostname both pass the lookup; the unique index decides.
    if (error instanceof UniqueConstraintError)
      throw new AppError('invalid_request', `domain: ${domain} is already attached to a project of this workspace.`);
    throw error;
  }
}

async function insertDomain(deps: Deps, caller: Caller, projectId: string, domain: string) {
  return await deps.db.sequelize.transaction(async (transaction) => {
    const project = await findProject(caller.org.id, projectId, { transaction });
    const taken = await DocsDomain.findOne({ where: { domain, orgId: caller.org.id }, transaction });
    if (taken)
      throw new AppError('invalid_request', `domain: ${domain} is already attached to a project of this workspace.`);
    const row = await DocsDomain.create(
      {
        id: newId('dom'),
        orgId: caller.org.id,
        projectId: project.id,
        domain,
        status: 'pending',
        verificationToken: `report-verify=${randomBytes(16).toString('hex')}`,
        cnameTarget: deps.config.docs.cnameTarget,
      },
      { transaction },
    );
    return { project: toProject(project, await countProjectRuns(project.id, transaction)), domain: toDomain(row) };
  });
}
