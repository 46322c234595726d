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
 * this). The role is read from the member row on every request, so a role change or a removal
 * takes effect on the next one. Ended, idle-expired and absolutely expired sessions answer 401 and
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
  const session = await BrowserSession.findOne({ where: { tokenHash: hashToken(value) } });
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
  if (now - session.lastSeenAt.getTime() > TOUCH_RESOLUTION_MS) {
    const idleExpiresAt = new Date(Math.min(now + deps.config.sessions.idleMs, session.absoluteExpiresAt.getTime()));
    await BrowserSession.update({ lastSeenAt: new Date(now), idleExpiresAt }, { where: { id: session.id } });
  }
  const scopes = session.scopes ? effectiveScopes(session.scopes, member.role) : [...ROLE_SCOPES[member.role]];
  return { org, user, member, via: 'browser_session', apiKey: null, role: member.role, scopes };
}
