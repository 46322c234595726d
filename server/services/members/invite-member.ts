import { Member, User } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { newId } from '../../../shared/ids.ts';
import { ROLE_RANK, type Role } from '../../../shared/scopes.ts';
import { inviteToOrganization, type IdpOrgRole } from '../../integrations/idp.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { toMember } from './serialize.ts';

/** Our roles as the identity provider's organization roles. */
const IDP_ROLE: Record<Role, IdpOrgRole> = {
  owner: 'org:admin',
  admin: 'org:admin',
  editor: 'org:member',
  viewer: 'org:member',
};

type InvitationDelivery =
  | { provider: 'service'; status: 'record_only'; reason: string }
  | { provider: 'idp'; status: 'record_only'; reason: string }
  | { provider: 'idp'; status: 'sent'; invitationId: string; role: IdpOrgRole }
  | { provider: 'idp'; status: 'failed'; reason: string; message: string };

/**
 * Records an invitation (status `invited`), then delivers it. Nobody invites above their own
 * role (checked first: nothing is saved or sent). Under local-dev no message is sent
 * (`record_only`); under idp the provider's organization invitation is sent after the record is
 * saved: `sent` with its id and role, or `failed` with a sanitized message (the record stays).
 */
export async function inviteMember(deps: Deps, caller: Caller, input: { email: string; role?: Role }) {
  const role = input.role ?? 'viewer';
  if (ROLE_RANK[role] > ROLE_RANK[caller.role]) {
    throw new AppError('forbidden', `A ${caller.role} cannot invite a member as ${role}.`);
  }
  const member = await deps.db.sequelize.transaction(async (transaction) => {
    // Serialised per workspace (as in update-member): a row lock cannot cover a row not yet
    // inserted, so two concurrent invites of one email would both reach the insert.
    await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
      bind: [`members:${caller.org.id}`],
      transaction,
    });
    const existing = await Member.findOne({
      where: { orgId: caller.org.id, email: input.email },
      transaction,
      lock: true,
    });
    const user = await User.findOne({ where: { email: input.email }, transaction });
    if (existing && existing.status !== 'removed') {
      throw new AppError(
        'member_exists',
        `email: ${input.email} is already ${existing.status === 'active' ? 'a member' : 'invited'}.`,
      );
    }
    if (existing) {
      existing.status = 'invited';
      existing.role = role;
      existing.invitedByUserId = caller.user.id;
      await existing.save({ transaction });
      return existing;
    }
    return await Member.create(
      {
        id: newId('mem'),
        orgId: caller.org.id,
        userId: user?.id ?? null,
        email: input.email,
        role,
        status: 'invited',
        invitedByUserId: caller.user.id,
      },
      { transaction },
    );
  });
  return { member: toMember(member), invitationDelivery: await deliver(deps, caller, member.email, role) };
}

async function deliver(deps: Deps, caller: Caller, email: string, role: Role): Promise<InvitationDelivery> {
  const idp = deps.config.idp;
  if (!idp) return { provider: 'service', status: 'record_only', reason: 'local_dev_no_delivery' };
  // A workspace made here (admin CLI) and never signed into through the provider has no provider organization.
  if (!caller.org.idpOrgId) return { provider: 'idp', status: 'record_only', reason: 'workspace_not_linked' };
  const result = await inviteToOrganization(idp, {
    orgId: caller.org.idpOrgId,
    email,
    role: IDP_ROLE[role],
    inviterUserId: caller.user.idpUserId,
    redirectUrl: idp.signUpUrl,
  });
  if (result.ok) return { provider: 'idp', status: 'sent', invitationId: result.invitationId, role: result.role };
  deps.logger.warn(
    { orgId: caller.org.id, reason: result.reason },
    'member invitation: identity provider delivery failed',
  );
  return { provider: 'idp', status: 'failed', reason: result.reason, message: result.message };
}
