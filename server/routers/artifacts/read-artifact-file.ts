import { z } from 'zod';
import { Id } from '../../../shared/schemas/common.ts';
import { authed } from '../../trpc/procedures.ts';
import { readArtifactFile as read } from '../../services/artifacts/read-artifact-file.ts';

/** One file of an artifact as text (or `text: null` when binary), for reading it in the web app (tRPC only). */
export const readArtifactFile = authed('artifacts:read')
  .input(
    z.strictObject({ runId: Id('runId'), artifactId: Id('artifactId'), path: z.string().min(1).max(1000).optional() }),
  )
  .output(
    z.object({ path: z.string(), sizeBytes: z.number().int(), text: z.string().nullable(), truncated: z.boolean() }),
  )
  .query(({ ctx, input }) => read(ctx.caller, input.runId, input.artifactId, input.path));
