/** The codes a registry failure is reported with (providerResult.error.code). */
export type PublishErrorCode =
  | 'registry_unauthorized'
  | 'registry_forbidden'
  | 'version_exists'
  | 'registry_conflict'
  | 'registry_unreachable'
  | 'registry_timeout'
  | 'registry_error'
  | 'artifact_unavailable'
  | 'tool_missing'
  | 'build_failed'
  | 'nothing_to_roll_back';

/** What a registry write did: the target it reached and the registry's answer, or why it failed. */
export interface PublishOutcome {
  ok: boolean;
  summary: string;
  /** url, version, tag, commit, integrity…: what a person needs to find the publication. */
  target: Record<string, unknown>;
  registryResponse?: { status?: number; code?: string; message?: string };
  error?: { code: PublishErrorCode; message: string; status?: number };
  /** A release pull request was opened or updated: the action is published when it is merged. */
  awaitingMerge?: boolean;
}

export function failure(
  code: PublishErrorCode,
  message: string,
  target: Record<string, unknown>,
  response?: PublishOutcome['registryResponse'],
): PublishOutcome {
  return {
    ok: false,
    summary: message,
    target,
    ...(response ? { registryResponse: response } : {}),
    error: { code, message, ...(response?.status !== undefined ? { status: response.status } : {}) },
  };
}

/** The codes of an HTTP status a registry answered with. */
export function codeForStatus(status: number): PublishErrorCode {
  if (status === 401) return 'registry_unauthorized';
  if (status === 403) return 'registry_forbidden';
  if (status === 409) return 'version_exists';
  return 'registry_error';
}

/** Network error codes that mean "could not reach", as Node and the tools spell them. */
export const UNREACHABLE =
  /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH|Connection refused|Could not resolve host|Failed to connect|Max retries exceeded|NewConnectionError|ConnectionError)\b/;
export const TIMED_OUT = /\b(ETIMEDOUT|ESOCKETTIMEDOUT|timed out|Read timed out|Operation timed out)\b/i;

/** One line, short, for a summary (the tools' output is redacted before it gets here). */
export function shortLine(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
