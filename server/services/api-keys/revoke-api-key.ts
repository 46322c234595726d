import { ApiKey } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { seesAllKeys } from './list-api-keys.ts';
import { toApiKey } from './serialize.ts';

/** Revokes a key (idempotent). Editors revoke only their own keys. */
export async function revokeApiKey(caller: Caller, keyId: string) {
  const row = await ApiKey.findOne({ where: { id: keyId, orgId: caller.org.id } });
  if (!row || (!seesAllKeys(caller) && row.createdByUserId !== caller.user.id)) {
    throw new AppError('not_found', `API key ${keyId} was not found in this workspace.`);
  }
  if (!row.revokedAt) {
    row.revokedAt = new Date();
    await row.save();
  }
  return { apiKey: toApiKey(row) };
}
