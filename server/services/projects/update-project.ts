import { AppError } from '../../../shared/errors.ts';
import { PROJECT_TRANSITIONS, type ProjectStatus } from '../../../shared/enums.ts';
import type { Project, UpdateProjectInput } from '../../../shared/schemas/projects.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { countProjectRuns } from './count-runs.ts';
import { findProject } from './find-project.ts';
import { toProject } from './serialize.ts';

/** The status a PATCH asks for, from `status` and `archive` together (they must agree). */
function requestedStatus(input: UpdateProjectInput, current: ProjectStatus): ProjectStatus | undefined {
  if (input.archive === true && input.status && input.status !== 'archived') {
    throw new AppError('invalid_request', `archive: true contradicts status: "${input.status}".`);
  }
  if (input.archive === true) return 'archived';
  if (input.archive === false && !input.status) return current === 'archived' ? 'active' : current;
  return input.status;
}

/**
 * Renames, sets the API display name, changes status along PROJECT_TRANSITIONS, archives, replaces
 * the settings (package names, versions, targets, the default config) as a whole.
 * `transferOrgId` answers 501 and nothing is written.
 */
export async function updateProject(
  deps: Deps,
  caller: Caller,
  input: UpdateProjectInput,
): Promise<{ project: Project }> {
  const project = await deps.db.sequelize.transaction(async (transaction) => {
    const row = await findProject(caller.org.id, input.projectId, { transaction, lock: true });
    if (input.transferOrgId !== undefined) throw new AppError('transfer_not_supported');
    const next = requestedStatus(input, row.status);
    if (next && !PROJECT_TRANSITIONS[row.status].includes(next)) {
      throw new AppError(
        'invalid_status_transition',
        `status: a project cannot go from ${row.status} to ${next} (allowed: ${PROJECT_TRANSITIONS[row.status].join(', ')}).`,
      );
    }
    if (input.name !== undefined) row.name = input.name;
    if (input.apiName !== undefined) row.apiName = input.apiName === '' ? null : input.apiName;
    if (next) row.status = next;
    if (input.settings !== undefined) row.settings = Object.keys(input.settings).length > 0 ? input.settings : null;
    await row.save({ transaction });
    return row;
  });
  return { project: toProject(project, await countProjectRuns(project.id)) };
}
