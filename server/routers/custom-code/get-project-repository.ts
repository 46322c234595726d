import { ProjectIdInput } from '../../../shared/schemas/projects.ts';
import { ProjectRepositoryEnvelope } from '../../../shared/schemas/custom-code.ts';
import { getProjectRepository as get } from '../../services/custom-code/get-project-repository.ts';
import { authed } from '../../trpc/procedures.ts';

export const getProjectRepository = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/projects/{projectId}/repository',
      tags: ['projects'],
      summary: "A project's connected SDK and description repositories (null when none)",
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ProjectIdInput)
  .output(ProjectRepositoryEnvelope)
  .query(({ ctx, input }) => get(ctx.caller, input.projectId));
