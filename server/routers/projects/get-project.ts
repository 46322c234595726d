import { ProjectEnvelope, ProjectIdInput } from '../../../shared/schemas/projects.ts';
import { authed } from '../../trpc/procedures.ts';
import { getProject as get } from '../../services/projects/get-project.ts';

export const getProject = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/projects/{projectId}',
      tags: ['projects'],
      summary: 'Get a project',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ProjectIdInput)
  .output(ProjectEnvelope)
  .query(({ ctx, input }) => get(ctx.caller, input.projectId));
