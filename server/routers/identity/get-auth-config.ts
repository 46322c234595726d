import { z } from 'zod';
import { AuthConfig } from '../../../shared/schemas/identity.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { getAuthConfig as authConfig } from '../../services/identity/get-auth-config.ts';

export const getAuthConfig = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/auth/config',
      tags: ['system'],
      summary: 'The auth provider and where to sign in (no token)',
    },
  })
  .input(z.strictObject({}))
  .output(AuthConfig)
  .query(({ ctx }) => authConfig(ctx.deps, `${ctx.req.protocol}://${ctx.req.get('host') ?? 'localhost'}`));
