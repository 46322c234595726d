import type { Request, Response } from 'express';
import { BrowserSession } from '../../../db/models/index.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';

/** Sign-out: the session row is ended server-side (the cookie alone no longer works), and the cookie cleared. */
export async function endSession(deps: Deps, req: Request, res: Response): Promise<{ signedOut: boolean }> {
  const value = sessionCookie.read(req);
  let ended = 0;
  if (value)
    [ended] = await BrowserSession.update(
      { endedAt: new Date() },
      { where: { tokenHash: hashToken(value), endedAt: null } },
    );
  sessionCookie.clear(deps, req, res);
  return { signedOut: ended > 0 };
}
