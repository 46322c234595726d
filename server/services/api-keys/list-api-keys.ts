import { ApiKey } from '../../../db/models/index.ts';
import type { Caller } from '../auth/caller.ts';
import { toApiKey } from './serialize.ts';

/** Owners and admins see every key of the workspace; others see their own. */
export function seesAllKeys(caller: Caller): boolean {
  return caller.role === 'owner' || caller.role === 'admin';
}

export async function listApiKeys(caller: Caller) {
  const rows = await ApiKey.findAll({
    where: { orgId: caller.org.id, ...(seesAllKeys(caller) ? {} : { createdByUserId: caller.user.id }) },
    order: [['id', 'ASC']],
  });
  return { apiKeys: rows.map(toApiKey) };
}
