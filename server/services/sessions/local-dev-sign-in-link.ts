import { QueryTypes } from 'sequelize';
import { Member } from '../../../db/models/index.ts';
import type { Deps } from '../deps.ts';
import { createSignInLink } from './create-sign-in-link.ts';

/**
 * local-dev: a fresh one-time sign-in URL for the owner of the bootstrap workspace, made at every
 * start (like a notebook server's token URL). Undefined when there is no bootstrap workspace or
 * no active owner in it.
 */
export async function localDevSignInLink(
  deps: Deps,
  baseUrl: string,
): Promise<{ url: string; expiresAt: Date } | undefined> {
  const [state] = await deps.db.sequelize.query<{ value: { organizationId?: string } }>(
    `SELECT value FROM service_state WHERE key = 'bootstrap'`,
    { type: QueryTypes.SELECT },
  );
  const orgId = state?.value.organizationId;
  if (!orgId) return undefined;
  const owner = await Member.findOne({
    where: { orgId, role: 'owner', status: 'active' },
    order: [['createdAt', 'ASC']],
  });
  if (!owner?.userId) return undefined;
  return await createSignInLink(deps, baseUrl, { orgId, userId: owner.userId });
}
