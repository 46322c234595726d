import { z } from 'zod';
import { Id } from '../../../shared/schemas/common.ts';
import { authed } from '../../trpc/procedures.ts';
import { listArtifactFiles as list } from '../../services/artifacts/list-artifact-files.ts';

/** The file tree of an artifact, for browsing it in the web app (tRPC only). */
export const listArtifactFiles = authed('artifacts:read')
  .input(z.strictObject({ runId: Id('runId'), artifactId: Id('artifactId') }))
  .output(z.object({ files: z.array(z.object({ path: z.string(), sizeBytes: z.number().int() })) }))
  .query(({ ctx, input }) => list(ctx.caller, input.runId, input.artifactId));
