import type { Request, Response } from 'express';
import { AppError } from '../../../shared/errors.ts';
import { authenticateRequest } from '../auth/authenticate-request.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';
import { startSession } from './start-session.ts';

/**
 * Exchanges a pasted workspace API key for a session, once: the key is checked like any bearer
 * token (brute-force guard included) and not kept; the session carries the key's scopes, still
 * intersected with its creator's role on every request, so pasting a read-only key gives a
 * read-only session.
 */
export async function signInWithApiKey(
  deps: Deps,
  req: Request,
  res: Response,
  apiKey: string,
): Promise<{ signedIn: true }> {
  sessionCookie.assertSameOrigin(deps, req);
  const caller = await authenticateRequest(deps, `Bearer ${apiKey.trim()}`, req.ip);
  if (!caller.apiKey) throw new AppError('unauthorized', 'Paste a workspace API key (it starts with rsk_).');
  await startSession(deps, req, res, {
    orgId: caller.org.id,
    userId: caller.user.id,
    scopes: [...caller.apiKey.scopes],
    via: 'api_key',
  });
  return { signedIn: true };
}
