import type { Request, Response } from 'express';
import { BrowserSession } from '../../../db/models/index.ts';
import { newId } from '../../../shared/ids.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';

export interface SessionGrant {
  orgId: string;
  userId: string;
  /** Null: the member's whole current role; else an exchanged key's scopes. */
  scopes: string[] | null;
  via: BrowserSession['via'];
}

/**
 * Signs a browser in: a brand-new session row and cookie value every time (a value planted before
 * sign-in is never promoted: no session fixation), and a session the browser held before is ended.
 */
export async function startSession(
  deps: Deps,
  req: Request,
  res: Response,
  grant: SessionGrant,
): Promise<BrowserSession> {
  const previous = sessionCookie.read(req);
  if (previous) {
    const since = Date.now();
    const [, ended] = await BrowserSession.update(
      { endedAt: new Date() },
      { where: { tokenHash: hashToken(previous), endedAt: null }, returning: true },
    );
    // The old cookie is refused from the next request on, in every API process (auth cache).
    if (ended.length > 0)
      await deps.authCache.announce(
        ended.map((row) => `session:${row.id}`),
        since,
      );
  }
  const value = sessionCookie.newValue();
  const now = Date.now();
  const { idleMs, absoluteMs } = deps.config.sessions;
  const session = await BrowserSession.create({
    id: newId('ses'),
    tokenHash: hashToken(value),
    orgId: grant.orgId,
    userId: grant.userId,
    scopes: grant.scopes,
    via: grant.via,
    lastSeenAt: new Date(now),
    idleExpiresAt: new Date(now + Math.min(idleMs, absoluteMs)),
    absoluteExpiresAt: new Date(now + absoluteMs),
  });
  sessionCookie.set(deps, req, res, value, absoluteMs);
  return session;
}
