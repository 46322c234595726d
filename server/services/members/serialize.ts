import type { Member as MemberRow } from '../../../db/models/index.ts';
import type { Member } from '../../../shared/schemas/members.ts';

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    orgId: row.orgId,
    ...(row.userId ? { userId: row.userId } : {}),
    email: row.email,
    role: row.role,
    status: row.status,
    ...(row.invitedByUserId ? { invitedByUserId: row.invitedByUserId } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
