import { AppError } from '../../shared/errors.ts';
import type { Scope } from '../../shared/scopes.ts';
import { authenticateRequest } from '../services/auth/authenticate-request.ts';
import { t } from './init.ts';

/** No token needed (health, auth config). */
export const publicProcedure = t.procedure;

/**
 * A procedure that needs a workspace API key (or, under AUTH_PROVIDER=idp, a session token) holding `scope` (after intersecting the key's
 * scopes with its creator's current role). 401 without a valid key, 403 without the scope.
 */
export function authed(scope: Scope) {
  return t.procedure.use(async ({ ctx, next }) => {
    const caller = await authenticateRequest(ctx.deps, ctx.req.headers.authorization, ctx.req.ip);
    if (!caller.scopes.includes(scope)) {
      throw new AppError('insufficient_scope', `This endpoint needs the ${scope} scope, which this API key (or its creator's ${caller.role} role) does not have.`);
    }
    return next({ ctx: { ...ctx, caller } });
  });
}
