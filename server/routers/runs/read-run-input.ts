import { z } from 'zod';
import { Id } from '../../../shared/schemas/common.ts';
import { authed } from '../../trpc/procedures.ts';
import { readRunInput as read } from '../../services/runs/read-run-input.ts';

/** A run's whole description, config, old SDK or docs source, for the web app's comparison and editor (tRPC only). */
export const readRunInput = authed('workspace:read')
  .input(
    z.strictObject({
      runId: Id('runId'),
      document: z.enum(['openapi', 'config', 'old_sdk', 'docs_source']).default('openapi'),
    }),
  )
  .output(z.object({ text: z.string(), language: z.enum(['yaml', 'json']) }))
  .query(({ ctx, input }) => read(ctx.caller, input));
