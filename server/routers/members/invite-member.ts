import { InviteMemberInput, InviteMemberOutput } from '../../../shared/schemas/members.ts';
import { authed } from '../../trpc/procedures.ts';
import { inviteMember as invite } from '../../services/members/invite-member.ts';

export const inviteMember = authed('members:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/members',
      tags: ['members'],
      summary: 'Invite a workspace member',
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Not permitted' },
    },
    successStatus: 201,
  })
  .input(InviteMemberInput)
  .output(InviteMemberOutput)
  .mutation(({ ctx, input }) => invite(ctx.deps, ctx.caller, input));
