import { z } from 'zod';
import { webProcedure } from '../../trpc/procedures.ts';
import { redeemSignInLink } from '../../services/sessions/redeem-sign-in-link.ts';

export const signInWithLink = webProcedure
  .input(z.strictObject({ token: z.string().min(1).max(200) }))
  .output(z.object({ signedIn: z.literal(true) }))
  .mutation(({ ctx, input }) => redeemSignInLink(ctx.deps, ctx.req, ctx.res, input.token));
