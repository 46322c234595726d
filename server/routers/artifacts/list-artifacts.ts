import { ArtifactList, RunIdInput } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { listArtifacts as list } from '../../services/artifacts/list-artifacts.ts';

export const listArtifacts = authed('artifacts:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/runs/{runId}/artifacts',
      tags: ['runs'],
      summary: "List a run's artifacts",
      errorResponses: { 401: 'Unauthorized', 403: 'Missing scope', 404: 'Not found' },
    },
  })
  .input(RunIdInput)
  .output(ArtifactList)
  .query(({ ctx, input }) => list(ctx.caller, input.runId));
