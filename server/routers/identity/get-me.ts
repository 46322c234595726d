import { z } from 'zod';
import { WorkspaceSnapshot } from '../../../shared/schemas/identity.ts';
import { authed } from '../../trpc/procedures.ts';
import { getMe as me } from '../../services/identity/get-me.ts';

export const getMe = authed('workspace:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/me',
      tags: ['identity'],
      summary: 'The caller, workspace, entitlements and recent work',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope' },
    },
  })
  .input(z.strictObject({}))
  .output(WorkspaceSnapshot)
  .query(({ ctx }) => me(ctx.deps, ctx.caller));
