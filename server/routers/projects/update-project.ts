import { ProjectEnvelope, UpdateProjectInput } from '../../../shared/schemas/projects.ts';
import { authed } from '../../trpc/procedures.ts';
import { updateProject as update } from '../../services/projects/update-project.ts';

export const updateProject = authed('projects:write')
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/projects/{projectId}',
      tags: ['projects'],
      summary: 'Rename, set the API name, change status or archive a project',
      errorResponses: {
        400: 'Invalid request',
        401: 'Unauthorized',
        403: 'Missing scope',
        404: 'Not found',
        501: 'Transfer not supported',
      },
    },
  })
  .input(UpdateProjectInput)
  .output(ProjectEnvelope)
  .mutation(({ ctx, input }) => update(ctx.deps, ctx.caller, input));
