import { RunCustomCode, RunIdPathInput } from '../../../shared/schemas/custom-code.ts';
import { getRunCustomCode as get } from '../../services/custom-code/get-run-custom-code.ts';
import { authed } from '../../trpc/procedures.ts';

export const getRunCustomCode = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/runs/{runId}/custom-code',
      tags: ['runs'],
      summary: "What became of the customer's own code: carried files, merges, conflicts, the release pull request",
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(RunIdPathInput)
  .output(RunCustomCode)
  .query(({ ctx, input }) => get(ctx.caller, input.runId));
