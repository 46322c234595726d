import { ProjectRepository } from '../../../db/models/index.ts';
import type { ProjectRepositoryConnection } from '../../../shared/schemas/custom-code.ts';
import type { Caller } from '../auth/caller.ts';
import { findProject } from '../projects/find-project.ts';
import { toRepositoryConnection } from './serialize-repository.ts';

/** The project's repository connection, or null when none is configured. */
export async function getProjectRepository(
  caller: Caller,
  projectId: string,
): Promise<{ repository: ProjectRepositoryConnection | null }> {
  await findProject(caller.org.id, projectId);
  const row = await ProjectRepository.findOne({ where: { projectId, orgId: caller.org.id } });
  return { repository: row ? toRepositoryConnection(row) : null };
}
