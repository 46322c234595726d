import { Op } from 'sequelize';
import { ProjectRepository, PublishingAction } from '../../db/models/index.ts';

/**
 * "Merging the release pull request is the approval; then the registries publish"
 * (docs/custom-code-and-release-prs.md). An npm or PyPI publish of a run whose release pull request
 * is open, or is being opened (a publish of the run to `github` is queued or running on a project
 * with a connected SDK repository), is parked `awaiting_merge` instead of publishing: the SDK
 * repository's pull_request webhook queues it again when the pull request is merged, or cancels it
 * when it is closed unmerged (server/services/custom-code/handle-release-pull-request.ts).
 * Returns whether the action was parked (it was `publishing`, claimed by this job).
 */
export async function awaitReleaseMerge(action: PublishingAction): Promise<boolean> {
  if (action.action !== 'publish' || (action.registry !== 'npm' && action.registry !== 'pypi')) return false;
  const connection = await ProjectRepository.findOne({ where: { projectId: action.projectId } });
  if (!connection?.sdkRepository) return false;
  const pull = connection.pullRequest;
  const open = pull && pull.runId === action.runId && (pull.state ?? 'open') === 'open';
  const opening = open
    ? null
    : await PublishingAction.findOne({
        where: {
          runId: action.runId,
          registry: 'github',
          action: 'publish',
          state: { [Op.in]: ['queued', 'publishing'] },
          id: { [Op.ne]: action.id },
        },
        attributes: ['id'],
      });
  if (!open && !opening) return false;
  const summary = open
    ? `Waits for the release pull request #${pull.number} to be merged: merging it approves the release, then ${action.registry} publishes.`
    : `Waits for the release pull request this run's publish to github is opening to be merged; then ${action.registry} publishes.`;
  const [count] = await PublishingAction.update(
    {
      state: 'awaiting_merge',
      providerResult: {
        ...(action.providerResult ?? {}),
        state: 'awaiting_merge',
        summary,
        target: {
          ...((action.providerResult?.target as Record<string, unknown> | undefined) ?? {}),
          ...(open ? { pullRequest: pull.number, pullRequestUrl: pull.url } : {}),
        },
      },
    },
    { where: { id: action.id, state: 'publishing' } },
  );
  return count > 0;
}
