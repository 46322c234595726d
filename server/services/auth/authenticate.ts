import { ApiKey, Member, Organization, User } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { effectiveScopes } from '../../../shared/scopes.ts';
import { looksLikeJwt, verifySessionToken } from '../../integrations/idp.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from './caller.ts';
import { linkSession } from './link-session.ts';
import { hashToken, isWellFormedToken, sameHash } from './tokens.ts';

/** `lastUsedAt` is written at most this often per key, so reads do not each cost a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves `Authorization: Bearer <token>` to a caller (from the auth cache when it holds the
 * key: no query; see auth-cache.ts for how a revocation or role change still applies at once). The token is a workspace API key, or,
 * under AUTH_PROVIDER=idp, a session token of the identity provider (a JWT). Every failure is
 * the same 401: a missing header, a malformed or unknown token, a revoked key, a creator no
 * longer an active member, or a session token that does not verify.
 */
export async function authenticate(deps: Deps, authorization: string | undefined): Promise<Caller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1])
    throw new AppError(
      'unauthorized',
      authorization ? 'The Authorization header must be `Bearer <token>`.' : undefined,
    );
  const token = match[1];
  const idp = deps.config.idp;
  if (idp && looksLikeJwt(token)) return await linkSession(deps, await verifySessionToken(idp, token));
  if (!isWellFormedToken(token))
    throw new AppError('unauthorized', 'The bearer token is not a valid workspace API key.');
  const tokenHash = hashToken(token);
  const cacheKey = `api_key:${tokenHash}`;
  const cached = deps.authCache.credential(cacheKey);
  if (cached?.caller.apiKey) {
    await touchLastUsed(cached.caller.apiKey);
    return cached.caller;
  }
  const generation = deps.authCache.generation();
  const apiKey = await ApiKey.findOne({ where: { tokenHash } });
  // The lookup is by index; the comparison of the stored digest is constant-time all the same.
  if (!apiKey || !sameHash(apiKey.tokenHash, tokenHash))
    throw new AppError('unauthorized', 'The bearer token is not a valid workspace API key.');
  if (apiKey.revokedAt) throw new AppError('unauthorized', 'This API key has been revoked.');
  const [org, user, member] = await Promise.all([
    Organization.findByPk(apiKey.orgId),
    User.findByPk(apiKey.createdByUserId),
    Member.findOne({ where: { orgId: apiKey.orgId, userId: apiKey.createdByUserId } }),
  ]);
  if (!org || !user || !member || member.status !== 'active') {
    throw new AppError('unauthorized', 'The member who created this API key is no longer active in the workspace.');
  }
  await touchLastUsed(apiKey);
  const caller: Caller = {
    org,
    user,
    member,
    via: 'api_key',
    apiKey,
    role: member.role,
    scopes: effectiveScopes(apiKey.scopes, member.role),
  };
  deps.authCache.storeCredential(cacheKey, { caller }, generation);
  return caller;
}

/** Records the key's use, at most once per LAST_USED_RESOLUTION_MS (the clock is moved before the write, so concurrent requests write once). */
async function touchLastUsed(apiKey: ApiKey): Promise<void> {
  const now = Date.now();
  if (apiKey.lastUsedAt && now - apiKey.lastUsedAt.getTime() <= LAST_USED_RESOLUTION_MS) return;
  apiKey.lastUsedAt = new Date(now);
  await ApiKey.update({ lastUsedAt: new Date(now) }, { where: { id: apiKey.id }, silent: true });
}
