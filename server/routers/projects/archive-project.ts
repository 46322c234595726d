import { ProjectEnvelope, ProjectIdInput } from '../../../shared/schemas/projects.ts';
import { authed } from '../../trpc/procedures.ts';
import { archiveProject as archive } from '../../services/projects/archive-project.ts';

export const archiveProject = authed('projects:write')
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/projects/{projectId}',
      tags: ['projects'],
      summary: 'Archive a project (runs and artifacts are kept)',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ProjectIdInput)
  .output(ProjectEnvelope)
  .mutation(({ ctx, input }) => archive(ctx.deps, ctx.caller, input.projectId));
