/**
 * The error catalogue: stable snake_case code → HTTP status → default message.
 * Codes are append-only; clients match on them. REST answers `{error, message}`;
 * tRPC clients read the same code from `error.data.code`.
 */
export const ERROR_CATALOGUE = {
  invalid_request: { status: 400, message: 'The request is invalid.' },
  malformed_json: { status: 400, message: 'The request body is not valid JSON.' },
  unsupported_media_type: { status: 400, message: 'The request body must be application/json.' },
  request_too_large: { status: 400, message: 'The request body is larger than the service accepts.' },
  input_too_large: { status: 400, message: 'A field is larger than its limit.' },
  invalid_status_transition: { status: 400, message: 'That status change is not allowed.' },
  project_archived: { status: 400, message: 'The project is archived; unarchive it first.' },
  member_exists: { status: 400, message: 'That email is already a member or has a pending invite.' },
  scope_not_grantable: { status: 400, message: 'A requested scope is beyond what the caller may grant.' },
  last_owner: { status: 400, message: 'The last active owner cannot be demoted or removed.' },
  idempotency_key_reused: { status: 400, message: 'The Idempotency-Key was already used with a different request.' },
  invalid_signature: { status: 400, message: 'The webhook signature is missing, invalid, or too old.' },
  unauthorized: {
    status: 401,
    message: 'Authentication failed: send a valid workspace API key as `Authorization: Bearer <token>`.',
  },
  quota_exceeded: { status: 402, message: 'The workspace has used all report runs its plan allows this period.' },
  forbidden: { status: 403, message: 'Not permitted.' },
  insufficient_scope: { status: 403, message: 'The API key lacks the scope this endpoint needs.' },
  not_found: { status: 404, message: 'Resource not found.' },
  run_not_cancelable: { status: 409, message: 'The run is not queued, running or blocked, so it cannot be canceled.' },
  already_subscribed: { status: 409, message: 'The workspace already has an active subscription or is on that plan.' },
  artifact_expired: { status: 410, message: 'The artifact has expired and was purged.' },
  inputs_not_retained: {
    status: 422,
    message: 'The raw inputs of this run were not retained, so it cannot be retried.',
  },
  run_not_ready: { status: 422, message: 'The run has no docs ready to publish.' },
  checkout_locked: { status: 423, message: 'Checkout is locked until live billing is approved.' },
  rate_limited: { status: 429, message: 'Too many report starts; retry after the number of seconds in Retry-After.' },
  internal_error: { status: 500, message: 'Internal error. The request id is in the X-Request-Id header.' },
  transfer_not_supported: { status: 501, message: 'Project transfer (transferOrgId) is not supported yet.' },
  checkout_not_configured: { status: 501, message: 'Checkout is not configured for the selected plan.' },
  webhook_not_configured: { status: 501, message: 'The billing webhook is not configured (no signing secret).' },
  payment_provider_error: { status: 502, message: 'The payment provider could not be reached or answered nonsense.' },
  service_unavailable: {
    status: 503,
    message: 'The database is unreachable right now; retry after the number of seconds in Retry-After.',
  },
  stored_object_missing: {
    status: 500,
    message: 'The stored bytes of this record are missing from the object store; an operator must restore them.',
  },
  stored_object_corrupt: {
    status: 500,
    message: 'The stored bytes of this record failed their SHA-256 check and were not served.',
  },
  repository_not_connected: {
    status: 409,
    message: 'The project has no repository connection for this (POST /api/projects/{projectId}/repository).',
  },
  repository_unreachable: {
    status: 502,
    message: 'The connected repository (its git remote or GitHub API) could not be reached or refused the request.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export interface AppErrorOptions {
  /** Extra response headers, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The one error type services throw. Its code decides status and default message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? ERROR_CATALOGUE[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.headers = options.headers ?? {};
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
