import { z } from 'zod';
import { MemberList } from '../../../shared/schemas/members.ts';
import { authed } from '../../trpc/procedures.ts';
import { listMembers as list } from '../../services/members/list-members.ts';

export const listMembers = authed('members:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/members',
      tags: ['members'],
      summary: 'List workspace members and invites',
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope' },
    },
  })
  .input(z.strictObject({}))
  .output(MemberList)
  .query(({ ctx }) => list(ctx.caller));
