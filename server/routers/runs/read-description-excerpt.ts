import { z } from 'zod';
import { Id } from '../../../shared/schemas/common.ts';
import { authed } from '../../trpc/procedures.ts';
import { readDescriptionExcerpt as read } from '../../services/runs/read-description-excerpt.ts';

/** The description's lines around a diagnostic's line, for the web app's diagnostics view (tRPC only). */
export const readDescriptionExcerpt = authed('workspace:read')
  .input(
    z.strictObject({
      runId: Id('runId'),
      line: z.number().int().min(0).max(10_000_000),
      context: z.number().int().min(0).max(50).default(6),
      document: z.enum(['openapi', 'config']).default('openapi'),
    }),
  )
  .output(
    z.object({
      firstLine: z.number().int(),
      lines: z.array(z.string()),
      totalLines: z.number().int(),
      language: z.string(),
    }),
  )
  .query(({ ctx, input }) => read(ctx.caller, input));
