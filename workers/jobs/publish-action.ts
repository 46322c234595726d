import type { Job } from 'pg-boss';
import { Op, QueryTypes, type WhereOptions } from 'sequelize';
import {
  Artifact,
  DocsDomain,
  ProjectRepository,
  PublishingAction,
  Run,
  RunInput,
  SdkGeneration,
} from '../../db/models/index.ts';
import { readCustomCodePaths } from '../generators/custom-code/custom-code-paths.ts';
import { generationTree } from '../pipeline/custom-code/load-carry-sources.ts';
import { releasePullRequest } from '../publishing/release-pull-request.ts';
import type { ArtifactKind } from '../../shared/enums.ts';
import { isAppError } from '../../shared/errors.ts';
import type { PublishJobData } from '../../shared/jobs.ts';
import { unpackArtifact } from '../pipeline/unpack-artifact.ts';
import { isGoModuleName, parseGoModulePath } from '../../shared/go-module-path.ts';
import { gitPublish } from '../publishing/git-publish.ts';
import { prepareGoModule } from '../publishing/go-module.ts';
import { npmDistTag } from '../publishing/npm-dist-tag.ts';
import { npmPublish } from '../publishing/npm-publish.ts';
import { failure, type PublishOutcome } from '../publishing/outcome.ts';
import { pypiUpload } from '../publishing/pypi-upload.ts';
import type { WorkerDeps } from '../worker-deps.ts';
import { awaitReleaseMerge } from './await-release-merge.ts';

const ARTIFACT_OF: Record<PublishingAction['registry'], ArtifactKind> = {
  npm: 'typescript_sdk',
  github: 'typescript_sdk',
  pypi: 'python_sdk',
  docs: 'docs',
};

/**
 * Carries out one queued publish or rollback. The row is claimed (`queued`/`publishing` →
 * `publishing`, attempts + 1) so a finished action is never written twice; a retried attempt
 * (attempts > 1: the previous worker died mid-write) first asks the registry whether the write
 * already happened. A registry refusal (401, 403, version exists, unreachable, timeout) ends the
 * action `failed` with the registry's status and code and is not retried; only a fault of ours
 * throws, for pg-boss to retry.
 */
export async function handlePublishJob(deps: WorkerDeps, job: Job<PublishJobData>): Promise<void> {
  const [claimed] = await deps.db.sequelize.query<{ attempts: number }>(
    `UPDATE publishing_actions SET state = 'publishing', attempts = attempts + 1, updated_at = now()
      WHERE id = $1 AND org_id = $2 AND state IN ('queued', 'publishing') RETURNING attempts`,
    { bind: [job.data.actionId, job.data.orgId], type: QueryTypes.SELECT },
  );
  if (!claimed) return; // published, failed or rolled back already: nothing to do
  const action = await PublishingAction.findByPk(job.data.actionId);
  if (!action) return;
  const resumed = claimed.attempts > 1;
  if (await awaitReleaseMerge(action)) {
    deps.logger.info(
      { actionId: action.id, registry: action.registry },
      'publishing action waits for the release merge',
    );
    return;
  }
  deps.logger.info(
    { actionId: action.id, registry: action.registry, action: action.action, attempt: claimed.attempts },
    'publishing action started',
  );
  const outcome =
    action.action === 'rollback'
      ? await rollback(deps, action, resumed)
      : await publish(deps, action, action.runId, action.version ?? '', resumed, changelogOf(action));
  await finish(deps, action, outcome);
  // A published SDK is what the customer received: the base of the project's next merge.
  const language =
    action.registry === 'pypi'
      ? 'python'
      : action.registry === 'docs'
        ? undefined
        : goModule(action)
          ? 'go'
          : 'typescript';
  if (outcome.ok && action.action === 'publish' && language)
    await SdkGeneration.markReceived(action.runId, language, 'publish');
  deps.logger.info({ actionId: action.id, ok: outcome.ok, code: outcome.error?.code }, 'publishing action finished');
}

/**
 * The CHANGELOG entry of a publish (Markdown, without its heading): the run and the request's notes,
 * then the entry the request wrote from the compatibility diff (`providerResult.changelog`:
 * "### Breaking changes", "### Added", one line per change).
 */
function changelogOf(action: PublishingAction): string {
  const head = [
    `- Generated from run ${action.runId}.`,
    ...(action.notes ? [`- ${action.notes.replace(/\s+/g, ' ').trim()}`] : []),
  ].join('\n');
  const fromDiff = typeof action.providerResult?.changelog === 'string' ? action.providerResult.changelog.trim() : '';
  if (!fromDiff) return head;
  // A plain list continues the run's list; sections follow it after a blank line.
  return fromDiff.startsWith('- ') ? `${head}\n${fromDiff}` : `${head}\n\n${fromDiff}`;
}

async function artifactFiles(runId: string, kind: ArtifactKind): Promise<Map<string, Buffer> | string> {
  const artifact = await Artifact.findOne({ where: { runId, kind } });
  if (!artifact?.objectKey) return `The run ${runId} has no ${kind} artifact any more (expired or never made).`;
  let bytes: Buffer;
  try {
    bytes = await artifact.readContent();
  } catch (error) {
    // Its object is missing or fails its sha256 check: the publish fails saying so.
    if (isAppError(error)) return error.message;
    throw error;
  }
  try {
    return await unpackArtifact(bytes);
  } catch {
    return `The ${kind} artifact of run ${runId} could not be unpacked.`;
  }
}

/** Publishes the `kind` artifact of `runId` at `version` to the action's registry. */
async function publish(
  deps: WorkerDeps,
  action: PublishingAction,
  runId: string,
  version: string,
  resumed: boolean,
  changelog: string,
): Promise<PublishOutcome> {
  const config = deps.config.publishing;
  const packageName = action.packageName ?? '';
  if (action.registry === 'docs') return await publishDocs(action, runId);
  if (goModule(action)) return await publishGoModule(deps, action, runId, version, resumed, changelog);
  const files = await artifactFiles(runId, ARTIFACT_OF[action.registry]);
  if (typeof files === 'string') return failure('artifact_unavailable', files, { packageName, version });
  switch (action.registry) {
    case 'npm':
      if (!config.npm.token)
        return failure('registry_unauthorized', 'No npm token is configured (PUBLISH_NPM_TOKEN).', {
          packageName,
          version,
        });
      return await npmPublish({
        files,
        packageName,
        version,
        registry: config.npm.registry,
        token: config.npm.token,
        timeoutMs: config.timeoutMs,
        resumed,
        changelog: { entry: changelog, date: action.createdAt },
      });
    case 'pypi':
      if (!config.pypi.token)
        return failure('registry_unauthorized', 'No PyPI token is configured (PUBLISH_PYPI_TOKEN).', {
          packageName,
          version,
        });
      return await pypiUpload({
        files,
        packageName,
        version,
        repositoryUrl: config.pypi.repositoryUrl,
        username: config.pypi.username,
        token: config.pypi.token,
        timeoutMs: config.timeoutMs,
        resumed,
        changelog: { entry: changelog, date: action.createdAt },
      });
    case 'github': {
      // A connected SDK repository gets a release pull request instead of a push to its branch.
      const connection = await ProjectRepository.findOne({ where: { projectId: action.projectId } });
      if (connection?.sdkRepository)
        return await openReleasePullRequest(deps, action, connection, runId, version, changelog);
      return await gitPublish({
        files,
        repository: packageName,
        version,
        ...config.github,
        timeoutMs: config.timeoutMs,
        changelog,
        resumed,
      });
    }
  }
}

/** A `github` publication whose package name is a Go module path (`github.com/acme/petstore-go`). */
function goModule(action: PublishingAction): boolean {
  return action.registry === 'github' && isGoModuleName(action.packageName ?? '');
}

/**
 * A Go module is published by a git tag: the go_sdk tree, moved to the module path it is published
 * as (go.mod and imports; `/vN` from v2), is committed to the repository the path names
 * (`<remoteBase><owner>/<repo>.git`) and tagged `v<version>`, as the github registry does.
 */
async function publishGoModule(
  deps: WorkerDeps,
  action: PublishingAction,
  runId: string,
  version: string,
  resumed: boolean,
  changelog: string,
): Promise<PublishOutcome> {
  const modulePath = action.packageName ?? '';
  const parsed = parseGoModulePath(modulePath);
  if (!parsed)
    return failure('registry_error', `"${modulePath}" is not a Go module path publishing can tag.`, {
      packageName: modulePath,
      version,
    });
  const files = await artifactFiles(runId, 'go_sdk');
  if (typeof files === 'string') return failure('artifact_unavailable', files, { packageName: modulePath, version });
  const moved = prepareGoModule(files, modulePath);
  if (typeof moved === 'string') return failure('artifact_unavailable', moved, { packageName: modulePath, version });
  const config = deps.config.publishing;
  const outcome = await gitPublish({
    files: moved,
    repository: `${parsed.owner}/${parsed.repo}`,
    version,
    ...config.github,
    timeoutMs: config.timeoutMs,
    changelog,
    resumed,
  });
  return { ...outcome, target: { ...outcome.target, module: modulePath, goGet: `go get ${modulePath}@v${version}` } };
}

/**
 * Publishing to `github` with a connected SDK repository: the run's pristine generation goes to
 * the `generated` branch and a release pull request (release-pull-request.ts); the pull request is
 * recorded on the connection, and the generation counts as received (the next merge base).
 */
async function openReleasePullRequest(
  deps: WorkerDeps,
  action: PublishingAction,
  connection: ProjectRepository,
  runId: string,
  version: string,
  changelog: string,
): Promise<PublishOutcome> {
  const generation = await SdkGeneration.findOne({ where: { runId, language: connection.sdkLanguage } });
  if (!generation?.content)
    return failure(
      'artifact_unavailable',
      `The run ${runId} has no ${connection.sdkLanguage} generation to release${generation ? ' any more (pruned by retention)' : ''}.`,
      { runId },
    );
  const run = await Run.findByPk(runId, { attributes: ['inputId'] });
  const inputs = run?.inputId ? await RunInput.findByPk(run.inputId) : null;
  const configText = inputs ? ((await inputs.readTexts().catch(() => undefined))?.configText ?? null) : null;
  const { github, timeoutMs } = deps.config.publishing;
  const outcome = await releasePullRequest({
    files: await generationTree(generation.content),
    language: connection.sdkLanguage,
    repository: connection.sdkRepository ?? '',
    defaultBranch: connection.defaultBranch,
    version,
    runId,
    changelog: fromDiffOf(action) || changelog,
    remoteBase: github.remoteBase,
    apiUrl: github.apiUrl,
    token: github.token,
    authorName: github.authorName,
    authorEmail: github.authorEmail,
    timeoutMs,
    extraPaths: readCustomCodePaths(configText),
  });
  if (outcome.ok && outcome.pullRequest) {
    await SdkGeneration.markReceived(runId, connection.sdkLanguage, 'repository');
    await connection.update({
      pullRequest: { ...outcome.pullRequest, runId, version, updatedAt: new Date().toISOString(), state: 'open' },
    });
    await supersede(action, outcome.pullRequest.number, version);
    // Merging it is the approval: the action waits for the repository's pull_request webhook.
    return {
      ...outcome,
      summary: `${outcome.summary} Merging it approves the release (the SDK repository's pull_request webhook reports the merge).`,
      awaitingMerge: true,
    };
  }
  if (!outcome.ok && (connection.pullRequest?.runId !== runId || connection.pullRequest?.state !== 'open'))
    await cancelAwaiting(
      { runId, registry: { [Op.in]: ['npm', 'pypi'] } },
      'release_not_opened',
      `The release pull request could not be opened (${outcome.summary}), so nothing waits for its merge: request the publish again.`,
    );
  return outcome;
}

/**
 * The one release pull request now carries this run at this version: releases waiting for it
 * with another content (an earlier publish to github, registry publishes of another run) will
 * never be what is merged, so they end `canceled`.
 */
async function supersede(action: PublishingAction, pullRequest: number, version: string): Promise<void> {
  await cancelAwaiting(
    {
      projectId: action.projectId,
      id: { [Op.ne]: action.id },
      [Op.or]: [{ registry: 'github' }, { runId: { [Op.ne]: action.runId } }],
    },
    'release_superseded',
    `Superseded: the release pull request #${pullRequest} now carries run ${action.runId} at ${version}.`,
  );
}

/** Ends the `awaiting_merge` actions matching `where` as `canceled`, with the reason as their error. */
async function cancelAwaiting(where: WhereOptions<PublishingAction>, code: string, message: string): Promise<void> {
  const waiting = await PublishingAction.findAll({ where: { ...where, state: 'awaiting_merge' } });
  for (const row of waiting) {
    await PublishingAction.update(
      {
        state: 'canceled',
        status: 'blocked',
        providerResult: {
          ...(row.providerResult ?? {}),
          state: 'canceled',
          summary: message,
          error: { code, message },
        },
      },
      { where: { id: row.id, state: 'awaiting_merge' } },
    );
  }
}

/** The changelog the request wrote from the compatibility diff (breaking changes first). */
function fromDiffOf(action: PublishingAction): string {
  return typeof action.providerResult?.changelog === 'string' ? action.providerResult.changelog.trim() : '';
}

/** Docs are served by the service itself: publishing checks the site is there and names its URLs. */
async function publishDocs(action: PublishingAction, runId: string): Promise<PublishOutcome> {
  const artifact = await Artifact.findOne({
    where: { runId, kind: 'docs' },
    attributes: ['id', 'fileCount', 'sha256', 'objectKey'],
  });
  const domains = await DocsDomain.findAll({
    where: { orgId: action.orgId, projectId: action.projectId, status: 'verified' },
    order: [['domain', 'ASC']],
  });
  const urls = domains.map((d) => `https://${d.domain}/`);
  if (!artifact?.objectKey)
    return failure('artifact_unavailable', `The run ${runId} has no docs artifact any more.`, { runId, urls });
  return {
    ok: true,
    summary: `The docs of run ${runId} are served at ${urls.join(', ') || 'the project’s verified domains'}.`,
    target: { runId, urls, ...(urls[0] ? { url: urls[0] } : {}), files: artifact.fileCount, sha256: artifact.sha256 },
    registryResponse: { message: 'served by this service' },
  };
}

async function rollback(deps: WorkerDeps, action: PublishingAction, resumed: boolean): Promise<PublishOutcome> {
  const current = action.rollbackOf ? await PublishingAction.findByPk(action.rollbackOf) : null;
  const previous = action.restores ? await PublishingAction.findByPk(action.restores) : null;
  if (!current || !previous)
    return failure('nothing_to_roll_back', 'The publication to roll back or the one to restore is gone.', {});
  const config = deps.config.publishing;
  switch (action.registry) {
    case 'npm':
      if (!config.npm.token)
        return failure('registry_unauthorized', 'No npm token is configured (PUBLISH_NPM_TOKEN).', {});
      return await npmDistTag({
        packageName: previous.packageName ?? '',
        version: previous.version ?? '',
        from: current.version ?? '',
        registry: config.npm.registry,
        token: config.npm.token,
        timeoutMs: config.timeoutMs,
      });
    case 'docs': {
      const outcome = await publishDocs(action, previous.runId);
      return outcome.ok
        ? {
            ...outcome,
            summary: `Rolled back: the domain serves the docs of run ${previous.runId} again instead of run ${current.runId}.`,
            target: { ...outcome.target, rolledBack: current.runId },
          }
        : outcome;
    }
    case 'github':
    case 'pypi': {
      // A published version cannot be taken back here: a new version carries the earlier tree.
      const note = `- Rollback: restores ${previous.version} (run ${previous.runId}), replacing ${current.version} (run ${current.runId}).`;
      const outcome = await publish(deps, action, previous.runId, action.version ?? '', resumed, note);
      return outcome.ok
        ? { ...outcome, target: { ...outcome.target, restores: previous.version, rolledBack: current.version } }
        : outcome;
    }
  }
}

/** Records the outcome (only while the action is still `publishing`); a rollback marks the publication it undid. */
async function finish(deps: WorkerDeps, action: PublishingAction, outcome: PublishOutcome): Promise<void> {
  const now = new Date();
  const waits = outcome.ok && outcome.awaitingMerge === true;
  const state = waits ? 'awaiting_merge' : outcome.ok ? 'published' : 'failed';
  const providerResult = {
    ...(action.providerResult ?? {}),
    status: outcome.ok ? 'ready' : 'blocked',
    state,
    checkedAt: now.toISOString(),
    summary: outcome.summary,
    target: { ...((action.providerResult?.target as Record<string, unknown> | undefined) ?? {}), ...outcome.target },
    ...(outcome.registryResponse ? { registryResponse: outcome.registryResponse } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
    ...(outcome.ok && !waits ? { publishedAt: now.toISOString() } : {}),
  };
  await deps.db.sequelize.transaction(async (transaction) => {
    const [count] = await PublishingAction.update(
      {
        state,
        status: outcome.ok ? 'ready' : 'blocked',
        providerResult,
        publishedAt: outcome.ok && !waits ? now : null,
      },
      { where: { id: action.id, state: 'publishing' }, transaction },
    );
    if (count && outcome.ok && action.action === 'rollback' && action.rollbackOf) {
      await PublishingAction.update(
        { state: 'rolled_back' },
        { where: { id: action.rollbackOf, state: 'published' }, transaction },
      );
    }
  });
}
