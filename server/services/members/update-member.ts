import type { Transaction } from 'sequelize';
import { ApiKey, Member, User } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { MemberStatus } from '../../../shared/enums.ts';
import { newId } from '../../../shared/ids.ts';
import { ROLE_RANK, type Role } from '../../../shared/scopes.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { toMember } from './serialize.ts';

/** Member status changes PATCH allows (docs/api.md: Members). */
const MEMBER_TRANSITIONS: Record<MemberStatus, readonly MemberStatus[]> = {
  invited: ['invited', 'active', 'removed'],
  active: ['active', 'removed'],
  removed: ['removed', 'invited'],
};

async function activeOwnerCount(orgId: string, transaction: Transaction): Promise<number> {
  return await Member.count({ where: { orgId, role: 'owner', status: 'active' }, transaction });
}

/**
 * Changes a member's role or status under DESIGN.md's rules: nobody raises their own role;
 * only owners touch owners or grant owner; nobody grants above their own role; the last
 * active owner cannot be demoted or removed.
 */
export async function updateMember(
  deps: Deps,
  caller: Caller,
  input: { memberId: string; role?: Role; status?: MemberStatus },
) {
  const since = Date.now();
  let changed = false;
  const member = await deps.db.sequelize.transaction(async (transaction) => {
    // Owner changes are serialised per workspace so two demotions cannot both pass the last-owner check.
    await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
      bind: [`members:${caller.org.id}`],
      transaction,
    });
    const target = await Member.findOne({
      where: { id: input.memberId, orgId: caller.org.id },
      transaction,
      lock: true,
    });
    if (!target) throw new AppError('not_found', `Member ${input.memberId} was not found in this workspace.`);
    // The caller's role as of now, under the lock (it may have changed since authentication).
    const me = await Member.findByPk(caller.member.id, { transaction });
    if (me?.status !== 'active')
      throw new AppError('forbidden', 'You are no longer an active member of this workspace.');
    caller = { ...caller, role: me.role };
    const self = target.id === caller.member.id;
    if (input.role !== undefined && input.role !== target.role) {
      if (self && ROLE_RANK[input.role] > ROLE_RANK[target.role])
        throw new AppError('forbidden', 'Nobody can raise their own role.');
      if (ROLE_RANK[input.role] > ROLE_RANK[caller.role])
        throw new AppError('forbidden', `A ${caller.role} cannot grant the ${input.role} role.`);
    }
    const changesSomething =
      (input.role !== undefined && input.role !== target.role) ||
      (input.status !== undefined && input.status !== target.status);
    if (changesSomething && target.role === 'owner' && caller.role !== 'owner')
      throw new AppError('forbidden', 'Only an owner can change an owner.');
    if (input.status !== undefined && !MEMBER_TRANSITIONS[target.status].includes(input.status)) {
      throw new AppError(
        'invalid_status_transition',
        `status: a member cannot go from ${target.status} to ${input.status}.`,
      );
    }
    const losesOwner =
      target.role === 'owner' &&
      target.status === 'active' &&
      ((input.role !== undefined && input.role !== 'owner') ||
        (input.status !== undefined && input.status !== 'active'));
    if (losesOwner && (await activeOwnerCount(caller.org.id, transaction)) <= 1) {
      throw new AppError(
        'last_owner',
        'The last active owner cannot be demoted or removed; make another member owner first.',
      );
    }
    if (input.status === 'active' && target.status === 'invited' && !target.userId) {
      // Local-dev has no acceptance flow: activating an invite links (or creates) the user by email.
      const [user] = await User.findOrCreate({
        where: { email: target.email },
        defaults: { id: newId('usr'), email: target.email },
        transaction,
      });
      target.userId = user.id;
    }
    if (input.status === 'removed' && target.status !== 'removed' && target.userId) {
      // Removal ends the member's keys for good: a later re-invite does not bring them back.
      await ApiKey.update(
        { revokedAt: new Date() },
        { where: { orgId: caller.org.id, createdByUserId: target.userId, revokedAt: null }, transaction },
      );
    }
    if (input.role !== undefined) target.role = input.role;
    if (input.status !== undefined) target.status = input.status;
    changed = target.changed('role') !== false || target.changed('status') !== false;
    await target.save({ transaction });
    return target;
  });
  // A lowered role or a removal applies to the member's next request, in every API process.
  if (changed && member.userId) await deps.authCache.announce([`member:${member.orgId}:${member.userId}`], since);
  return { member: toMember(member) };
}
