import { Artifact, RunInput } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import type { CompatReport } from '../../../workers/for-api.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findRun } from '../runs/find-run.ts';
import { REGISTRY_ARTIFACT, type Registry } from './checklist.ts';
import { artifactFileText } from './package-checks.ts';
import { compareVersions, proposeVersion, shippedVersion, type VersionProposal } from './propose-version.ts';
import { recordPublishingAction, type PublishingRequest } from './record-publishing-action.ts';

const live = (artifact: Artifact | null): artifact is Artifact => !!artifact?.content && artifact.expiresAt.getTime() > Date.now();

/** The version the run's generated package carries (package.json or pyproject.toml of the SDK artifact). */
async function packageVersion(runId: string, registry: Registry): Promise<string | undefined> {
  const artifact = await Artifact.findOne({ where: { runId, kind: REGISTRY_ARTIFACT[registry] } });
  if (!live(artifact)) return undefined;
  if (registry === 'pypi') {
    const pyproject = await artifactFileText(artifact, 'pyproject.toml');
    return pyproject ? /^version = "([^"\n]+)"$/m.exec(pyproject)?.[1] : undefined;
  }
  const manifest = await artifactFileText(artifact, 'package.json');
  try {
    const version = manifest ? (JSON.parse(manifest) as { version?: unknown }).version : undefined;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The run's SDK compatibility diff (the compat_diff step's report), if it made one. */
async function sdkDiff(runId: string) {
  const artifact = await Artifact.findOne({ where: { runId, kind: 'compat_diff' } });
  if (!live(artifact)) return undefined;
  const text = await artifactFileText(artifact, 'compat-diff.json');
  try {
    return text ? (JSON.parse(text) as CompatReport).sdk : undefined;
  } catch {
    return undefined;
  }
}

/** The checklist entries of the version proposal: where it came from, the CHANGELOG entry, and the requested version against it. */
function versionEntries(proposal: VersionProposal, requested: string | undefined): ChecklistEntry[] {
  const entries: ChecklistEntry[] = [
    {
      id: 'version_proposal',
      label: 'Next version, proposed from the compatibility diff against the shipped SDK',
      status: proposal.version === undefined ? 'warn' : 'pass',
      detail: `${proposal.version ?? 'No version proposed'}. ${proposal.source}`,
    },
  ];
  if (proposal.changelog) entries.push({ id: 'changelog', label: 'CHANGELOG entry, written from the same diff', status: 'pass', detail: proposal.changelog });
  if (requested !== undefined && proposal.version !== undefined && requested !== proposal.version) {
    const shipped = proposal.base?.version;
    if (shipped !== undefined && compareVersions(requested, shipped) <= 0) {
      entries.push({ id: 'version_order', label: 'The version is newer than the shipped one', status: 'fail', detail: `${requested} is not newer than the shipped ${shipped}; registries refuse a version twice and users would not get the update. Use ${proposal.version}.` });
    } else if (compareVersions(requested, proposal.version) < 0) {
      entries.push({
        id: 'version_order',
        label: 'The version matches what the diff changes',
        status: 'fail',
        detail: `${requested} is below the proposed ${proposal.version}: the diff needs a ${proposal.bump} release (${proposal.reason}), and users on ^${shipped ?? requested} would receive these changes without being told. Use ${proposal.version} or higher.`,
      });
    } else {
      entries.push({ id: 'version_order', label: 'The version matches what the diff changes', status: 'pass', detail: `${requested} is at or above the proposed ${proposal.version}.` });
    }
  }
  return entries;
}

/**
 * A publishing dry-run: the checks of the run, its artifact, names and the registry connection,
 * the real package check (packed, installed offline into a clean project or venv, imported and
 * type-checked: package-checks.ts) and, for SDK registries, the next version proposed from the
 * compatibility diff against the shipped SDK with its CHANGELOG entry. Without a version in the
 * request the proposal is the version checked and recorded. Answered in the request (the contract's
 * 200 with ready or blocked); the heavy work runs in child processes, never on the event loop.
 */
export async function publishDryRun(deps: Deps, caller: Caller, input: PublishingRequest) {
  const registry = input.registry ?? 'npm';
  if (registry === 'docs') return await recordPublishingAction(deps, caller, input, 'dry_run', []);
  const run = await findRun(caller.org.id, input.runId);
  const [diff, own, stored] = await Promise.all([
    sdkDiff(run.id),
    packageVersion(run.id, registry),
    run.inputId ? RunInput.findByPk(run.inputId, { attributes: ['oldSdkText'] }) : null,
  ]);
  const proposal = proposeVersion({ diff, shipped: shippedVersion(stored?.oldSdkText), packageVersion: own });
  const version = input.version ?? proposal.version;
  return await recordPublishingAction(deps, caller, { ...input, ...(version !== undefined ? { version } : {}) }, 'dry_run', versionEntries(proposal, input.version));
}
