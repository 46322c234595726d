import type { Project as ProjectRow } from '../../../db/models/index.ts';
import type { Project } from '../../../shared/schemas/projects.ts';

/** The columns a project's API shape is made of: a model instance or a raw row. */
export type ProjectFields = Pick<
  ProjectRow,
  'id' | 'name' | 'apiName' | 'mode' | 'status' | 'createdAt' | 'updatedAt'
> &
  Partial<Pick<ProjectRow, 'settings' | 'packagesInUse'>>;

export function toProject(row: ProjectFields, runCount?: number): Project {
  return {
    id: row.id,
    name: row.name,
    ...(row.apiName ? { apiName: row.apiName } : {}),
    mode: row.mode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(runCount === undefined ? {} : { runCount }),
    ...(row.settings ? { settings: row.settings } : {}),
    ...(row.packagesInUse ? { packagesInUse: row.packagesInUse } : {}),
  };
}
