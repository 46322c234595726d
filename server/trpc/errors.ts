import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, isAppError } from '../../shared/errors.ts';

function describeIssues(error: ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${[...issue.path, key].join('.')}: unknown field, not accepted here`).join('; ');
    }
    const where = issue.path.length ? issue.path.join('.') : 'request body';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `Invalid request: ${parts.join('; ')}${more}`;
}

/** How long a client should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

// Connection-level failures (server down or restarting, connection cut), not query errors.
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const DATABASE_DOWN_NAMES = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionTimedOutError',
  'SequelizeConnectionAcquireTimeoutError',
  'SequelizeHostNotReachableError',
  'SequelizeHostNotFoundError',
]);

/** True when `error` (or something it wraps) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth++) {
    const e = current as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      parent?: unknown;
      original?: unknown;
    };
    if (typeof e.name === 'string' && DATABASE_DOWN_NAMES.has(e.name)) return true;
    if (typeof e.code === 'string' && DATABASE_DOWN_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|Client has encountered a connection error|terminating connection due to administrator command/.test(
        e.message,
      )
    )
      return true;
    current = e.parent ?? e.original ?? e.cause;
  }
  return false;
}

function databaseUnavailable(cause: unknown): AppError {
  return new AppError('service_unavailable', undefined, {
    cause,
    headers: { 'Retry-After': DATABASE_RETRY_AFTER_SECONDS },
  });
}

/**
 * Maps whatever a procedure or the transport threw onto our catalogue. User mistakes become
 * 4xx codes naming the problem; a database that cannot be reached becomes `service_unavailable`
 * (503 with Retry-After); anything else unexpected becomes `internal_error` with no detail.
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!(error instanceof TRPCError))
    return isDatabaseUnavailable(error)
      ? databaseUnavailable(error)
      : new AppError('internal_error', undefined, { cause: error });
  const cause = error.cause;
  if (isAppError(cause)) return cause;
  if (isDatabaseUnavailable(cause)) return databaseUnavailable(cause);
  switch (error.code) {
    case 'BAD_REQUEST':
      if (cause instanceof ZodError) return new AppError('invalid_request', describeIssues(cause), { cause });
      return new AppError('invalid_request', error.message || undefined, { cause });
    case 'PARSE_ERROR':
      return new AppError('malformed_json', undefined, { cause });
    case 'PAYLOAD_TOO_LARGE':
      return new AppError('request_too_large', undefined, { cause });
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new AppError('unsupported_media_type', undefined, { cause });
    case 'NOT_FOUND':
      return new AppError('not_found', 'No such endpoint.', { cause });
    case 'METHOD_NOT_SUPPORTED':
      return new AppError('invalid_request', error.message, { cause });
    default:
      return new AppError('internal_error', undefined, { cause: cause ?? error });
  }
}
