import type { Project } from '../../../shared/schemas/projects.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { updateProject } from './update-project.ts';

/** DELETE archives: the record, its runs and artifacts stay. */
export async function archiveProject(deps: Deps, caller: Caller, projectId: string): Promise<{ project: Project }> {
  return await updateProject(deps, caller, { projectId, archive: true });
}
