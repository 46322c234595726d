import { QueryTypes } from 'sequelize';
import { DocsShare, PublishingAction } from '../../../db/models/index.ts';
import { AppError } from '../../../shared/errors.ts';
import { newId } from '../../../shared/ids.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { toPublishingAction } from '../publishing/serialize.ts';
import { findRun } from '../runs/find-run.ts';
import { toRun } from '../runs/serialize.ts';

/** Where a share is served (public, noindex): a service-managed subpath. */
export function previewUrl(baseUrl: string, shareId: string): string {
  return `${baseUrl.replace(/\/$/, '')}/docs-preview/${shareId}/`;
}

/**
 * Publishes (or reuses) the hosted preview of a run's generated docs. 422 when the run has no
 * docs artifact, 410 when it expired. The same run always gets the same publication.
 */
export async function publishDocsPreview(deps: Deps, caller: Caller, runId: string, baseUrl: string) {
  return await deps.db.sequelize.transaction(async (transaction) => {
    const run = await findRun(caller.org.id, runId, { transaction, lock: true });
    const [docs] = await deps.db.sequelize.query<{ id: string; expires_at: Date; present: boolean }>(
      `SELECT id, expires_at, object_key IS NOT NULL AS present FROM artifacts WHERE run_id = $1 AND kind = 'docs'`,
      { bind: [run.id], type: QueryTypes.SELECT, transaction },
    );
    if (!docs) {
      const step = run.steps.find((s) => s.name === 'docs');
      throw new AppError(
        'run_not_ready',
        `Run ${run.id} has no docs to publish (docs step: ${step?.status ?? 'unknown'}${step?.summary ? `, ${step.summary}` : ''}).`,
      );
    }
    if (!docs.present || docs.expires_at.getTime() <= Date.now()) {
      throw new AppError(
        'artifact_expired',
        `The docs of run ${run.id} expired at ${docs.expires_at.toISOString()}; retry the run to regenerate them.`,
      );
    }
    let share = await DocsShare.findOne({ where: { runId: run.id }, transaction });
    let action: PublishingAction | null = share
      ? await PublishingAction.findByPk(share.publishingActionId, { transaction })
      : null;
    if (!share || !action) {
      const checklist = [
        {
          id: 'docs_artifact',
          label: 'Generated docs to publish',
          status: 'pass' as const,
          detail: `Artifact ${docs.id}, until ${docs.expires_at.toISOString()}.`,
        },
        {
          id: 'noindex',
          label: 'Kept out of search engines',
          status: 'pass' as const,
          detail: 'X-Robots-Tag: noindex, nofollow on every response until indexability is approved.',
        },
      ];
      const shareId = newId('share');
      action = await PublishingAction.create(
        {
          id: newId('pub'),
          orgId: caller.org.id,
          projectId: run.projectId,
          runId: run.id,
          createdByUserId: caller.user.id,
          registry: 'docs',
          action: 'share_preview',
          status: 'ready',
          packageName: null,
          version: null,
          notes: null,
          checklist,
          providerResult: {
            provider: 'docs',
            status: 'ready',
            checkedAt: new Date().toISOString(),
            summary: 'Published to a service-managed subpath (noindex).',
            checks: checklist,
            target: { url: previewUrl(baseUrl, shareId) },
          },
        },
        { transaction },
      );
      share = await DocsShare.create(
        {
          id: shareId,
          orgId: caller.org.id,
          projectId: run.projectId,
          runId: run.id,
          artifactId: docs.id,
          publishingActionId: action.id,
          expiresAt: docs.expires_at,
        },
        { transaction },
      );
    }
    return {
      run: toRun(run),
      publishAction: toPublishingAction(action),
      publication: {
        id: share.id,
        url: previewUrl(baseUrl, share.id),
        mode: 'preview' as const,
        indexability: 'noindex_until_policy_approved' as const,
        noindex: true,
        expiresAt: share.expiresAt.toISOString(),
        createdAt: share.createdAt.toISOString(),
      },
    };
  });
}
