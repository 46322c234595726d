import { ListProjectsInput, ProjectList } from '../../../shared/schemas/projects.ts';
import { authed } from '../../trpc/procedures.ts';
import { listProjects as list } from '../../services/projects/list-projects.ts';

export const listProjects = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/projects',
      tags: ['projects'],
      summary: 'List projects, newest first',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope' },
    },
  })
  .input(ListProjectsInput)
  .output(ProjectList)
  .query(({ ctx, input }) => list(ctx.deps, ctx.caller, input));
