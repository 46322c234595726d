import { z } from 'zod';
import { PublishingAction } from '../../../shared/schemas/publishing.ts';
import { RunIdInput } from '../../../shared/schemas/runs.ts';
import { authed } from '../../trpc/procedures.ts';
import { listPublishingActions as list } from '../../services/publishing/list-publishing-actions.ts';

/** The state of a run's publishing: every dry-run and publish request (tRPC only, for the web app). */
export const listPublishingActions = authed('workspace:read')
  .input(RunIdInput)
  .output(z.object({ actions: z.array(PublishingAction) }))
  .query(({ ctx, input }) => list(ctx.caller, input.runId));
