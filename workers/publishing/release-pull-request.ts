// A release as a pull request (docs/custom-code-and-release-prs.md): the pristine generation is
// committed on the SDK repository's `generated` branch, merged by git into the default branch's
// tip on a release branch (the customer's code kept: git's three-way merge against the previous
// generation they merged), and one pull request is opened or updated for it. Merging it is the
// approval. The merge is git's own (`git merge`), like the run's per-file `git merge-file`.

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Octokit } from '@octokit/rest';
import type { CustomCodeConflict } from '../../shared/schemas/custom-code.ts';
import { isCustomPath, type SdkLanguage } from '../generators/custom-code/custom-folders.ts';
import { findExecutable } from '../pipeline/check-with-tool.ts';
import { failure, shortLine, type PublishErrorCode, type PublishOutcome } from './outcome.ts';
import { runTool, toolEnv } from './run-tool.ts';

/** The branch release pull requests come from: one, updated by every publish until merged. */
export const RELEASE_BRANCH = 'sdk-release';
export const GENERATED_BRANCH = 'generated';

export interface ReleasePullRequestInput {
  /** The pristine generation (path → text). */
  files: Record<string, string>;
  language: SdkLanguage;
  /** owner/repo */
  repository: string;
  defaultBranch: string;
  version: string;
  runId: string;
  /** The changelog from the compatibility diff (Markdown, breaking changes first). */
  changelog: string;
  remoteBase: string;
  apiUrl: string | undefined;
  token: string | undefined;
  authorName: string;
  authorEmail: string;
  timeoutMs: number;
  /** `custom_code.paths` of the run's config. */
  extraPaths: readonly string[];
}

export interface ReleasePullRequestOutcome extends PublishOutcome {
  pullRequest?: { number: number; url: string; branch: string };
}

export async function releasePullRequest(input: ReleasePullRequestInput): Promise<ReleasePullRequestOutcome> {
  const remote = `${input.remoteBase}${input.repository}.git`;
  const target: Record<string, unknown> = {
    repository: input.repository,
    base: input.defaultBranch,
    head: RELEASE_BRANCH,
    version: input.version,
  };
  if (!input.apiUrl)
    return failure(
      'registry_error',
      'No GitHub API is configured (PUBLISH_GITHUB_API_URL): a pull request cannot be opened.',
      target,
    );
  const git = findExecutable('git');
  if (!git) return failure('tool_missing', 'git is not installed on this worker.', target);
  const workDir = await mkdtemp(join(tmpdir(), 'report-release-pr-'));
  const home = join(workDir, 'home');
  const repo = join(workDir, 'repo');
  await mkdir(home);
  await mkdir(repo);
  const basic = input.token ? Buffer.from(`x-access-token:${input.token}`).toString('base64') : '';
  const env = toolEnv(home, {
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: input.authorName,
    GIT_AUTHOR_EMAIL: input.authorEmail,
    GIT_COMMITTER_NAME: input.authorName,
    GIT_COMMITTER_EMAIL: input.authorEmail,
    ...(input.token && /^https?:/.test(remote)
      ? {
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: 'http.extraHeader',
          GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
        }
      : {}),
  });
  const secrets = input.token ? [input.token, basic] : [];
  const run = (args: string[]) => runTool(git, args, { cwd: repo, env, timeoutMs: input.timeoutMs, secrets });
  const must = async (args: string[], what: string) => {
    const result = await run(args);
    if (result.code !== 0)
      throw new ReleaseError(
        result.timedOut
          ? 'registry_timeout'
          : /Authentication|401|403/.test(result.stderr)
            ? 'registry_unauthorized'
            : 'registry_error',
        `${what}: ${shortLine(result.stderr || result.stdout || String(result.spawnError))}`,
      );
    return result.stdout.trim();
  };
  try {
    const heads = await must(
      ['ls-remote', remote, `refs/heads/${GENERATED_BRANCH}`, `refs/heads/${input.defaultBranch}`],
      'git ls-remote',
    );
    const refs = new Set(
      heads
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t')[1]),
    );
    const hasGenerated = refs.has(`refs/heads/${GENERATED_BRANCH}`);
    const hasDefault = refs.has(`refs/heads/${input.defaultBranch}`);
    await must(['init', '-q', '-b', 'work'], 'git init');
    if (hasGenerated)
      await must(
        ['fetch', '-q', remote, `+refs/heads/${GENERATED_BRANCH}:refs/remotes/origin/${GENERATED_BRANCH}`],
        'git fetch generated',
      );
    if (hasDefault)
      await must(
        ['fetch', '-q', remote, `+refs/heads/${input.defaultBranch}:refs/remotes/origin/${input.defaultBranch}`],
        'git fetch default branch',
      );

    // 1. The pristine generation on top of the previous one.
    if (hasGenerated)
      await must(['checkout', '-q', '-B', 'new-generation', `origin/${GENERATED_BRANCH}`], 'git checkout');
    else await must(['checkout', '-q', '--orphan', 'new-generation'], 'git checkout');
    await run(['rm', '-rq', '--ignore-unmatch', '.']);
    for (const [path, content] of Object.entries(input.files)) {
      if (path.startsWith('/') || path.split('/').some((p) => p === '..' || p === '.git')) continue;
      await mkdir(dirname(join(repo, path)), { recursive: true });
      await writeFile(join(repo, path), path === 'package.json' ? versioned(content, input.version) : content);
    }
    await must(['add', '-A'], 'git add');
    await must(
      ['commit', '-q', '--allow-empty', '-m', `Generated SDK ${input.version} (run ${input.runId})`],
      'git commit',
    );

    // 2. The release branch: the default branch's tip with the new generation merged in.
    let createDefault = false;
    if (hasDefault) await must(['checkout', '-q', '-B', 'release', `origin/${input.defaultBranch}`], 'git checkout');
    else {
      // An empty repository: the default branch starts empty, so the pull request shows every file.
      await must(['checkout', '-q', '--orphan', 'release'], 'git checkout');
      await run(['rm', '-rq', '--ignore-unmatch', '.']);
      await must(['commit', '-q', '--allow-empty', '-m', 'Initial commit'], 'git commit');
      createDefault = true;
    }
    const hasBase = (await run(['merge-base', 'release', 'new-generation'])).code === 0;
    const merged = await run([
      'merge',
      '--no-ff',
      '--no-edit',
      '--allow-unrelated-histories',
      '-m',
      `Release ${input.version}: merge the generation of run ${input.runId}`,
      'new-generation',
    ]);
    const conflicts: CustomCodeConflict[] = [];
    const notCarried: string[] = [];
    if (merged.code !== 0) {
      const unmerged = (await must(['diff', '--name-only', '--diff-filter=U'], 'git diff')).split('\n').filter(Boolean);
      if (unmerged.length === 0)
        throw new ReleaseError('registry_error', `git merge failed: ${shortLine(merged.stderr || merged.stdout)}`);
      for (const path of unmerged) {
        if (!hasBase) {
          // No generation was merged before (a first connection, a migration): the customer's
          // custom folders win, the new generation everywhere else; the rest is listed.
          const custom = isCustomPath(input.language, path, input.extraPaths);
          if ((await run(['checkout', custom ? '--ours' : '--theirs', '--', path])).code !== 0)
            await run(['rm', '-q', '--', path]);
          if (!custom) notCarried.push(path);
        } else {
          const text = await readFile(join(repo, path), 'utf8').catch(() => '');
          conflicts.push({ path, kind: 'content', hunks: markerHunks(text) });
        }
      }
      await must(['add', '-A'], 'git add');
      await must(['commit', '-q', '--no-edit'], 'git commit (merge)');
    }
    const pushes = [`new-generation:refs/heads/${GENERATED_BRANCH}`, `+release:refs/heads/${RELEASE_BRANCH}`];
    if (createDefault) pushes.push(`release~1:refs/heads/${input.defaultBranch}`);
    await must(['push', '--atomic', '--porcelain', remote, ...pushes], 'git push');
    const commit = await must(['rev-parse', 'release'], 'git rev-parse');
    Object.assign(target, { commit, conflicts: conflicts.map((c) => c.path), notCarried });

    // 3. One pull request from the release branch, opened or updated.
    const [owner, repoName] = input.repository.split('/') as [string, string];
    const octokit = new Octokit({
      baseUrl: input.apiUrl.replace(/\/+$/, ''),
      ...(input.token ? { auth: input.token } : {}),
      request: { signal: AbortSignal.timeout(input.timeoutMs) },
    });
    const title = `Release ${input.version}`;
    const body = pullRequestBody(input, conflicts, notCarried);
    const open = await octokit.rest.pulls.list({
      owner,
      repo: repoName,
      state: 'open',
      head: `${owner}:${RELEASE_BRANCH}`,
      base: input.defaultBranch,
    });
    const pr = open.data[0]
      ? (await octokit.rest.pulls.update({ owner, repo: repoName, pull_number: open.data[0].number, title, body })).data
      : (
          await octokit.rest.pulls.create({
            owner,
            repo: repoName,
            title,
            body,
            head: RELEASE_BRANCH,
            base: input.defaultBranch,
          })
        ).data;
    Object.assign(target, { url: pr.html_url, pullRequest: pr.number });
    const review = conflicts.length
      ? ` ${conflicts.length} files have conflicts to resolve on the branch before merging.`
      : '';
    return {
      ok: true,
      summary: `${open.data[0] ? 'Updated' : 'Opened'} pull request #${pr.number} (${title}) from ${RELEASE_BRANCH} into ${input.defaultBranch}: ${pr.html_url}.${review} Merging it approves the release.`,
      target,
      registryResponse: { status: open.data[0] ? 200 : 201, message: pr.html_url },
      pullRequest: { number: pr.number, url: pr.html_url, branch: RELEASE_BRANCH },
    };
  } catch (error) {
    if (error instanceof ReleaseError) return failure(error.code, error.message, target);
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number')
      return failure(
        status === 401 ? 'registry_unauthorized' : status === 403 ? 'registry_forbidden' : 'registry_error',
        `GitHub answered ${status}: ${shortLine((error as Error).message, 200)}`,
        target,
        { status },
      );
    return failure(
      'registry_unreachable',
      `GitHub could not be reached: ${shortLine(String((error as Error).message ?? error), 200)}`,
      target,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

class ReleaseError extends Error {
  readonly code: PublishErrorCode;
  constructor(code: PublishErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The pull request's description: the changelog (breaking changes first), then the customer's code. */
function pullRequestBody(
  input: ReleasePullRequestInput,
  conflicts: CustomCodeConflict[],
  notCarried: string[],
): string {
  const lines = [
    `Release **${input.version}** of the SDK, generated by run \`${input.runId}\`. Merging this pull request approves the release.`,
    '',
    '## Changelog',
    '',
    input.changelog.trim() || '- No changes to the public surface.',
    '',
    '## Your code',
    '',
  ];
  if (conflicts.length) {
    lines.push('Conflicts between your edits and the new generation (resolve them on this branch before merging):', '');
    for (const c of conflicts)
      lines.push(
        `- \`${c.path}\`: ${c.hunks.map((h) => `lines ${h.startLine}–${h.endLine}`).join(', ') || 'whole file'}`,
      );
  } else lines.push('Your custom folders and edits were merged with the new generation without conflicts.');
  if (notCarried.length) {
    lines.push(
      '',
      'No earlier generation was merged into this repository, so edits outside the custom folders could not be carried; these files take the new generation:',
      '',
    );
    for (const path of notCarried) lines.push(`- \`${path}\``);
  }
  return `${lines.join('\n')}\n`;
}

/** Conflict regions of a file git left markers in (any labels). */
function markerHunks(text: string): CustomCodeConflict['hunks'] {
  const lines = text.split('\n');
  const hunks: CustomCodeConflict['hunks'] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('<<<<<<< ')) continue;
    const sep = lines.indexOf('=======', i + 1);
    const end = sep === -1 ? -1 : lines.findIndex((l, j) => j > sep && l.startsWith('>>>>>>> '));
    if (end === -1) break;
    hunks.push({
      startLine: i + 1,
      endLine: end + 1,
      yours: lines
        .slice(i + 1, sep)
        .join('\n')
        .slice(0, 4000),
      generated: lines
        .slice(sep + 1, end)
        .join('\n')
        .slice(0, 4000),
    });
    i = end;
  }
  return hunks;
}

function versioned(content: string, version: string): string {
  try {
    const pkg = JSON.parse(content) as Record<string, unknown>;
    pkg.version = version;
    return `${JSON.stringify(pkg, null, 2)}\n`;
  } catch {
    return content;
  }
}
