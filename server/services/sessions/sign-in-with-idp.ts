import type { Request, Response } from 'express';
import { AppError } from '../../../shared/errors.ts';
import { verifySessionToken } from '../../integrations/idp.ts';
import { linkSession } from '../auth/link-session.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';
import { startSession } from './start-session.ts';

/** AUTH_PROVIDER=idp: the provider's session token, verified as for bearer calls, exchanged for our session. */
export async function signInWithIdp(
  deps: Deps,
  req: Request,
  res: Response,
  token: string,
): Promise<{ signedIn: true }> {
  sessionCookie.assertSameOrigin(deps, req);
  if (!deps.config.idp)
    throw new AppError('invalid_request', 'This service does not use an identity provider; sign in with an API key.');
  const caller = await linkSession(deps, await verifySessionToken(deps.config.idp, token));
  await startSession(deps, req, res, { orgId: caller.org.id, userId: caller.user.id, scopes: null, via: 'idp' });
  return { signedIn: true };
}
