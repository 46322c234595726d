import { Op, QueryTypes } from 'sequelize';
import { Project } from '../../../db/models/index.ts';
import type { ProjectStatus } from '../../../shared/enums.ts';
import type { Project as ProjectDto } from '../../../shared/schemas/projects.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { toProject } from './serialize.ts';

/** Run counts for many projects in one query. */
export async function runCounts(deps: Deps, projectIds: string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await deps.db.sequelize.query<{ project_id: string; count: string }>(
    'SELECT project_id, count(*)::text AS count FROM runs WHERE project_id = ANY($1) GROUP BY project_id',
    { bind: [projectIds], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [r.project_id, Number(r.count)]));
}

/** The workspace's projects, newest first, optionally by status, paged by cursor. */
export async function listProjects(
  deps: Deps,
  caller: Caller,
  input: { status?: ProjectStatus; limit: number; cursor?: string },
): Promise<{ projects: ProjectDto[]; nextCursor?: string }> {
  const rows = await Project.findAll({
    where: {
      orgId: caller.org.id,
      ...(input.status ? { status: input.status } : {}),
      ...(input.cursor ? { id: { [Op.lt]: input.cursor } } : {}),
    },
    order: [['id', 'DESC']],
    limit: input.limit + 1,
    // A list leaves each project's settings out (a default config may be a megabyte): GET one project for them.
    attributes: { exclude: ['settings', 'packagesInUse'] },
  });
  const page = rows.slice(0, input.limit);
  const counts = await runCounts(
    deps,
    page.map((p) => p.id),
  );
  const next = rows.length > input.limit ? page[page.length - 1]?.id : undefined;
  return { projects: page.map((p) => toProject(p, counts.get(p.id) ?? 0)), ...(next ? { nextCursor: next } : {}) };
}
