import { Octokit } from '@octokit/rest';

/**
 * One file of a GitHub repository at a commit, through the REST API (`GET /repos/{owner}/{repo}/
 * contents/{path}?ref=`, raw media type), on the configured API base (GitHub Enterprise, tests).
 */
export async function readGithubFile(options: {
  apiUrl: string;
  token: string | undefined;
  repository: string;
  path: string;
  ref: string;
  timeoutMs: number;
}): Promise<string> {
  const [owner, repo] = options.repository.split('/') as [string, string];
  const octokit = new Octokit({
    baseUrl: options.apiUrl.replace(/\/+$/, ''),
    ...(options.token ? { auth: options.token } : {}),
    request: { signal: AbortSignal.timeout(options.timeoutMs) },
  });
  const response = await octokit.rest.repos.getContent({
    owner,
    repo,
    path: options.path,
    ref: options.ref,
    mediaType: { format: 'raw' },
  });
  const data: unknown = response.data;
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  throw new Error(`GitHub answered ${options.repository}:${options.path} with something other than the file's text`);
}
