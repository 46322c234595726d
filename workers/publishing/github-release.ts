import type { PublishErrorCode } from './outcome.ts';
import { codeForStatus, shortLine } from './outcome.ts';

export interface GithubReleaseInput {
  apiUrl: string;
  repository: string;
  tag: string;
  branch: string;
  body: string;
  token: string | undefined;
  timeoutMs: number;
}

export type GithubReleaseResult =
  | { ok: true; url: string; id: number }
  | { ok: false; error: { code: PublishErrorCode; message: string; status?: number } };

/**
 * `POST {apiUrl}/repos/{owner}/{repo}/releases` (GitHub's REST API) for a pushed tag. A release that
 * already exists for the tag (422 already_exists: an earlier attempt made it) is looked up and counted.
 */
export async function createGithubRelease(input: GithubReleaseInput): Promise<GithubReleaseResult> {
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'content-type': 'application/json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'report-service-publisher',
    ...(input.token ? { authorization: `Bearer ${input.token}` } : {}),
  };
  const base = `${input.apiUrl}/repos/${input.repository}/releases`;
  let response: Response;
  try {
    response = await fetch(base, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        tag_name: input.tag,
        target_commitish: input.branch,
        name: input.tag,
        body: input.body,
        draft: false,
        prerelease: input.tag.includes('-'),
      }),
      signal: AbortSignal.timeout(input.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      ok: false,
      error: {
        code: timedOut ? 'registry_timeout' : 'registry_unreachable',
        message: timedOut ? 'the GitHub API did not answer in time' : 'the GitHub API could not be reached',
      },
    };
  }
  const answer = (await response.json().catch(() => ({}))) as {
    html_url?: unknown;
    id?: unknown;
    message?: unknown;
    errors?: Array<{ code?: unknown }>;
  };
  if (response.status === 201 && typeof answer.html_url === 'string' && typeof answer.id === 'number')
    return { ok: true, url: answer.html_url, id: answer.id };
  if (response.status === 422 && answer.errors?.some((e) => e.code === 'already_exists')) {
    const existing = await fetch(`${base}/tags/${encodeURIComponent(input.tag)}`, {
      headers,
      signal: AbortSignal.timeout(input.timeoutMs),
      redirect: 'error',
    }).catch(() => undefined);
    const found = existing?.ok
      ? ((await existing.json().catch(() => ({}))) as { html_url?: unknown; id?: unknown })
      : {};
    if (typeof found.html_url === 'string' && typeof found.id === 'number')
      return { ok: true, url: found.html_url, id: found.id };
  }
  const message = typeof answer.message === 'string' ? shortLine(answer.message, 160) : `HTTP ${response.status}`;
  return {
    ok: false,
    error: {
      code: response.status === 201 ? 'registry_error' : codeForStatus(response.status),
      message: `GitHub answered ${response.status}: ${message}`,
      status: response.status,
    },
  };
}
