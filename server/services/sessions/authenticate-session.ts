import type { Request, Response } from 'express';
import { BrowserSession, Member, Organization, User } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { metrics } from '../../../shared/metrics.ts';
import { effectiveScopes, ROLE_SCOPES } from '../../../shared/scopes.ts';
import type { Caller } from '../auth/caller.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';

/** The idle deadline is pushed forward at most this often, so reads do not each cost a write. */
const TOUCH_RESOLUTION_MS = 60_000;

/**
 * Resolves the web app's session cookie to a caller (on /trpc only; the REST facade never calls
 * this). The caller is kept in the auth cache for a few seconds; a role change, a removal or a
 * sign-out drops it in every API process at once (auth/auth-cache.ts), so it takes effect on the
 * next request. Ended, idle-expired and absolutely expired sessions answer 401 and
 * the browser is told to drop the cookie. A mutation must also pass the same-origin check.
 */
export async function authenticateSession(
  deps: Deps,
  req: Request,
  res: Response,
  options: { mutation: boolean },
): Promise<Caller> {
  const value = sessionCookie.read(req);
  if (!value) throw new AppError('unauthorized', 'Sign in to continue.');
  const tokenHash = hashToken(value);
  const cacheKey = `session:${tokenHash}`;
  const cached = deps.authCache.credential(cacheKey);
  // A cached session past a deadline it knew of is looked up afresh (another process may have
  // pushed the idle deadline); only the database's answer ends it.
  if (cached?.session && cached.session.idleExpiresAt > Date.now() && cached.session.absoluteExpiresAt > Date.now()) {
    if (options.mutation) sessionCookie.assertSameOrigin(deps, req);
    await touch(deps, cached.session);
    return cached.caller;
  }
  const generation = deps.authCache.generation();
  const session = await BrowserSession.findOne({ where: { tokenHash } });
  const now = Date.now();
  if (
    !session ||
    session.endedAt ||
    session.idleExpiresAt.getTime() <= now ||
    session.absoluteExpiresAt.getTime() <= now
  ) {
    sessionCookie.clear(deps, req, res);
    metrics.authFailures.inc({ kind: 'session' });
    throw new AppError('unauthorized', 'Your session has ended or expired; sign in again.');
  }
  if (options.mutation) sessionCookie.assertSameOrigin(deps, req);
  const [org, user, member] = await Promise.all([
    Organization.findByPk(session.orgId),
    User.findByPk(session.userId),
    Member.findOne({ where: { orgId: session.orgId, userId: session.userId } }),
  ]);
  if (!org || !user || !member || member.status !== 'active') {
    await BrowserSession.update({ endedAt: new Date(now) }, { where: { id: session.id } });
    sessionCookie.clear(deps, req, res);
    metrics.authFailures.inc({ kind: 'session' });
    throw new AppError('unauthorized', 'You are no longer an active member of this workspace.');
  }
  const deadlines = {
    id: session.id,
    idleExpiresAt: session.idleExpiresAt.getTime(),
    absoluteExpiresAt: session.absoluteExpiresAt.getTime(),
    lastSeenAt: session.lastSeenAt.getTime(),
  };
  await touch(deps, deadlines);
  const scopes = session.scopes ? effectiveScopes(session.scopes, member.role) : [...ROLE_SCOPES[member.role]];
  const caller: Caller = { org, user, member, via: 'browser_session', apiKey: null, role: member.role, scopes };
  deps.authCache.storeCredential(cacheKey, { caller, session: deadlines }, generation);
  return caller;
}

/** Pushes the idle deadline forward, at most once per TOUCH_RESOLUTION_MS (the copy is moved first, so concurrent requests write once). */
async function touch(
  deps: Deps,
  session: { id: string; idleExpiresAt: number; absoluteExpiresAt: number; lastSeenAt: number },
): Promise<void> {
  const now = Date.now();
  if (now - session.lastSeenAt <= TOUCH_RESOLUTION_MS) return;
  const idleExpiresAt = Math.min(now + deps.config.sessions.idleMs, session.absoluteExpiresAt);
  session.lastSeenAt = now;
  session.idleExpiresAt = idleExpiresAt;
  await BrowserSession.update(
    { lastSeenAt: new Date(now), idleExpiresAt: new Date(idleExpiresAt) },
    { where: { id: session.id } },
  );
}
