import { z } from 'zod';
import { MEMBER_STATUSES } from '../enums.ts';
import { ROLES } from '../scopes.ts';
import { Id, Timestamp } from './common.ts';

export const Member = z
  .object({
    id: z.string(),
    orgId: z.string().optional(),
    userId: z.string().optional(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(MEMBER_STATUSES),
    invitedByUserId: z.string().optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const MemberInvitationDelivery = z
  .object({
    provider: z.enum(['service', 'idp']),
    status: z.enum(['sent', 'failed', 'record_only']),
    reason: z.string().optional(),
    message: z.string().optional(),
    invitationId: z.string().optional(),
    role: z.enum(['org:admin', 'org:member']).optional(),
  })
  .meta({ id: 'MemberInvitationDelivery' });

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('must be an email address'));

export const InviteMemberInput = z.strictObject({ email: Email, role: z.enum(ROLES).optional() });
export const InviteMemberOutput = z.object({ member: Member, invitationDelivery: MemberInvitationDelivery.optional() });

export const UpdateMemberInput = z.strictObject({
  memberId: Id('memberId'),
  role: z.enum(ROLES).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
});
export const MemberEnvelope = z.object({ member: Member });
export const MemberList = z.object({ members: z.array(Member) });
