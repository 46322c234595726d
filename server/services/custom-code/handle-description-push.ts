import {
  Member,
  Organization,
  Project,
  type ProjectRepository,
  Run,
  RunInput,
  User,
} from '../../../db/models/index.ts';
import { QueryTypes } from 'sequelize';
import { AppError } from '../../../shared/errors.ts';
import { ROLE_SCOPES } from '../../../shared/scopes.ts';
import type { StartMode } from '../../../shared/enums.ts';
import { START_MODES } from '../../../shared/enums.ts';
import { readGithubFile } from '../../integrations/github-file.ts';
import type { Caller } from '../auth/caller.ts';
import type { Deps } from '../deps.ts';
import { startReport } from '../reports/start-report.ts';

/** A GitHub push event, the fields read. */
export interface PushEvent {
  ref?: unknown;
  after?: unknown;
  repository?: { full_name?: unknown; default_branch?: unknown };
  commits?: Array<{ added?: unknown; modified?: unknown }>;
}

export interface PushOutcome {
  received: true;
  /** A run was started for this delivery. */
  started: boolean;
  /** The commit already started a run (a redelivery): nothing new was started. */
  duplicate: boolean;
  runId: string | null;
  reason: string;
}

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/**
 * A verified push to the project's description repository: when it changes the description's
 * path on the repository's default branch, the description at the pushed commit is fetched and a
 * report run started with the project's latest config and mode, by the member who connected the
 * repository. Once per commit: a redelivery (or another push naming the same head commit) answers
 * with the run the first one started.
 */
export async function handleDescriptionPush(
  deps: Deps,
  connection: ProjectRepository,
  event: PushEvent,
): Promise<PushOutcome> {
  const skip = (reason: string): PushOutcome => ({
    received: true,
    started: false,
    duplicate: false,
    runId: null,
    reason,
  });
  const repository = typeof event.repository?.full_name === 'string' ? event.repository.full_name : '';
  if (repository.toLowerCase() !== connection.descriptionRepository?.toLowerCase())
    return skip(`the push is to ${repository || 'an unnamed repository'}, not ${connection.descriptionRepository}`);
  const branch = typeof event.repository?.default_branch === 'string' ? event.repository.default_branch : '';
  if (event.ref !== `refs/heads/${branch}`) return skip(`the push is not to the default branch (${branch})`);
  const sha = typeof event.after === 'string' ? event.after : '';
  if (!SHA.test(sha)) throw new AppError('invalid_request', 'The push event has no head commit (`after`).');
  const path = connection.descriptionPath ?? '';
  const changed = (event.commits ?? []).some((c) =>
    [c.added, c.modified].some((list) => Array.isArray(list) && list.includes(path)),
  );
  if (!changed) return skip(`the push does not change ${path}`);

  const earlier = await pushedRun(deps, connection.projectId, sha);
  if (earlier !== undefined)
    return {
      received: true,
      started: false,
      duplicate: true,
      runId: earlier,
      reason: `commit ${sha} already started a run`,
    };

  const { github, timeoutMs } = deps.config.publishing;
  if (!github.apiUrl)
    throw new AppError('repository_not_connected', 'No GitHub API is configured (PUBLISH_GITHUB_API_URL).');
  let openapiText: string;
  try {
    openapiText = await readGithubFile({
      apiUrl: github.apiUrl,
      token: github.token,
      repository: repository,
      path,
      ref: sha,
      timeoutMs,
    });
  } catch (error) {
    throw new AppError('repository_unreachable', `GitHub did not serve ${path} at ${sha}.`, { cause: error });
  }
  const caller = await connectedCaller(connection);
  const latest = await Run.findOne({ where: { projectId: connection.projectId }, order: [['id', 'DESC']] });
  const inputs = latest?.inputId ? await RunInput.findByPk(latest.inputId) : null;
  const texts = inputs ? await inputs.readTexts().catch(() => undefined) : undefined;
  const mode = (START_MODES as readonly string[]).includes(latest?.mode ?? '')
    ? (latest!.mode as StartMode)
    : undefined;
  const started = await startReport(
    deps,
    caller,
    {
      openapiText,
      projectId: connection.projectId,
      openapiFileName: path.split('/').pop(),
      notes: `Started by a push to ${repository} (${sha.slice(0, 12)}) that changed ${path}.`,
      ...(mode ? { mode } : {}),
      ...(texts?.configText ? { configText: texts.configText } : {}),
    },
    `description-push:${connection.projectId}:${sha}`,
  );
  await deps.db.sequelize.query(
    `INSERT INTO description_pushes (project_id, commit_sha, run_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    { bind: [connection.projectId, sha, started.run.id] },
  );
  const first = (await pushedRun(deps, connection.projectId, sha)) ?? started.run.id;
  return {
    received: true,
    started: first === started.run.id,
    duplicate: first !== started.run.id,
    runId: first,
    reason: `commit ${sha} changed ${path}`,
  };
}

async function pushedRun(deps: Deps, projectId: string, sha: string): Promise<string | undefined> {
  const [row] = await deps.db.sequelize.query<{ run_id: string }>(
    'SELECT run_id FROM description_pushes WHERE project_id = $1 AND commit_sha = $2',
    { bind: [projectId, sha], type: QueryTypes.SELECT },
  );
  return row?.run_id;
}

/** The member who connected the repository, as the caller of the run it starts (while still allowed to). */
async function connectedCaller(connection: ProjectRepository): Promise<Caller> {
  const [org, user, member, project] = await Promise.all([
    Organization.findByPk(connection.orgId),
    User.findByPk(connection.connectedByUserId),
    Member.findOne({ where: { orgId: connection.orgId, userId: connection.connectedByUserId, status: 'active' } }),
    Project.findByPk(connection.projectId),
  ]);
  if (!org || !user || !member || !project || !ROLE_SCOPES[member.role].includes('runs:write'))
    throw new AppError(
      'repository_not_connected',
      'The member who connected the repository can no longer start runs; connect it again.',
    );
  if (project.status === 'archived') throw new AppError('project_archived');
  return { org, user, member, via: 'api_key', apiKey: null, role: member.role, scopes: [...ROLE_SCOPES[member.role]] };
}
