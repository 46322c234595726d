import { z } from 'zod';
import { webProcedure } from '../../trpc/procedures.ts';
import { signInWithIdp as signIn } from '../../services/sessions/sign-in-with-idp.ts';

export const signInWithIdp = webProcedure
  .input(z.strictObject({ token: z.string().min(1).max(8192) }))
  .output(z.object({ signedIn: z.literal(true) }))
  .mutation(({ ctx, input }) => signIn(ctx.deps, ctx.req, ctx.res, input.token));
