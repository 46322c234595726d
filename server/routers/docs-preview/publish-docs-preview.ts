import { DocsPreviewEnvelope } from '../../../shared/schemas/publishing.ts';
import { RunIdInput } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { publishDocsPreview as publish } from '../../services/docs-preview/publish-docs-preview.ts';

export const publishDocsPreview = authed('artifacts:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/runs/{runId}/docs-preview/publish',
      tags: ['publishing'],
      summary: "Publish (or reuse) the hosted, noindex preview of a run's generated docs",
      errorResponses: {
        401: 'Unauthorized',
        403: 'Missing scope',
        404: 'Not found',
        410: 'Docs artifact expired',
        422: 'The run has no docs to publish',
      },
    },
    successStatus: 201,
  })
  .input(RunIdInput)
  .output(DocsPreviewEnvelope)
  .mutation(({ ctx, input }) =>
    publish(
      ctx.deps,
      ctx.caller,
      input.runId,
      ctx.deps.config.publicBaseUrl ?? `${ctx.req.protocol}://${ctx.req.get('host') ?? 'localhost'}`,
    ),
  );
