import { Op } from 'sequelize';
import { PublishingAction } from '../../../db/models/index.ts';
import type { ChecklistEntry } from '../../../db/models/publishing-action.ts';
import { newId } from '../../../shared/ids.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { findRun } from '../runs/find-run.ts';
import { toRun } from '../runs/serialize.ts';
import type { Registry } from './checklist.ts';
import { publicationChecks } from './publication-checks.ts';
import { saveQueuedAction } from './save-queued-action.ts';
import { toPublishingAction } from './serialize.ts';
import { isValidVersion } from './version-syntax.ts';

export interface RollbackRequest {
  runId: string;
  registry?: Registry;
  packageName?: string;
  version?: string;
  notes?: string;
}

/** The next patch version after `version` (1.4.2 → 1.4.3; a pre-release or suffix is dropped). */
function nextPatch(version: string): string {
  const [major = '0', minor = '0', patch = '0'] = version.split(/[-+a-z]/i)[0]!.split('.');
  return `${major}.${minor}.${Number(patch) + 1}`;
}

/**
 * `POST /runs/{runId}/publish/rollback`: undoes the run's live publication on a registry by
 * restoring the one before it (same project, registry and package). npm: `latest` moves back to
 * the previous version. docs: the domain serves the previous published run again. github and
 * pypi, where a published version cannot be taken back: a new version (given, or the next patch)
 * carrying the previous publication's tree. Blocked like a publish until approved and connected.
 */
export async function requestRollback(deps: Deps, caller: Caller, input: RollbackRequest) {
  const run = await findRun(caller.org.id, input.runId);
  const registry = input.registry ?? 'npm';
  const current = await PublishingAction.findOne({
    where: {
      orgId: caller.org.id,
      runId: run.id,
      registry,
      action: 'publish',
      state: 'published',
      ...(input.packageName ? { packageName: input.packageName } : {}),
    },
    order: [['publishedAt', 'DESC']],
  });
  const previous = current
    ? await PublishingAction.findOne({
        where: {
          orgId: caller.org.id,
          registry,
          action: 'publish',
          state: 'published',
          // A package (npm, pypi) or repository (github) is the same one from any project of the
          // workspace; docs belong to the project (its domains).
          ...(registry === 'docs' ? { projectId: run.projectId } : { packageName: current.packageName }),
          id: { [Op.ne]: current.id },
          publishedAt: { [Op.lt]: current.publishedAt! },
        },
        order: [['publishedAt', 'DESC']],
      })
    : null;
  const restoresNewVersion = registry === 'github' || registry === 'pypi';
  const version =
    registry === 'docs'
      ? null
      : restoresNewVersion
        ? (input.version ?? (current?.version ? nextPatch(current.version) : null))
        : (previous?.version ?? null);
  const checklist: ChecklistEntry[] = [
    {
      id: 'current_publication',
      label: `A live ${registry} publication of this run`,
      status: current ? 'pass' : 'fail',
      detail: current
        ? `${current.packageName}${current.version ? `@${current.version}` : ''}, published ${current.publishedAt?.toISOString()} (${current.id}).`
        : `Run ${run.id} has no published ${registry} publication to roll back.`,
    },
    {
      id: 'previous_publication',
      label: 'An earlier publication to restore',
      status: previous ? 'pass' : 'fail',
      detail: previous
        ? `Run ${previous.runId}: ${previous.packageName}${previous.version ? `@${previous.version}` : ''} (${previous.id}).`
        : 'Nothing was published to this registry for this package before it.',
    },
    ...(restoresNewVersion
      ? [
          {
            id: 'version',
            label: 'The new version that carries the restored tree',
            status: version && isValidVersion(registry, version) ? ('pass' as const) : ('fail' as const),
            detail: version
              ? `${version}${input.version ? '' : ' (the next patch after the current version)'}`
              : 'No version given and none to derive.',
          },
        ]
      : []),
    {
      id: 'registry_connection',
      label: `A ${registry} connection`,
      status: deps.config.publishing.connected[registry] ? 'pass' : 'fail',
      detail: deps.config.publishing.connected[registry]
        ? `A ${registry} connection is configured.`
        : `No ${registry} connection is configured (docs/publishing.md).`,
    },
    // A docs rollback only changes which published run the domains serve: no domain check.
    ...(await publicationChecks(deps.config, registry, caller.org.id, run.projectId)).filter(
      (c) => c.id !== 'docs_domain',
    ),
  ];
  const status = checklist.some((c) => c.status === 'fail') ? 'blocked' : 'ready';
  const packageName = current?.packageName ?? input.packageName ?? null;
  const findLive = () =>
    PublishingAction.findOne({
      where: { rollbackOf: current?.id ?? '', action: 'rollback', state: ['queued', 'publishing', 'published'] },
    });
  if (current) {
    const live = await findLive();
    if (live) return { run: toRun(run), publishAction: toPublishingAction(live) };
  }
  const failed = checklist.filter((c) => c.status === 'fail').map((c) => c.id);
  const row = await saveQueuedAction(
    deps,
    {
      id: newId('pub'),
      orgId: caller.org.id,
      projectId: run.projectId,
      runId: run.id,
      createdByUserId: caller.user.id,
      registry,
      action: 'rollback',
      status,
      packageName,
      version,
      notes: input.notes ?? null,
      checklist,
      rollbackOf: status === 'ready' ? current!.id : null,
      restores: status === 'ready' ? previous!.id : null,
      providerResult: {
        provider: registry,
        mode: 'rollback',
        status,
        checkedAt: new Date().toISOString(),
        ...(packageName ? { packageName } : {}),
        summary:
          status === 'ready'
            ? `Rolls back ${current!.version ?? current!.runId} to ${previous!.version ?? previous!.runId}.`
            : `Blocked by: ${failed.join(', ')}.`,
        checks: checklist,
        target: {
          registry,
          ...(packageName ? { packageName } : {}),
          ...(version ? { version } : {}),
          ...(current ? { rollsBack: current.id } : {}),
          ...(previous ? { restores: previous.id } : {}),
        },
      },
    },
    findLive,
  );
  return { run: toRun(run), publishAction: toPublishingAction(row) };
}
