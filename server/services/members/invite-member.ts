import { Member, User } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { newId } from '../../../shared/ids.ts';
import { ROLE_RANK, type Role } from '../../../shared/scopes.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { toMember } from './serialize.ts';

/**
 * Records an invitation (status `invited`). Nobody invites above their own role. Under the
 * local-dev provider no message is sent: delivery is `record_only`.
 */
export async function inviteMember(deps: Deps, caller: Caller, input: { email: string; role?: Role }) {
  const role = input.role ?? 'viewer';
  if (ROLE_RANK[role] > ROLE_RANK[caller.role]) {
    throw new AppError('forbidden', `A ${caller.role} cannot invite a member as ${role}.`);
  }
  const member = await deps.db.sequelize.transaction(async (transaction) => {
    // Serialised per workspace (as in update-member): a row lock cannot cover a row not yet
    // inserted, so two concurrent invites of one email would both reach the insert.
    await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', { bind: [`members:${caller.org.id}`], transaction });
    const existing = await Member.findOne({ where: { orgId: caller.org.id, email: input.email }, transaction, lock: true });
    const user = await User.findOne({ where: { email: input.email }, transaction });
    if (existing && existing.status !== 'removed') {
      throw new AppError('member_exists', `email: ${input.email} is already ${existing.status === 'active' ? 'a member' : 'invited'}.`);
    }
    if (existing) {
      existing.status = 'invited';
      existing.role = role;
      existing.invitedByUserId = caller.user.id;
      await existing.save({ transaction });
      return existing;
    }
    return await Member.create(
      { id: newId('mem'), orgId: caller.org.id, userId: user?.id ?? null, email: input.email, role, status: 'invited', invitedByUserId: caller.user.id },
      { transaction },
    );
  });
  return {
    member: toMember(member),
    invitationDelivery: { provider: 'service' as const, status: 'record_only' as const, reason: 'local_dev_no_delivery' },
  };
}
