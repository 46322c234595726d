import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findProject } from '../projects/find-project.ts';
import { findRun } from '../runs/find-run.ts';
import { defaultVersion } from './checklist.ts';
import { recordPublishingAction, type PublishingRequest } from './record-publishing-action.ts';
import { planVersion } from './version-plan.ts';

/**
 * A publishing dry-run: the checks of the run, its artifact, names and the registry connection,
 * the real package check (packed, installed offline into a clean project or venv, imported and
 * type-checked: package-checks.ts) and, for SDK registries, the next version proposed from the
 * compatibility diff against the shipped SDK with its CHANGELOG entry (version-plan.ts, the same
 * plan a publish request uses). Without a version in the request the proposal is the version
 * checked and recorded. Answered in the request (the contract's 200 with ready or blocked); the
 * heavy work runs in child processes, never on the event loop.
 */
export async function publishDryRun(deps: Deps, caller: Caller, input: PublishingRequest) {
  const registry = input.registry ?? 'npm';
  if (registry === 'docs') return await recordPublishingAction(deps, caller, input, 'dry_run', []);
  const run = await findRun(caller.org.id, input.runId);
  // Without a version in the request, the project's settings may name the one to publish.
  const requested = input.version ?? defaultVersion(await findProject(caller.org.id, run.projectId), registry);
  const plan = await planVersion(run, registry, requested);
  return await recordPublishingAction(
    deps,
    caller,
    { ...input, ...(plan.version !== undefined ? { version: plan.version } : {}) },
    'dry_run',
    plan.entries,
  );
}
