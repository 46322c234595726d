import { PublishingAction } from '../../../db/models/index.ts';
import type { Caller } from '../auth/caller.ts';
import { findRun } from '../runs/find-run.ts';
import { toRun } from '../runs/serialize.ts';
import { toPublishingAction } from './serialize.ts';

/** The publishing actions of a run, newest first: where each dry-run, publish and rollback stands. */
export async function listPublishingActions(caller: Caller, runId: string) {
  const run = await findRun(caller.org.id, runId);
  const rows = await PublishingAction.findAll({
    where: { orgId: caller.org.id, runId: run.id },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: 200,
  });
  return { run: toRun(run), publishActions: rows.map(toPublishingAction) };
}
