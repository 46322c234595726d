import { RunActionInput, RunEnvelope } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { cancelRun as cancel } from '../../services/runs/cancel-run.ts';

export const cancelRun = authed('runs:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/runs/{runId}/cancel',
      tags: ['runs'],
      summary: 'Cancel a queued, running or blocked run',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found', 409: 'Run cannot be canceled' },
    },
  })
  .input(RunActionInput)
  .output(RunEnvelope)
  .mutation(({ ctx, input }) => cancel(ctx.deps, ctx.caller, input.runId, input.reason));
