import { z } from 'zod';
import { Id } from '../../../shared/schemas/common.ts';
import { authed } from '../../trpc/procedures.ts';
import { downloadArtifact } from '../../services/artifacts/download-artifact.ts';

/**
 * An artifact's bytes (base64) for a signed-in browser: the REST download at /api accepts bearer
 * tokens only, so the web app saves artifacts through this (tRPC only).
 */
export const downloadArtifactContent = authed('artifacts:read')
  .input(z.strictObject({ runId: Id('runId'), artifactId: Id('artifactId') }))
  .output(z.object({ name: z.string(), mediaType: z.string(), sha256: z.string(), base64: z.string() }))
  .query(async ({ ctx, input }) => {
    const artifact = await downloadArtifact(ctx.caller, input.runId, input.artifactId);
    return {
      name: artifact.name,
      mediaType: artifact.mediaType,
      sha256: artifact.sha256,
      base64: (await artifact.readContent()).toString('base64'),
    };
  });
