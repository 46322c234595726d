import { MemberEnvelope, UpdateMemberInput } from '../../../shared/schemas/members.ts';
import { authed } from '../../trpc/procedures.ts';
import { updateMember as update } from '../../services/members/update-member.ts';

export const updateMember = authed('members:write')
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/members/{memberId}',
      tags: ['members'],
      summary: "Change a member's role or status",
      errorResponses: { 400: 'Invalid request', 401: 'Unauthorized', 403: 'Not permitted', 404: 'Not found' },
    },
  })
  .input(UpdateMemberInput)
  .output(MemberEnvelope)
  .mutation(({ ctx, input }) => update(ctx.deps, ctx.caller, input));
