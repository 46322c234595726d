import { StartReportInput, StartReportOutput } from '../../../shared/schemas/reports.ts';
import { authed } from '../../trpc/procedures.ts';
import { parseIdempotencyKey } from '../../services/reports/idempotency.ts';
import { startReport as start } from '../../services/reports/start-report.ts';

export const startReport = authed('runs:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/reports/start',
      tags: ['reports'],
      summary: 'Start a report run',
      description:
        'Queues a report on an OpenAPI description. Send `Idempotency-Key` to make retries safe: a repeat replays the first response.',
      errorResponses: {
        400: 'Invalid request',
        401: 'Unauthorized',
        402: 'Plan quota used up',
        403: 'Missing scope',
        404: 'projectId not found',
        429: 'Rate limited; see Retry-After',
      },
    },
    successStatus: 202,
  })
  .input(StartReportInput)
  .output(StartReportOutput)
  .mutation(({ ctx, input }) =>
    start(ctx.deps, ctx.caller, input, parseIdempotencyKey(ctx.req.headers['idempotency-key'])),
  );
