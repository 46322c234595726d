import type { Project as ProjectRow } from '../../../db/models/index.ts';
import type { Project } from '../../../shared/schemas/projects.ts';

export function toProject(row: ProjectRow, runCount?: number): Project {
  return {
    id: row.id,
    name: row.name,
    ...(row.apiName ? { apiName: row.apiName } : {}),
    mode: row.mode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(runCount === undefined ? {} : { runCount }),
  };
}
