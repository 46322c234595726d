import { PublishingActionInput, PublishingEnvelope } from '../../../shared/schemas/publishing.ts';
import { authed } from '../../trpc/procedures.ts';
import { requestPublish as request } from '../../services/publishing/request-publish.ts';

export const requestPublish = authed('publishing:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/runs/{runId}/publish/publish',
      tags: ['publishing'],
      summary: 'Request publish approval (recorded; blocked until registries and approval are configured)',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
    successStatus: 202,
  })
  .input(PublishingActionInput)
  .output(PublishingEnvelope)
  .mutation(({ ctx, input }) => request(ctx.deps, ctx.caller, input));
