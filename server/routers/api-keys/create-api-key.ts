import { CreateApiKeyInput, CreateApiKeyOutput } from '../../../shared/schemas/api-keys.ts';
import { authed } from '../../trpc/procedures.ts';
import { createApiKey as create } from '../../services/api-keys/create-api-key.ts';

export const createApiKey = authed('api_keys:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/api-keys',
      tags: ['api-keys'],
      summary: 'Create an API key (the token is shown once)',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Missing scope' },
    },
    successStatus: 201,
  })
  .input(CreateApiKeyInput)
  .output(CreateApiKeyOutput)
  .mutation(({ ctx, input }) => create(ctx.caller, input));
