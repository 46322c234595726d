import { RunEnvelope, RunIdInput } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { getRun as get } from '../../services/runs/get-run.ts';

export const getRun = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/runs/{runId}',
      tags: ['runs'],
      summary: 'Get a run',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(RunIdInput)
  .output(RunEnvelope)
  .query(({ ctx, input }) => get(ctx.deps, ctx.caller, input.runId));
