import { PublishingActionInput, PublishingEnvelope } from '../../../shared/schemas/publishing.ts';
import { authed } from '../../trpc/procedures.ts';
import { publishDryRun as dryRun } from '../../services/publishing/dry-run.ts';

export const publishDryRun = authed('publishing:dry_run')
  .meta({
    openapi: {
      method: 'POST',
      path: '/runs/{runId}/publish/dry-run',
      tags: ['publishing'],
      summary: 'Run an SDK or docs publishing dry-run',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(PublishingActionInput)
  .output(PublishingEnvelope)
  .mutation(({ ctx, input }) => dryRun(ctx.deps, ctx.caller, input));
