import { z } from 'zod';
import { webProcedure } from '../../trpc/procedures.ts';
import { endSession } from '../../services/sessions/end-session.ts';
import { sessionCookie } from '../../services/sessions/session-cookie.ts';

export const signOut = webProcedure.output(z.object({ signedOut: z.boolean() })).mutation(({ ctx }) => {
  sessionCookie.assertSameOrigin(ctx.deps, ctx.req);
  return endSession(ctx.deps, ctx.req, ctx.res);
});
