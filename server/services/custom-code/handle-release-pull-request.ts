import { Op, QueryTypes } from 'sequelize';
import { ProjectRepository, PublishingAction } from '../../../db/models/index.ts';
import type { Deps } from '../deps.ts';

/** A GitHub pull_request event, the fields read. */
export interface PullRequestEvent {
  action?: unknown;
  repository?: { full_name?: unknown };
  pull_request?: { number?: unknown; merged?: unknown; merge_commit_sha?: unknown; head?: { ref?: unknown } };
}

export interface ReleaseMergeOutcome {
  received: true;
  /** The release pull request was merged (true) or closed without merging (false); null: not about it. */
  merged: boolean | null;
  /** The event was already handled (a redelivery): nothing changed. */
  duplicate: boolean;
  /** Publish actions now `published` (the publish to github the pull request came from). */
  published: string[];
  /** npm and PyPI publishes that waited for the merge, queued again. */
  released: string[];
  /** Actions that waited and now end `canceled` (closed without merging). */
  canceled: string[];
  reason: string;
}

/**
 * A verified `pull_request` event of the project's SDK repository. When the release pull request
 * (the connection's `pullRequest`) is closed: merged, the publish to `github` it came from is
 * `published` (merging is the approval) and the npm/PyPI publishes of its run that waited are queued
 * again, each with its job; closed without merging, everything that waited for it ends `canceled`.
 * Once: the connection's row is locked and the pull request's state recorded in the same
 * transaction, so a redelivery (or two racing deliveries) changes nothing the second time.
 */
export async function handleReleasePullRequest(
  deps: Deps,
  projectId: string,
  event: PullRequestEvent,
): Promise<ReleaseMergeOutcome> {
  const outcome = (reason: string, extra: Partial<ReleaseMergeOutcome> = {}): ReleaseMergeOutcome => ({
    received: true,
    merged: null,
    duplicate: false,
    published: [],
    released: [],
    canceled: [],
    reason,
    ...extra,
  });
  if (event.action !== 'closed') return outcome(`pull_request ${String(event.action ?? 'event')} ignored`);
  const number = event.pull_request?.number;
  const merged = event.pull_request?.merged === true;
  return await deps.db.sequelize.transaction(async (transaction) => {
    // The lock orders deliveries of one project: the second sees the state the first recorded.
    await deps.db.sequelize.query('SELECT 1 FROM project_repositories WHERE project_id = $1 FOR UPDATE', {
      bind: [projectId],
      type: QueryTypes.SELECT,
      transaction,
    });
    const connection = await ProjectRepository.findByPk(projectId, { transaction });
    const pull = connection?.pullRequest;
    const repository = typeof event.repository?.full_name === 'string' ? event.repository.full_name : '';
    if (!connection || repository.toLowerCase() !== connection.sdkRepository?.toLowerCase())
      return outcome(`a pull request of ${repository || 'another repository'}, not of the SDK repository: ignored`);
    if (!pull || pull.number !== number)
      return outcome(`pull request #${String(number)} is not the release pull request: ignored`);
    if ((pull.state ?? 'open') !== 'open')
      return outcome(`the release pull request #${pull.number} was already ${pull.state}`, {
        merged: pull.state === 'merged',
        duplicate: true,
      });
    const now = new Date();
    await connection.update(
      { pullRequest: { ...pull, state: merged ? 'merged' : 'closed', closedAt: now.toISOString() } },
      { transaction },
    );
    const waiting = await PublishingAction.findAll({
      where: {
        projectId,
        state: 'awaiting_merge',
        ...(merged ? { runId: pull.runId } : {}),
      },
      order: [['createdAt', 'ASC']],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const result = outcome(
      merged
        ? `the release pull request #${pull.number} was merged: release ${pull.version} of run ${pull.runId} is approved`
        : `the release pull request #${pull.number} was closed without merging: nothing waiting for it is published`,
      { merged },
    );
    const mergeCommit =
      typeof event.pull_request?.merge_commit_sha === 'string' ? event.pull_request.merge_commit_sha : undefined;
    for (const row of waiting) {
      const previous = row.providerResult ?? {};
      const target = { ...((previous.target as Record<string, unknown> | undefined) ?? {}) };
      if (!merged) {
        const message = `The release pull request #${pull.number} was closed without merging: nothing was published.`;
        await row.update(
          {
            state: 'canceled',
            status: 'blocked',
            providerResult: {
              ...previous,
              state: 'canceled',
              summary: message,
              error: { code: 'pull_request_closed', message },
            },
          },
          { transaction },
        );
        result.canceled.push(row.id);
      } else if (row.registry === 'github') {
        await row.update(
          {
            state: 'published',
            publishedAt: now,
            providerResult: {
              ...previous,
              state: 'published',
              publishedAt: now.toISOString(),
              summary: `Pull request #${pull.number} (Release ${row.version ?? pull.version}) was merged: the release is approved.`,
              target: { ...target, merged: true, ...(mergeCommit ? { mergeCommit } : {}) },
            },
          },
          { transaction },
        );
        result.published.push(row.id);
      } else {
        const jobId = await deps.queue.enqueuePublish({ actionId: row.id, orgId: row.orgId }, transaction);
        await row.update(
          {
            state: 'queued',
            jobId,
            providerResult: {
              ...previous,
              state: 'queued',
              summary: `Queued: the release pull request #${pull.number} was merged; a worker will publish ${row.packageName ?? ''}${row.version ? `@${row.version}` : ''} to ${row.registry}.`,
            },
          },
          { transaction },
        );
        result.released.push(row.id);
      }
    }
    // Registry publishes of other runs cannot wait for this pull request any more.
    if (merged) {
      const stale = await PublishingAction.findAll({
        where: { projectId, state: 'awaiting_merge', runId: { [Op.ne]: pull.runId } },
        transaction,
      });
      for (const row of stale) {
        const message = `The release pull request #${pull.number} was merged with run ${pull.runId}, not this run: nothing was published.`;
        await row.update(
          {
            state: 'canceled',
            status: 'blocked',
            providerResult: {
              ...(row.providerResult ?? {}),
              state: 'canceled',
              summary: message,
              error: { code: 'release_superseded', message },
            },
          },
          { transaction },
        );
        result.canceled.push(row.id);
      }
    }
    return result;
  });
}
