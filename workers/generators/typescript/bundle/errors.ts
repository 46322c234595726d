// Error classes thrown by the client. Every HTTP error carries the status, the parsed body, the
// response headers and the request id; the class is chosen by status so callers can `instanceof`.

/** The base of every error the SDK throws (partner SDKs name it after the client, as Stainless does: `<Client>Error`). */
export class SDKError extends Error {}

export class APIError extends SDKError {
  /** HTTP status, or undefined when no response was received. */
  readonly status: number | undefined;
  /** Response headers, when a response was received. */
  readonly headers: Headers | undefined;
  /** Parsed response body (JSON when the server sent JSON, else text). */
  readonly body: unknown;
  /** The server's request id (`x-request-id` / `request-id` header), when sent. */
  readonly requestId: string | undefined;

  constructor(status: number | undefined, body: unknown, message: string | undefined, headers: Headers | undefined) {
    super(APIError.makeMessage(status, body, message));
    this.name = new.target.name;
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.requestId = headers?.get('x-request-id') ?? headers?.get('request-id') ?? undefined;
  }

  private static makeMessage(status: number | undefined, body: unknown, message: string | undefined): string {
    const fromBody = messageFromBody(body);
    const detail = fromBody ?? message;
    if (status !== undefined && detail) return `${status} ${detail}`;
    if (status !== undefined) return `${status} status code (no body)`;
    return detail ?? '(no status code or body)';
  }

  /** The error subclass for an HTTP status. */
  static generate(status: number, body: unknown, message: string | undefined, headers: Headers): APIError {
    switch (status) {
      case 400:
        return new BadRequestError(status, body, message, headers);
      case 401:
        return new AuthenticationError(status, body, message, headers);
      case 403:
        return new PermissionDeniedError(status, body, message, headers);
      case 404:
        return new NotFoundError(status, body, message, headers);
      case 409:
        return new ConflictError(status, body, message, headers);
      case 422:
        return new UnprocessableEntityError(status, body, message, headers);
      case 429:
        return new RateLimitError(status, body, message, headers);
      default:
        if (status >= 500) return new InternalServerError(status, body, message, headers);
        return new APIError(status, body, message, headers);
    }
  }
}

function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body === '' ? undefined : body.slice(0, 500);
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['message', 'error_description', 'detail', 'title']) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  const error = record.error;
  if (typeof error === 'string' && error !== '') return error;
  if (typeof error === 'object' && error !== null) {
    const nested = (error as Record<string, unknown>).message;
    if (typeof nested === 'string' && nested !== '') return nested;
  }
  return JSON.stringify(body).slice(0, 500);
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}

/** The request was aborted through the caller's own AbortSignal. */
export class APIUserAbortError extends APIError {
  constructor(message?: string) {
    super(undefined, undefined, message ?? 'Request was aborted.', undefined);
  }
}

/** No response was received (DNS, refused connection, reset socket, ...). */
export class APIConnectionError extends APIError {
  constructor(options: { message?: string; cause?: unknown } = {}) {
    super(undefined, undefined, options.message ?? 'Connection error.', undefined);
    if (options.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** No response was received within the timeout (Stainless's name; `APITimeoutError` is this SDK's own). */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(options: { message?: string } = {}) {
    super({ message: options.message ?? 'Request timed out.' });
  }
}

/** No response was received within the timeout. */
export class APITimeoutError extends APIConnectionTimeoutError {}
