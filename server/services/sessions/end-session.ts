import type { Request, Response } from 'express';
import { BrowserSession } from '../../../db/models/index.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';

/** Sign-out: the session row is ended server-side (the cookie alone no longer works, in any API process), and the cookie cleared. */
export async function endSession(deps: Deps, req: Request, res: Response): Promise<{ signedOut: boolean }> {
  const value = sessionCookie.read(req);
  let ended = 0;
  if (value) {
    const since = Date.now();
    const [count, rows] = await BrowserSession.update(
      { endedAt: new Date() },
      { where: { tokenHash: hashToken(value), endedAt: null }, returning: true },
    );
    ended = count;
    // Refused from the next request on, in every API process (auth cache).
    if (rows.length > 0)
      await deps.authCache.announce(
        rows.map((row) => `session:${row.id}`),
        since,
      );
  }
  sessionCookie.clear(deps, req, res);
  return { signedOut: ended > 0 };
}
