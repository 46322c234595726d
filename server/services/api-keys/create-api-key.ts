import { ApiKey } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { newId } from '../../../shared/ids.ts';
import { DEFAULT_KEY_SCOPES, type Scope } from '../../../shared/scopes.ts';
import type { Caller } from '../auth/caller.ts';
import { mintToken } from '../auth/tokens.ts';
import { toApiKey } from './serialize.ts';

/**
 * Mints a key for the caller's user. Requested scopes must be within the caller's own power
 * (key scopes ∩ role); omitted scopes give the narrow default set. The token is returned once.
 */
export async function createApiKey(caller: Caller, input: { name?: string; scopes?: Scope[] }) {
  const requested = input.scopes
    ? [...new Set(input.scopes)]
    : DEFAULT_KEY_SCOPES.filter((s) => caller.scopes.includes(s));
  if (requested.length === 0) {
    throw new AppError(
      'scope_not_grantable',
      'scopes: this key holds none of the default scopes to grant; pass `scopes` explicitly.',
    );
  }
  const beyond = requested.filter((scope) => !caller.scopes.includes(scope));
  if (beyond.length > 0) {
    throw new AppError(
      'scope_not_grantable',
      `scopes: ${beyond.join(', ')} ${beyond.length === 1 ? 'is' : 'are'} beyond what this key and its ${caller.role} role can grant.`,
    );
  }
  const minted = mintToken();
  const row = await ApiKey.create({
    id: newId('key'),
    orgId: caller.org.id,
    createdByUserId: caller.user.id,
    name: input.name ?? 'API key',
    tokenPrefix: minted.tokenPrefix,
    tokenHash: minted.tokenHash,
    scopes: requested,
  });
  return { apiKey: toApiKey(row), token: minted.token };
}
