import { Op } from 'sequelize';
import { Run } from '../../../db/models/index.ts';
import type { Run as RunDto } from '../../../shared/schemas/runs.ts';
import type { Caller } from '../auth/caller.ts';
import { findProject } from '../projects/find-project.ts';
import { toRun } from './serialize.ts';

/** A project's runs, newest first, paged by an opaque cursor (the last id seen). */
export async function listProjectRuns(
  caller: Caller,
  input: { projectId: string; limit: number; cursor?: string },
): Promise<{ runs: RunDto[]; nextCursor?: string }> {
  await findProject(caller.org.id, input.projectId);
  const rows = await Run.findAll({
    where: {
      orgId: caller.org.id,
      projectId: input.projectId,
      ...(input.cursor ? { id: { [Op.lt]: input.cursor } } : {}),
    },
    order: [['id', 'DESC']],
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const next = rows.length > input.limit ? page[page.length - 1]?.id : undefined;
  return { runs: page.map(toRun), ...(next ? { nextCursor: next } : {}) };
}
