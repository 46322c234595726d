import type { z } from 'zod';
import { PublishingAction } from '../../../db/models/index.ts';
import type { PublishingAction as PublishingActionShape } from '../../../shared/schemas/publishing.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from '../runs/find-run.ts';
import { toPublishingAction } from './serialize.ts';

/** A run's dry-runs, publish requests and docs shares, newest first. */
export async function listPublishingActions(caller: Caller, runId: string): Promise<{ actions: z.infer<typeof PublishingActionShape>[] }> {
  await findRun(caller.org.id, runId);
  const rows = await PublishingAction.findAll({ where: { runId, orgId: caller.org.id }, order: [['id', 'DESC']], limit: 100 });
  return { actions: rows.map(toPublishingAction) };
}
