import { ApiKey } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { seesAllKeys } from './list-api-keys.ts';
import { toApiKey } from './serialize.ts';

/**
 * Revokes a key (idempotent). Editors revoke only their own keys. The answer comes after every
 * API process has been told (auth cache), so the key is refused from the next request on.
 */
export async function revokeApiKey(deps: Deps, caller: Caller, keyId: string) {
  const row = await ApiKey.findOne({ where: { id: keyId, orgId: caller.org.id } });
  if (!row || (!seesAllKeys(caller) && row.createdByUserId !== caller.user.id)) {
    throw new AppError('not_found', `API key ${keyId} was not found in this workspace.`);
  }
  if (!row.revokedAt) {
    const since = Date.now();
    row.revokedAt = new Date();
    await row.save();
    await deps.authCache.announce([`api_key:${row.id}`], since);
  }
  return { apiKey: toApiKey(row) };
}
