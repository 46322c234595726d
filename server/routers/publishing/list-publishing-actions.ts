import { PublishingActionList } from '../../../shared/schemas/publishing.ts';
import { RunIdInput } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { listPublishingActions as list } from '../../services/publishing/list-publishing-actions.ts';

export const listPublishingActions = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/runs/{runId}/publish/actions',
      tags: ['publishing'],
      summary: "A run's publishing actions (dry-runs, publishes, rollbacks) with their state, newest first",
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(RunIdInput)
  .output(PublishingActionList)
  .query(({ ctx, input }) => list(ctx.caller, input.runId));
