import { z } from 'zod';
import { PROJECT_MODES, PROJECT_STATUSES } from '../enums.ts';
import { BodyBoolean, Id, Timestamp } from './common.ts';

export const Project = z
  .object({
    id: z.string(),
    name: z.string(),
    apiName: z.string().optional(),
    mode: z.enum(PROJECT_MODES).optional(),
    status: z.enum(PROJECT_STATUSES).optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp.optional(),
    runCount: z.number().int().optional(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectName = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const UpdateProjectInput = z.strictObject({
  projectId: Id('projectId'),
  name: ProjectName.optional(),
  apiName: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  archive: BodyBoolean().optional(),
  transferOrgId: z.string().max(100).optional(),
});
export type UpdateProjectInput = z.infer<typeof UpdateProjectInput>;

export const ProjectIdInput = z.strictObject({ projectId: Id('projectId') });

export const ListProjectsInput = z.strictObject({
  status: z.enum(PROJECT_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const ProjectEnvelope = z.object({ project: Project });
export const ProjectList = z.object({ projects: z.array(Project), nextCursor: z.string().optional() });
