import type { CreationAttributes } from 'sequelize';
import { Artifact, PublishingAction } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import { newId } from '../../../shared/ids.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findProject } from '../projects/find-project.ts';
import { findRun } from '../runs/find-run.ts';
import { toRun } from '../runs/serialize.ts';
import {
  defaultPackageName,
  defaultVersion,
  publishChecklist,
  publishedArtifact,
  REGISTRY_ARTIFACT,
  type Registry,
  slugPackageName,
} from './checklist.ts';
import { artifactFileText, goModuleCheck, npmPackageCheck, pythonPackageCheck } from './package-checks.ts';
import { toPublishingAction } from './serialize.ts';

export interface PublishingRequest {
  runId: string;
  registry?: Registry;
  packageName?: string;
  version?: string;
  notes?: string;
}

/** The name in the run's generated package (package.json, pyproject.toml), when the artifact is kept. */
async function nameInPackage(runId: string, registry: Registry): Promise<string | undefined> {
  if (registry !== 'npm' && registry !== 'pypi') return undefined;
  const artifact = await Artifact.findOne({ where: { runId, kind: REGISTRY_ARTIFACT[registry] } });
  if (!artifact?.objectKey || artifact.expiresAt.getTime() <= Date.now()) return undefined;
  if (registry === 'npm') {
    const manifest = await artifactFileText(artifact, 'package.json');
    try {
      const name = manifest === undefined ? undefined : (JSON.parse(manifest) as { name?: unknown }).name;
      return typeof name === 'string' && name !== '' ? name : undefined;
    } catch {
      return undefined;
    }
  }
  const pyproject = await artifactFileText(artifact, 'pyproject.toml');
  return pyproject === undefined ? undefined : /^name\s*=\s*"([^"]+)"/m.exec(pyproject)?.[1];
}

/** Uses the package the registry would receive as its users will (package-checks.ts), when the artifact is there. */
async function packageChecks(
  deps: Deps,
  registry: Registry,
  runId: string,
  packageName: string,
  version: string | undefined,
) {
  if (registry === 'docs') return [];
  const kind = publishedArtifact(registry, packageName);
  const artifact = await Artifact.findOne({ where: { runId, kind } });
  if (!artifact?.objectKey || artifact.expiresAt.getTime() <= Date.now()) return [];
  if (kind === 'go_sdk') {
    const { remoteBase, token } = deps.config.publishing.github;
    return await goModuleCheck(artifact, { modulePath: packageName, version, remoteBase, token });
  }
  return [
    registry === 'pypi'
      ? await pythonPackageCheck(artifact, { packageName, version })
      : await npmPackageCheck(artifact, { packageName: registry === 'npm' ? packageName : undefined, version }),
  ];
}

/**
 * Runs the publishing checks for a run and records the action. `ready` only when no check
 * fails; `extraChecks` adds what a publish request needs beyond a dry-run.
 */
export async function recordPublishingAction(
  deps: Deps,
  caller: Caller,
  input: PublishingRequest,
  action: 'dry_run' | 'publish',
  extraChecks: ChecklistEntry[],
  /** How the row is saved (a publish that passed its checks is saved with its job, once). */
  persist: (attributes: CreationAttributes<PublishingAction>) => Promise<PublishingAction> = (attributes) =>
    PublishingAction.create(attributes),
) {
  const run = await findRun(caller.org.id, input.runId);
  const project = await findProject(caller.org.id, run.projectId);
  const registry = input.registry ?? 'npm';
  const artifacts = await Artifact.findAll({ where: { runId: run.id } });
  const packageName =
    input.packageName ??
    defaultPackageName(project, registry, run) ??
    (await nameInPackage(run.id, registry)) ??
    slugPackageName(project, registry);
  const version = input.version ?? defaultVersion(project, registry);
  const checklist = [
    ...publishChecklist({
      registry,
      run,
      project,
      artifacts,
      packageName,
      version,
      registryConnected: deps.config.publishing.connected[registry],
    }),
    ...(await packageChecks(deps, registry, run.id, packageName, version)),
    ...extraChecks,
  ];
  const status = checklist.some((c) => c.status === 'fail') ? 'blocked' : 'ready';
  const failed = checklist.filter((c) => c.status === 'fail').map((c) => c.id);
  const row = await persist({
    id: newId('pub'),
    orgId: caller.org.id,
    projectId: project.id,
    runId: run.id,
    createdByUserId: caller.user.id,
    registry,
    action,
    status,
    packageName,
    version: version ?? null,
    notes: input.notes ?? null,
    checklist,
    providerResult: {
      provider: registry,
      mode: action,
      status,
      checkedAt: new Date().toISOString(),
      packageName,
      summary:
        status === 'ready' ? `All ${checklist.length} checks passed or warned.` : `Blocked by: ${failed.join(', ')}.`,
      checks: checklist,
      target: { registry, packageName, ...(version ? { version } : {}) },
    },
  });
  return { run: toRun(run), publishAction: toPublishingAction(row) };
}
