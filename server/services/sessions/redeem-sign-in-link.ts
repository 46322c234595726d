import type { Request, Response } from 'express';
import { Op } from 'sequelize';
import { Member, SignInLink } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { sessionCookie } from './session-cookie.ts';
import { startSession } from './start-session.ts';

/**
 * Exchanges a sign-in link's token for a session. The token is spent by one conditional UPDATE
 * (unused and unexpired), so two tabs racing with one link get one session between them.
 */
export async function redeemSignInLink(
  deps: Deps,
  req: Request,
  res: Response,
  token: string,
): Promise<{ signedIn: true }> {
  sessionCookie.assertSameOrigin(deps, req);
  const [count, rows] = await SignInLink.update(
    { usedAt: new Date() },
    { where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { [Op.gt]: new Date() } }, returning: true },
  );
  const link = rows[0];
  if (count === 0 || !link)
    throw new AppError(
      'unauthorized',
      'This sign-in link is invalid, expired or already used. Restart the service for a new one, or sign in with an API key.',
    );
  const member = await Member.findOne({ where: { orgId: link.orgId, userId: link.userId } });
  if (member?.status !== 'active')
    throw new AppError('unauthorized', 'The member this link was made for is no longer active in the workspace.');
  await startSession(deps, req, res, { orgId: link.orgId, userId: link.userId, scopes: null, via: 'sign_in_link' });
  return { signedIn: true };
}
