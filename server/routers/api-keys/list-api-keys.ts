import { z } from 'zod';
import { ApiKeyList } from '../../../shared/schemas/api-keys.ts';
import { authed } from '../../trpc/procedures.ts';
import { listApiKeys as list } from '../../services/api-keys/list-api-keys.ts';

export const listApiKeys = authed('api_keys:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/api-keys',
      tags: ['api-keys'],
      summary: 'List API keys (owners and admins see all, others their own)',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope' },
    },
  })
  .input(z.strictObject({}))
  .output(ApiKeyList)
  .query(({ ctx }) => list(ctx.caller));
