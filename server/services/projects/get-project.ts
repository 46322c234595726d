import type { Project } from '../../../shared/schemas/projects.ts';
import type { Caller } from '../auth/caller.ts';
import { countProjectRuns } from './count-runs.ts';
import { findProject } from './find-project.ts';
import { toProject } from './serialize.ts';

export async function getProject(caller: Caller, projectId: string): Promise<{ project: Project }> {
  const project = await findProject(caller.org.id, projectId);
  return { project: toProject(project, await countProjectRuns(project.id)) };
}
