import { PublishingAction } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findProject } from '../projects/find-project.ts';
import { findRun } from '../runs/find-run.ts';
import { defaultVersion } from './checklist.ts';
import { toRun } from '../runs/serialize.ts';
import { publicationChecks } from './publication-checks.ts';
import { recordPublishingAction, type PublishingRequest } from './record-publishing-action.ts';
import { saveQueuedAction } from './save-queued-action.ts';
import { toPublishingAction } from './serialize.ts';
import { changelogBody, planVersion } from './version-plan.ts';

/**
 * A publish request. Blocked (recorded, nothing sent) until the checks pass: the dry-run's (the
 * same version plan: without a version the one proposed from the compatibility diff, and a
 * requested version not newer than the shipped one or below the proposal is blocked), plus the
 * operator's approval and, for docs, a verified domain. Then it is queued as a pg-boss job in the
 * same transaction, at most once per run, registry and version: a repeated request answers the
 * live action (queued, publishing or published) instead of publishing again. The CHANGELOG entry
 * written from the diff is stored on the action (`providerResult.changelog`) for the worker.
 */
export async function requestPublish(deps: Deps, caller: Caller, input: PublishingRequest) {
  const run = await findRun(caller.org.id, input.runId);
  const registry = input.registry ?? 'npm';
  // Without a version in the request, the project's settings may name the one to publish.
  const requested = input.version ?? defaultVersion(await findProject(caller.org.id, run.projectId), registry);
  const plan = registry === 'docs' ? undefined : await planVersion(run, registry, requested);
  const version = plan?.version ?? null;
  const findLive = () =>
    PublishingAction.findOne({
      where: {
        orgId: caller.org.id,
        runId: run.id,
        registry,
        action: 'publish',
        state: ['queued', 'publishing', 'awaiting_merge', 'published'],
        version,
      },
    });
  const live = await findLive();
  if (live) return { run: toRun(run), publishAction: toPublishingAction(live) };
  const extra: ChecklistEntry[] = [
    ...(plan?.entries ?? []),
    ...(await publicationChecks(deps.config, registry, caller.org.id, run.projectId)),
  ];
  if (plan && version === null) {
    extra.push({
      id: 'version_required',
      label: 'A version to publish',
      status: 'fail',
      detail: 'No version was given and none could be proposed (see version_proposal): give one in `version`.',
    });
  }
  const changelog = plan ? changelogBody(plan.proposal.changelog) : '';
  const { version: _given, ...rest } = input;
  return await recordPublishingAction(
    deps,
    caller,
    { ...rest, registry, ...(version ? { version } : {}) },
    'publish',
    extra,
    (attributes) =>
      saveQueuedAction(
        deps,
        changelog ? { ...attributes, providerResult: { ...(attributes.providerResult ?? {}), changelog } } : attributes,
        findLive,
      ),
  );
}
