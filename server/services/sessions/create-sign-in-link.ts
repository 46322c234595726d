import { randomBytes } from 'node:crypto';
import { SignInLink } from '../../../db/models/index.ts';
import { newId } from '../../../shared/ids.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';

/**
 * A one-time sign-in URL for a member (local-dev prints one for the owner at every start). The
 * token travels in the URL's fragment, which browsers never send to a server (no access log or
 * Referer sees it); the app posts it once and removes it from the address bar.
 */
export async function createSignInLink(
  deps: Deps,
  baseUrl: string,
  who: { orgId: string; userId: string },
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + deps.config.sessions.signInLinkMs);
  await SignInLink.create({
    id: newId('sil'),
    tokenHash: hashToken(token),
    orgId: who.orgId,
    userId: who.userId,
    expiresAt,
  });
  return { url: `${baseUrl.replace(/\/$/, '')}/sign-in#token=${token}`, expiresAt };
}
