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

/**
 * Maps whatever a procedure or the transport threw onto our catalogue. User mistakes become
 * 4xx codes naming the problem; anything unexpected becomes `internal_error` with no detail.
 */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (!(error instanceof TRPCError)) return new AppError('internal_error', undefined, { cause: error });
  const cause = error.cause;
  if (isAppError(cause)) return cause;
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
