import { ListRunsInput, RunList } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { listProjectRuns as list } from '../../services/runs/list-project-runs.ts';

export const listProjectRuns = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/projects/{projectId}/runs',
      tags: ['projects'],
      summary: "List a project's runs, newest first",
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ListRunsInput)
  .output(RunList)
  .query(({ ctx, input }) => list(ctx.caller, input));
