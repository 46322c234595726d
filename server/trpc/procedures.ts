import { AppError } from '../../shared/errors.ts';
import type { Scope } from '../../shared/scopes.ts';
import { authenticateRequest } from '../services/auth/authenticate-request.ts';
import { authenticateSession } from '../services/sessions/authenticate-session.ts';
import { sessionCookie } from '../services/sessions/session-cookie.ts';
import { t } from './init.ts';

/** No token needed (health, auth config). */
export const publicProcedure = t.procedure;

/**
 * A procedure that needs a workspace API key (or, under AUTH_PROVIDER=idp, a session token) holding `scope` (after intersecting the key's
 * scopes with its creator's current role). 401 without a valid key, 403 without the scope.
 * On /trpc only, a request without an Authorization header may instead carry the web app's
 * session cookie (its mutations pass the same-origin check); /api never looks at cookies.
 */
export function authed(scope: Scope) {
  return t.procedure.use(async ({ ctx, next, type }) => {
    const bySession =
      ctx.transport === 'trpc' && !ctx.req.headers.authorization && sessionCookie.read(ctx.req) !== undefined;
    const caller = bySession
      ? await authenticateSession(ctx.deps, ctx.req, ctx.res, { mutation: type !== 'query' })
      : await authenticateRequest(ctx.deps, ctx.req.headers.authorization, ctx.req.ip);
    if (!caller.scopes.includes(scope)) {
      const holder =
        caller.via === 'browser_session'
          ? `your ${caller.role} role`
          : `this API key (or its creator's ${caller.role} role)`;
      throw new AppError(
        'insufficient_scope',
        `This endpoint needs the ${scope} scope, which ${holder} does not have.`,
      );
    }
    return next({ ctx: { ...ctx, caller } });
  });
}

/** The web app's own procedures (sign-in, sign-out): /trpc only, never part of the REST facade. */
export const webProcedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.transport !== 'trpc') throw new AppError('not_found', 'No such endpoint.');
  return next();
});
