import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findExecutable } from '../pipeline/check-with-tool.ts';
import { changelogFile } from './changelog-file.ts';
import { createGithubRelease } from './github-release.ts';
import { failure, shortLine, TIMED_OUT, UNREACHABLE, type PublishOutcome } from './outcome.ts';
import { runTool, toolEnv, type ToolResult } from './run-tool.ts';

export interface GitPublishInput {
  files: Map<string, Buffer>;
  /** owner/repo */
  repository: string;
  version: string;
  remoteBase: string;
  branch: string;
  token: string | undefined;
  /** GitHub's REST API base; a release is created only when set. */
  apiUrl: string | undefined;
  authorName: string;
  authorEmail: string;
  timeoutMs: number;
  /** The CHANGELOG entry of this version (Markdown, without its heading). */
  changelog: string;
  /** A retried attempt: a tag already on the remote pointing at the same tree counts as done. */
  resumed: boolean;
}

/**
 * Commits the SDK tree to `<remoteBase><owner>/<repo>.git` on the configured branch (on top of what
 * is there; the first commit creates it), prepends a CHANGELOG.md entry, tags `v<version>`
 * (annotated), pushes branch and tag atomically, then creates a GitHub release when an API URL is
 * configured. Over https the token goes in an `Authorization` header through git's environment
 * config, never in the URL, an argument or a file.
 */
export async function gitPublish(input: GitPublishInput): Promise<PublishOutcome> {
  const remote = `${input.remoteBase}${input.repository}.git`;
  const tag = `v${input.version}`;
  const target: Record<string, unknown> = {
    repository: input.repository,
    remote: displayRemote(remote),
    branch: input.branch,
    tag,
    version: input.version,
  };
  if (input.repository.split('/').some((part) => part.startsWith('.')))
    return failure('registry_error', `"${input.repository}" is not a repository name.`, target);
  const git = findExecutable('git');
  if (!git) return failure('tool_missing', 'git is not installed on this worker.', target);
  const workDir = await mkdtemp(join(tmpdir(), 'report-git-publish-'));
  const home = join(workDir, 'home');
  const repo = join(workDir, 'repo');
  await mkdir(home);
  await mkdir(repo);
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
          GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from(`x-access-token:${input.token}`).toString('base64')}`,
        }
      : {}),
  });
  const secrets = input.token ? [input.token, Buffer.from(`x-access-token:${input.token}`).toString('base64')] : [];
  const run = (args: string[]) => runTool(git, args, { cwd: repo, env, timeoutMs: input.timeoutMs, secrets });
  try {
    const heads = await run([
      'ls-remote',
      remote,
      `refs/heads/${input.branch}`,
      `refs/tags/${tag}`,
      `refs/tags/${tag}^{}`,
    ]);
    if (heads.code !== 0) return gitFailure(heads, `git ls-remote ${displayRemote(remote)}`, target);
    const refs = new Map(
      heads.stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [sha, ref] = line.split('\t');
          return [ref!, sha!] as const;
        }),
    );
    await run(['init', '-q', '-b', input.branch]);
    const branchSha = refs.get(`refs/heads/${input.branch}`);
    if (branchSha) {
      const fetched = await run(['fetch', '-q', '--depth', '1', remote, `refs/heads/${input.branch}`]);
      if (fetched.code !== 0) return gitFailure(fetched, 'git fetch', target);
      await run(['reset', '-q', '--hard', 'FETCH_HEAD']);
    }
    const previousChangelog = await readFile(join(repo, 'CHANGELOG.md'), 'utf8').catch(() => '');
    if (branchSha) await run(['rm', '-rq', '--ignore-unmatch', '.']);
    for (const [path, content] of input.files) {
      if (path.startsWith('/') || path.split('/').includes('..') || path.split('/').includes('.git')) continue;
      await mkdir(dirname(join(repo, path)), { recursive: true });
      await writeFile(join(repo, path), path === 'package.json' ? versioned(content, input.version) : content);
    }
    // The artifact's own CHANGELOG.md when it already has this version; else this version's entry
    // on top of the CHANGELOG the branch has.
    const own = input.files.get('CHANGELOG.md')?.toString('utf8');
    await writeFile(
      join(repo, 'CHANGELOG.md'),
      changelogFile(input.version, input.changelog, own ?? previousChangelog),
    );
    await run(['add', '-A']);
    const committed = await run([
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      `Release ${tag}`,
      '-m',
      input.changelog.trim(),
    ]);
    if (committed.code !== 0)
      return failure('registry_error', `git commit failed: ${shortLine(committed.stderr)}`, target);
    const commit = (await run(['rev-parse', 'HEAD'])).stdout.trim();
    const tree = (await run(['rev-parse', 'HEAD^{tree}'])).stdout.trim();
    Object.assign(target, { commit, tree });
    const existingTag = refs.get(`refs/tags/${tag}^{}`) ?? refs.get(`refs/tags/${tag}`);
    if (existingTag) {
      if (input.resumed && existingTag === branchSha) {
        // An earlier attempt pushed branch and tag together (atomic push): it is published.
        Object.assign(target, { commit: existingTag });
        const release = await maybeRelease(input, tag, target);
        return {
          ok: true,
          summary: `${tag} was already on ${displayRemote(remote)} (an earlier attempt pushed it).${release}`,
          target,
          registryResponse: { message: 'tag already pushed' },
        };
      }
      return failure('version_exists', `The tag ${tag} already exists on ${displayRemote(remote)}.`, target, {
        code: 'tag_exists',
        message: `refs/tags/${tag} -> ${existingTag.slice(0, 12)}`,
      });
    }
    const tagged = await run(['tag', '-a', tag, '-m', `${tag}\n\n${input.changelog.trim()}`]);
    if (tagged.code !== 0) return failure('registry_error', `git tag failed: ${shortLine(tagged.stderr)}`, target);
    const pushed = await run([
      'push',
      '--atomic',
      '--porcelain',
      remote,
      `HEAD:refs/heads/${input.branch}`,
      `refs/tags/${tag}:refs/tags/${tag}`,
    ]);
    if (pushed.code !== 0) return gitFailure(pushed, `git push ${displayRemote(remote)}`, target);
    const release = await maybeRelease(input, tag, target);
    // The push is the publication: a release that could not be created is reported beside it
    // (providerResult.error), not as a failed publish that could never be redone (the tag exists).
    return {
      ok: true,
      summary: `Pushed ${commit.slice(0, 12)} to ${input.branch} and tag ${tag} to ${displayRemote(remote)}.${release}`,
      target,
      registryResponse: { message: shortLine(pushed.stdout, 200) },
      ...(target.releaseError ? { error: target.releaseError as PublishOutcome['error'] & object } : {}),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Creates the GitHub release when an API URL is configured; notes its URL or error on `target`. */
async function maybeRelease(input: GitPublishInput, tag: string, target: Record<string, unknown>): Promise<string> {
  if (!input.apiUrl) return '';
  const release = await createGithubRelease({
    apiUrl: input.apiUrl,
    repository: input.repository,
    tag,
    branch: input.branch,
    body: input.changelog,
    token: input.token,
    timeoutMs: input.timeoutMs,
  });
  if (release.ok) {
    target.releaseUrl = release.url;
    return ` Release ${release.url}.`;
  }
  target.releaseError = release.error;
  return ` The release could not be created: ${release.error.message}`;
}

function versioned(content: Buffer, version: string): Buffer {
  try {
    const pkg = JSON.parse(content.toString('utf8')) as Record<string, unknown>;
    pkg.version = version;
    return Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`);
  } catch {
    return content;
  }
}

/** The remote as shown to people: no user info. */
function displayRemote(remote: string): string {
  try {
    const url = new URL(remote);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return remote;
  }
}

function gitFailure(result: ToolResult, what: string, target: Record<string, unknown>): PublishOutcome {
  const output = `${result.stderr}\n${result.stdout}`;
  const status =
    /\b(?:error|returned error|status)[: ]+(\d{3})\b/i.exec(output)?.[1] ??
    /The requested URL returned error: (\d{3})/.exec(output)?.[1];
  const line = shortLine(
    output
      .split('\n')
      .filter((l) => /fatal|error|rejected|!/.test(l))
      .slice(0, 2)
      .join(' ') || output,
    200,
  );
  const response = { ...(status ? { status: Number(status) } : {}), message: line };
  if (result.timedOut) return failure('registry_timeout', `${what}: the remote did not answer in time.`, target);
  if (status === '401' || /Authentication failed|could not read Username/i.test(output))
    return failure('registry_unauthorized', `${what}: the remote refused the credentials.`, target, {
      ...response,
      status: 401,
    });
  if (status === '403')
    return failure('registry_forbidden', `${what}: the remote forbids this (403).`, target, response);
  if (/\[rejected\]|non-fast-forward|fetch first|already exists/.test(output))
    return failure(
      'registry_conflict',
      `${what}: the remote refused the push (the branch moved or the tag exists).`,
      target,
      response,
    );
  if (TIMED_OUT.test(output))
    return failure('registry_timeout', `${what}: the remote did not answer in time.`, target, response);
  if (
    UNREACHABLE.test(output) ||
    /does not appear to be a git repository|Could not read from remote|not found/i.test(output)
  )
    return failure('registry_unreachable', `${what}: the remote could not be reached.`, target, response);
  return failure('registry_error', `${what} failed: ${line}`, target, response);
}
