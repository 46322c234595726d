import { RetryRunOutput, RunActionInput } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { retryRun as retry } from '../../services/runs/retry-run.ts';

export const retryRun = authed('runs:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/runs/{runId}/retry',
      tags: ['runs'],
      summary: 'Retry a run from its retained inputs',
      errorResponses: {
        401: 'Unauthorized',
        402: 'Plan quota used up',
        403: 'Missing scope',
        404: 'Not found',
        422: 'Inputs not retained',
      },
    },
    successStatus: 202,
  })
  .input(RunActionInput)
  .output(RetryRunOutput)
  .mutation(({ ctx, input }) => retry(ctx.deps, ctx.caller, input.runId, input.reason));
