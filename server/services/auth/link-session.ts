import { Op } from 'sequelize';
import { Member, Organization, User } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { newId } from '../../../shared/ids.ts';
import { ROLE_SCOPES, type Role } from '../../../shared/scopes.ts';
import type { SessionClaims } from '../../integrations/idp.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from './caller.ts';

/**
 * The role a person gets when first seen in a workspace through the provider: `org:admin` is
 * the owner of a workspace that has no active owner yet (the one who created it at the
 * provider), else admin; `org:member` is a viewer. Afterwards roles are ours (PATCH /members):
 * a later token's provider role does not change them.
 */
function firstSightRole(orgRole: SessionClaims['orgRole'], hasOwner: boolean): Role {
  if (orgRole === 'org:admin') return hasOwner ? 'admin' : 'owner';
  return 'viewer';
}

/**
 * Resolves verified session claims to a caller, creating or linking on first sight (one
 * transaction, serialised per provider organization): the workspace by the provider's org id,
 * the user by the provider's user id, else by email (an existing user is linked), and the
 * membership (an invite is accepted: it becomes active with the role it was invited with).
 * A member removed here stays out: 401.
 */
export async function linkSession(deps: Deps, claims: SessionClaims): Promise<Caller> {
  // Every request after the first: three indexed reads, no transaction, no lock.
  const [knownOrg, knownUser] = await Promise.all([
    Organization.findOne({ where: { idpOrgId: claims.orgId } }),
    User.findOne({ where: { idpUserId: claims.userId } }),
  ]);
  if (knownOrg && knownUser) {
    const known = await Member.findOne({ where: { orgId: knownOrg.id, userId: knownUser.id } });
    if (known?.status === 'active')
      return {
        org: knownOrg,
        user: knownUser,
        member: known,
        via: 'idp_session',
        apiKey: null,
        role: known.role,
        scopes: [...ROLE_SCOPES[known.role]],
      };
  }
  return await deps.db.sequelize.transaction(async (transaction) => {
    await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
      bind: [`idp-org:${claims.orgId}`],
      transaction,
    });
    let org = await Organization.findOne({ where: { idpOrgId: claims.orgId }, transaction });
    org ??= await Organization.create(
      { id: newId('org'), name: claims.orgSlug ?? `Workspace ${claims.orgId}`, idpOrgId: claims.orgId },
      { transaction },
    );

    await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
      bind: [`idp-user:${claims.userId}`],
      transaction,
    });
    let user =
      (await User.findOne({ where: { idpUserId: claims.userId }, transaction })) ??
      (await User.findOne({ where: { email: claims.email }, transaction }));
    if (user?.idpUserId && user.idpUserId !== claims.userId) {
      throw new AppError(
        'unauthorized',
        'This email belongs to another identity-provider user here; ask an operator to resolve it.',
      );
    }
    if (!user) {
      user = await User.create(
        { id: newId('usr'), email: claims.email, name: claims.name ?? null, idpUserId: claims.userId },
        { transaction },
      );
    } else if (!user.idpUserId) {
      user.idpUserId = claims.userId;
      await user.save({ transaction });
    }

    await deps.db.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
      bind: [`members:${org.id}`],
      transaction,
    });
    let member = await Member.findOne({
      where: { orgId: org.id, [Op.or]: [{ userId: user.id }, { email: user.email }] },
      transaction,
      lock: true,
    });
    if (member?.status === 'removed') throw new AppError('unauthorized', 'You were removed from this workspace.');
    if (!member) {
      const owners = await Member.count({ where: { orgId: org.id, role: 'owner', status: 'active' }, transaction });
      member = await Member.create(
        {
          id: newId('mem'),
          orgId: org.id,
          userId: user.id,
          email: user.email,
          role: firstSightRole(claims.orgRole, owners > 0),
          status: 'active',
        },
        { transaction },
      );
    } else if (member.status === 'invited' || member.userId !== user.id) {
      member.status = 'active';
      member.userId = user.id;
      await member.save({ transaction });
    }
    return {
      org,
      user,
      member,
      via: 'idp_session' as const,
      apiKey: null,
      role: member.role,
      scopes: [...ROLE_SCOPES[member.role]],
    };
  });
}
