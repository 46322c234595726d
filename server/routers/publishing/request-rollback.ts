import { PublishingEnvelope, RollbackInput } from '../../../shared/schemas/publishing.ts';
import { authed } from '../../trpc/procedures.ts';
import { requestRollback as request } from '../../services/publishing/request-rollback.ts';

export const requestRollback = authed('publishing:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/runs/{runId}/publish/rollback',
      tags: ['publishing'],
      summary:
        "Roll back the run's publication to the one before it (blocked until registries and approval are configured)",
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
    successStatus: 202,
  })
  .input(RollbackInput)
  .output(PublishingEnvelope)
  .mutation(({ ctx, input }) => request(ctx.deps, ctx.caller, input));
