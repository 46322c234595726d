import { Artifact, RunInput, type Run } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import type { CompatReport } from '../../../workers/for-api.ts';
import { REGISTRY_ARTIFACT, type Registry } from './checklist.ts';
import { artifactFileText } from './package-checks.ts';
import { compareVersions, proposeVersion, shippedVersion, type VersionProposal } from './propose-version.ts';
import { isValidVersion } from './version-syntax.ts';

const live = (artifact: Artifact | null): artifact is Artifact =>
  !!artifact?.objectKey && artifact.expiresAt.getTime() > Date.now();

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
function versionEntries(proposal: VersionProposal, requested: string | undefined, valid: boolean): ChecklistEntry[] {
  const entries: ChecklistEntry[] = [
    {
      id: 'version_proposal',
      label: 'Next version, proposed from the compatibility diff against the shipped SDK',
      status: proposal.version === undefined ? 'warn' : 'pass',
      detail: `${proposal.version ?? 'No version proposed'}. ${proposal.source}`,
    },
  ];
  if (proposal.changelog)
    entries.push({
      id: 'changelog',
      label: 'CHANGELOG entry, written from the same diff',
      status: 'pass',
      detail: proposal.changelog,
    });
  // An invalid requested version is the `version` check's failure: there is no order to compare.
  if (requested !== undefined && valid && proposal.version !== undefined && requested !== proposal.version) {
    const shipped = proposal.base?.version;
    if (shipped !== undefined && compareVersions(requested, shipped) <= 0) {
      entries.push({
        id: 'version_order',
        label: 'The version is newer than the shipped one',
        status: 'fail',
        detail: `${requested} is not newer than the shipped ${shipped}; registries refuse a version twice and users would not get the update. Use ${proposal.version}.`,
      });
    } else if (compareVersions(requested, proposal.version) < 0) {
      entries.push({
        id: 'version_order',
        label: 'The version matches what the diff changes',
        status: 'fail',
        detail: `${requested} is below the proposed ${proposal.version}: the diff needs a ${proposal.bump} release (${proposal.reason}), and users on ^${shipped ?? requested} would receive these changes without being told. Use ${proposal.version} or higher.`,
      });
    } else {
      entries.push({
        id: 'version_order',
        label: 'The version matches what the diff changes',
        status: 'pass',
        detail: `${requested} is at or above the proposed ${proposal.version}.`,
      });
    }
  }
  return entries;
}

/** The CHANGELOG entry of the proposal without its `## <version>` heading (the publisher writes its own, with the version published). */
export function changelogBody(changelog: string): string {
  return changelog.replace(/^## [^\n]*\n+/, '').trim();
}

export interface VersionPlan {
  proposal: VersionProposal;
  /** The requested version, else the proposed one (undefined when neither exists). */
  version: string | undefined;
  /** version_proposal, changelog and (for a requested version) version_order. */
  entries: ChecklistEntry[];
}

/**
 * The version a dry-run or a publish of an SDK registry uses, one for both: the version asked for,
 * or the one proposed from the run's compatibility diff against the shipped SDK (propose-version.ts);
 * and the checks of a requested version against the shipped one and the proposal.
 */
export async function planVersion(
  run: Run,
  registry: Exclude<Registry, 'docs'>,
  requested: string | undefined,
): Promise<VersionPlan> {
  const [diff, own, stored] = await Promise.all([
    sdkDiff(run.id),
    packageVersion(run.id, registry),
    run.inputId ? RunInput.findByPk(run.inputId).then((row) => row?.readTexts()) : undefined,
  ]);
  const proposal = proposeVersion({ diff, shipped: shippedVersion(stored?.oldSdkText), packageVersion: own });
  return {
    proposal,
    version: requested ?? proposal.version,
    entries: versionEntries(proposal, requested, requested === undefined || isValidVersion(registry, requested)),
  };
}
