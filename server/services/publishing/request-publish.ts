import { PublishingAction } from '../../../db/models/index.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findRun } from '../runs/find-run.ts';
import { toRun } from '../runs/serialize.ts';
import { publicationChecks } from './publication-checks.ts';
import { recordPublishingAction, type PublishingRequest } from './record-publishing-action.ts';
import { saveQueuedAction } from './save-queued-action.ts';
import { toPublishingAction } from './serialize.ts';

/** The version a publish without one uses (the checklist says so). */
const DEFAULT_VERSION = '0.1.0';

/**
 * A publish request. Blocked (recorded, nothing sent) until the checks pass: the dry-run's, plus
 * the operator's approval and, for docs, a verified domain. Then it is queued as a pg-boss job in
 * the same transaction, at most once per run, registry and version: a repeated request answers the
 * live action (queued, publishing or published) instead of publishing again.
 */
export async function requestPublish(deps: Deps, caller: Caller, input: PublishingRequest) {
  const run = await findRun(caller.org.id, input.runId);
  const registry = input.registry ?? 'npm';
  const version = registry === 'docs' ? null : (input.version ?? DEFAULT_VERSION);
  const findLive = () =>
    PublishingAction.findOne({ where: { orgId: caller.org.id, runId: run.id, registry, action: 'publish', state: ['queued', 'publishing', 'published'], version } });
  const live = await findLive();
  if (live) return { run: toRun(run), publishAction: toPublishingAction(live) };
  const extra = await publicationChecks(deps.config, registry, caller.org.id, run.projectId);
  const { version: _given, ...rest } = input;
  return await recordPublishingAction(deps, caller, { ...rest, registry, ...(version ? { version } : {}) }, 'publish', extra, (attributes) => saveQueuedAction(deps, attributes, findLive));
}
