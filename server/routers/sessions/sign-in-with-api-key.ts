import { z } from 'zod';
import { webProcedure } from '../../trpc/procedures.ts';
import { signInWithApiKey as signIn } from '../../services/sessions/sign-in-with-api-key.ts';

export const signInWithApiKey = webProcedure
  .input(z.strictObject({ apiKey: z.string().min(1).max(200) }))
  .output(z.object({ signedIn: z.literal(true) }))
  .mutation(({ ctx, input }) => signIn(ctx.deps, ctx.req, ctx.res, input.apiKey));
