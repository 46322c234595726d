import { ApiKeyEnvelope, ApiKeyIdInput } from '../../../shared/schemas/api-keys.ts';
import { authed } from '../../trpc/procedures.ts';
import { revokeApiKey as revoke } from '../../services/api-keys/revoke-api-key.ts';

export const revokeApiKey = authed('api_keys:write')
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/api-keys/{keyId}',
      tags: ['api-keys'],
      summary: 'Revoke an API key',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(ApiKeyIdInput)
  .output(ApiKeyEnvelope)
  .mutation(({ ctx, input }) => revoke(ctx.deps, ctx.caller, input.keyId));
