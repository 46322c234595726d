// The HTTP core every generated client extends: URL and header building, JSON / multipart /
// form bodies, timeouts through AbortSignal, retries with exponential backoff and jitter
// (connection errors, 408, 409, 429, 5xx; `Retry-After` honoured), an idempotency key on
// retried non-GET requests, typed errors by status, cookie parameters, and the credentials
// of the operation's security requirement.

import { APIPromise, type RawResponse } from './api-promise.js';
import { cookiePairs } from './cookies.js';
import { APIConnectionError, APIError, APITimeoutError, APIUserAbortError } from './errors.js';
import { buildQuery, type QueryStyle } from './query.js';
import { Stream } from './streaming.js';
import { toFormData, urlEncodedText } from './uploads.js';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type HTTPMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

export type HeaderValues = Record<string, string | null | undefined>;

export type BodyKind = 'json' | 'multipart' | 'form' | 'text' | 'binary';

export type ResponseKind = 'json' | 'text' | 'binary' | 'event-stream' | 'event-stream-text' | 'none';

/**
 * An operation's security: alternatives, each the security scheme keys that apply together
 * (`[]` = anonymous). The first alternative whose credentials are all configured is used; none
 * satisfied, or no alternatives at all, means no credentials are sent.
 */
export type SecurityRequirements = readonly (readonly string[])[];

export interface BaseClientOptions {
  /** The base URL given (an option or an environment variable); `defaultBaseURL` when none. */
  baseURL?: string | null | undefined;
  /** The API's own base URL (its first server or the chosen environment). */
  defaultBaseURL?: string | undefined;
  /** Milliseconds before a request (until its body is read) is aborted; default 60 000. */
  timeout?: number | undefined;
  /** Retries after the first attempt; default 2. */
  maxRetries?: number | undefined;
  defaultHeaders?: HeaderValues | undefined;
  defaultQuery?: Record<string, unknown> | undefined;
  /** A `fetch` implementation; default `globalThis.fetch`. */
  fetch?: Fetch | undefined;
  /** Header carrying the idempotency key of non-GET requests that may be retried; null disables it. */
  idempotencyHeader?: string | null | undefined;
  /** Extra `fetch` init of every request (the SDK's own method, headers, body and signal win). */
  fetchOptions?: RequestInit | undefined;
  /** An HTTP agent handed to `fetch` as `agent` (a `fetch` such as node-fetch's uses it; the platform's ignores it). */
  httpAgent?: unknown;
  /** Least severe messages logged: `debug`, `info`, `warn` (default), `error` or `off`. */
  logLevel?: LogLevel | undefined;
  /** The environment variable the log level is read from when `logLevel` is not given. */
  logLevelEnv?: string | undefined;
  /**
   * The header that tells the server which retry a request is: sent on every attempt (`0` first)
   * when given; by default `x-retry-count`, on retries only.
   */
  retryCountHeader?: string | undefined;
  /** Where messages go; default `console`. */
  logger?: Logger | undefined;
  /**
   * JSON bodies as the older Stainless SDKs send them: indented by two spaces, with a
   * `Content-Length` header (a browser's `fetch` drops that header and sets its own).
   */
  legacyJsonBodies?: boolean | undefined;
}

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

const LOG_LEVELS: Record<LogLevel, number> = { off: 0, error: 200, warn: 300, info: 400, debug: 500 };

/** A log level from an option or an environment variable's text; undefined when it is not one. */
export function parseLogLevel(value: unknown): LogLevel | undefined {
  return typeof value === 'string' && Object.hasOwn(LOG_LEVELS, value) ? (value as LogLevel) : undefined;
}

/** Logs through a client's logger at its level (set by `BaseClient`; the response parser of `APIPromise` uses it). */
export let logThrough: (client: BaseClient, level: Exclude<LogLevel, 'off'>, message: string) => void;

/** Per-request overrides. */
export interface RequestOptions {
  timeout?: number;
  maxRetries?: number;
  headers?: HeaderValues;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Sent in the idempotency header; generated when absent. */
  idempotencyKey?: string;
  /** Sends the request with this HTTP method instead of the operation's. */
  method?: HTTPMethod;
  /** Sends the request to this path (relative to the base URL, or absolute) instead of the operation's. */
  path?: string;
  /** Sends this body instead of the one built from the params. */
  body?: unknown;
}

const REQUEST_OPTION_KEYS: ReadonlySet<string> = new Set([
  'timeout',
  'maxRetries',
  'headers',
  'query',
  'signal',
  'idempotencyKey',
  'method',
  'path',
  'body',
]);

/**
 * Whether `value` is request options rather than params: a non-empty plain object whose keys are
 * all request option keys and none of `paramKeys` (the method's own params keys win).
 */
export function isRequestOptions(value: unknown, paramKeys: readonly string[] = []): value is RequestOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => REQUEST_OPTION_KEYS.has(key) && !paramKeys.includes(key));
}

/** One API call as generated code describes it (or as a Stainless SDK's `client.request(...)` takes it). */
export interface APIRequest {
  method: HTTPMethod;
  /** A path relative to the base URL, or an absolute URL (next-page links). */
  path: string;
  query?: Record<string, unknown> | undefined;
  queryStyles?: Record<string, QueryStyle> | undefined;
  headers?: Record<string, unknown> | undefined;
  /** Cookie parameters, sent in the `Cookie` header after any Cookie header already set. */
  cookies?: Record<string, unknown> | undefined;
  body?: unknown;
  bodyKind?: BodyKind | undefined;
  /** Content type for `text` / `binary` bodies. */
  contentType?: string | undefined;
  responseKind?: ResponseKind | undefined;
  /** The Accept header when the response's media types are not plain JSON (a vendor `application/…+json`); else by `responseKind`. */
  accept?: string | undefined;
  /** Absent: every configured credential is sent (the description states no security at all). */
  security?: SecurityRequirements | undefined;
  // Request options given with the request, as a Stainless SDK's `FinalRequestOptions` has them
  // (`client.get(path, { signal })`); those of the second argument of `request` win.
  signal?: AbortSignal | undefined;
  timeout?: number | undefined;
  maxRetries?: number | undefined;
  idempotencyKey?: string | undefined;
}

/** What `buildRequest` gives: the `fetch` URL and init (no signal), and the request's timeout. */
export interface BuiltRequest {
  req: RequestInit & { headers: RequestHeaders };
  url: string;
  timeout: number;
}

/**
 * Request headers: a `Headers` whose entries can also be read as properties by their lowercase
 * names (`headers['x-foo']`), as the plain header objects of the older Stainless SDKs. A name
 * that is a member of `Headers` (`get`) is read with `get` only.
 */
export class RequestHeaders extends Headers {
  constructor(init?: HeadersInit) {
    super(init);
    this.#mirror();
  }

  override set(name: string, value: string): void {
    super.set(name, value);
    this.#mirror();
  }

  override append(name: string, value: string): void {
    super.append(name, value);
    this.#mirror();
  }

  override delete(name: string): void {
    super.delete(name);
    this.#mirror();
  }

  #mirror(): void {
    const own = this as unknown as Record<string, string>;
    for (const key of Object.keys(own)) delete own[key];
    for (const [name, value] of this.entries())
      if (!(name in this)) Object.defineProperty(this, name, { value, enumerable: true, configurable: true, writable: true });
  }
}

export const DEFAULT_TIMEOUT = 60_000;
export const DEFAULT_MAX_RETRIES = 2;
const MAX_RETRY_DELAY = 8_000;
const INITIAL_RETRY_DELAY = 500;

/** Reads an environment variable on runtimes that have `process.env` (undefined elsewhere or when empty). */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Replaces `{name}` placeholders of a server URL template. */
export function applyServerVariables(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole: string, name: string) => values[name] ?? whole);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function randomKey(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A request as its attempts share it. */
interface PreparedRequest {
  request: APIRequest;
  options: RequestOptions;
  maxRetries: number;
  idempotencyKey: string | undefined;
  schemes: ReadonlySet<string> | undefined;
  url: string;
}

/** A body a Stainless-style request (no `bodyKind`) sends as it is, or as a stream, rather than as JSON. */
function isRawBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  if (ArrayBuffer.isView(body) || body instanceof ArrayBuffer || body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams || body instanceof ReadableStream) return true;
  return Symbol.asyncIterator in body || (Symbol.iterator in body && 'next' in body && typeof body.next === 'function');
}

/** Whether the request's body is sent as JSON: its `bodyKind` says so, or it has none and the body is no binary, form or stream. */
function isJsonBody(request: APIRequest): boolean {
  if (request.body === undefined) return false;
  return request.bodyKind === 'json' || (request.bodyKind === undefined && !isRawBody(request.body));
}

/** A raw body (`isRawBody`) as `fetch` takes it: iterators and async iterables become a `ReadableStream`. */
function rawBody(body: unknown): BodyInit {
  if (typeof body === 'object' && body !== null && (Symbol.asyncIterator in body || 'next' in body) && !(body instanceof ReadableStream)) {
    const source = body as AsyncIterable<unknown> | Iterator<unknown>;
    const iterator: AsyncIterator<unknown> | Iterator<unknown> = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source;
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : (value as Uint8Array));
      },
      async cancel() {
        await iterator.return?.();
      },
    });
  }
  return body as BodyInit;
}

function headerText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => String(item)).join(',');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

export abstract class BaseClient {
  static {
    logThrough = (client, level, message) => client.#log(level, message);
  }

  baseURL: string;
  timeout: number;
  maxRetries: number;
  protected readonly _fetch: Fetch;
  protected readonly _defaultHeaders: HeaderValues;
  protected readonly _defaultQuery: Record<string, unknown>;
  protected readonly _idempotencyHeader: string | null;
  protected readonly _fetchOptions: RequestInit | undefined;
  protected readonly _httpAgent: unknown;
  protected readonly _logLevel: LogLevel;
  protected readonly _logger: Logger;
  readonly #defaultBaseURL: string | undefined;
  readonly #retryCountHeader: string | undefined;
  readonly #legacyJsonBodies: boolean;

  constructor(options: BaseClientOptions) {
    this.baseURL = options.baseURL ?? options.defaultBaseURL ?? '';
    this.#defaultBaseURL = options.defaultBaseURL;
    this.#retryCountHeader = options.retryCountHeader;
    this.#legacyJsonBodies = options.legacyJsonBodies ?? false;
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    const fetchImpl = options.fetch ?? (globalThis as { fetch?: Fetch }).fetch;
    if (!fetchImpl) throw new Error('No `fetch` is available; pass one in the client options.');
    this._fetch = fetchImpl;
    this._defaultHeaders = options.defaultHeaders ?? {};
    this._defaultQuery = options.defaultQuery ?? {};
    this._idempotencyHeader = options.idempotencyHeader === undefined ? 'Idempotency-Key' : options.idempotencyHeader;
    this._fetchOptions = options.fetchOptions;
    this._httpAgent = options.httpAgent;
    this._logger = options.logger ?? console;
    // The option, else the environment variable, else `warn`; a value that is no level is warned about and passed over.
    const level = (value: unknown, source: string): LogLevel | undefined => {
      if (value === undefined) return undefined;
      const parsed = parseLogLevel(value);
      if (parsed === undefined)
        this._logger.warn(`${source} was set to ${JSON.stringify(value)}, expected one of ${JSON.stringify(Object.keys(LOG_LEVELS))}`);
      return parsed;
    };
    const env = options.logLevelEnv;
    this._logLevel =
      level(options.logLevel, 'ClientOptions.logLevel') ??
      (env !== undefined ? level(readEnv(env), `process.env['${env}']`) : undefined) ??
      'warn';
  }

  /** Logs `message` when `level` is at least as severe as the client's `logLevel`. */
  #log(level: Exclude<LogLevel, 'off'>, message: string, ...rest: unknown[]): void {
    if (LOG_LEVELS[level] <= LOG_LEVELS[this._logLevel]) this._logger[level](message, ...rest);
  }

  /** Credentials for a request: headers to set and query parameters to add, for the given security schemes (all when undefined). */
  protected authHeaders(_schemes?: ReadonlySet<string>): HeaderValues {
    return {};
  }

  protected authQuery(_schemes?: ReadonlySet<string>): Record<string, string> {
    return {};
  }

  /**
   * Credentials obtained over the network (an OAuth2 access token) for the request's schemes, set
   * after `authHeaders`; awaited before every attempt.
   */
  protected async fetchedAuthHeaders(_schemes?: ReadonlySet<string>): Promise<HeaderValues> {
    return {};
  }

  /**
   * The API answered 401 to a request that carried `sent` (from `fetchedAuthHeaders`): true when a
   * fetched credential was dropped and the request may be sent once more with a new one.
   */
  protected unauthorized(_sent: HeaderValues): boolean {
    return false;
  }

  /** Whether the credentials of security scheme `scheme` are configured. */
  protected hasCredentials(_scheme: string): boolean {
    return false;
  }

  /** The security schemes a request carries credentials for (undefined = every configured one). */
  protected authSchemes(security: SecurityRequirements | undefined): ReadonlySet<string> | undefined {
    if (security === undefined) return undefined;
    const chosen = security.find((alternative) => alternative.every((scheme) => this.hasCredentials(scheme)));
    return new Set(chosen ?? []);
  }

  protected userAgent(): string {
    return 'sdk/typescript';
  }

  /**
   * The URL of `path` with `query` and the default query. `defaultBaseURL` (an operation's own
   * server) replaces the base URL unless the client's was given (an option, the environment
   * variable, or set since).
   */
  buildURL(path: string, query?: Record<string, unknown> | null, defaultBaseURL?: string): string {
    return this.#url(path, query ?? undefined, undefined, undefined, defaultBaseURL);
  }

  #url(path: string, query: Record<string, unknown> | undefined, styles?: Record<string, QueryStyle>, schemes?: ReadonlySet<string>, defaultBaseURL?: string): string {
    const overridden = this.#defaultBaseURL === undefined || this.baseURL !== this.#defaultBaseURL;
    const baseURL = (!overridden && defaultBaseURL) || this.baseURL;
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
    if (!absolute && !/^[a-z][a-z0-9+.-]*:\/\//i.test(baseURL)) {
      throw new Error(`The base URL ${JSON.stringify(baseURL)} is not an absolute URL; pass \`baseURL\` in the client options.`);
    }
    const url = absolute ? new URL(path) : new URL(baseURL.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
    const merged: Record<string, unknown> = { ...this._defaultQuery, ...this.authQuery(schemes), ...query };
    const search = buildQuery(merged, styles);
    if (search !== '') url.search = url.search === '' ? search : `${url.search.slice(1)}&${search}`;
    return url.toString();
  }

  #buildHeaders(request: APIRequest, options: RequestOptions, idempotencyKey: string | undefined, retryCount: number, schemes: ReadonlySet<string> | undefined, fetchedAuth: HeaderValues): RequestHeaders {
    const headers = new RequestHeaders();
    const set = (values: Record<string, unknown> | undefined): void => {
      for (const [name, value] of Object.entries(values ?? {})) {
        if (value === null) headers.delete(name);
        else {
          const text = headerText(value);
          if (text !== undefined) headers.set(name, text);
        }
      }
    };
    headers.set('accept', request.accept ?? acceptFor(request.responseKind));
    headers.set('user-agent', this.userAgent());
    if (isJsonBody(request)) headers.set('content-type', 'application/json');
    if (request.bodyKind === 'form' && request.body !== undefined) headers.set('content-type', 'application/x-www-form-urlencoded');
    if ((request.bodyKind === 'text' || request.bodyKind === 'binary') && request.contentType) headers.set('content-type', request.contentType);
    if (idempotencyKey !== undefined && this._idempotencyHeader) headers.set(this._idempotencyHeader, idempotencyKey);
    if (this.#retryCountHeader !== undefined) headers.set(this.#retryCountHeader, String(retryCount));
    else if (retryCount > 0) headers.set('x-retry-count', String(retryCount));
    set(this.authHeaders(schemes));
    set(fetchedAuth);
    set(this._defaultHeaders);
    set(request.headers);
    set(options.headers);
    const cookies = cookiePairs(request.cookies);
    if (cookies !== undefined) {
      const existing = headers.get('cookie');
      headers.set('cookie', existing === null || existing.trim() === '' ? cookies : `${existing}; ${cookies}`);
    }
    return headers;
  }

  #buildBody(request: APIRequest): BodyInit | undefined {
    const { body } = request;
    if (body === undefined) return undefined;
    if (request.bodyKind === undefined && !isJsonBody(request)) return rawBody(body);
    switch (request.bodyKind ?? 'json') {
      case 'json':
        return this.#legacyJsonBodies ? JSON.stringify(body, null, 2) : JSON.stringify(body);
      case 'multipart':
        return toFormData(body);
      case 'form':
        return urlEncodedText(body);
      case 'text':
        return String(body);
      case 'binary':
        return body as BodyInit;
    }
  }

  /**
   * Sends a request, retrying where allowed, and decodes the response. The returned promise
   * resolves to the data; `.asResponse()` / `.withResponse()` reach the HTTP response.
   */
  request<T>(request: APIRequest, options: RequestOptions = {}): APIPromise<T> {
    return new APIPromise<T>(this.sendRequest(request, options), (raw) => decodeResponse<T>(raw, request));
  }

  /**
   * The `fetch` URL and init of a request (retry number `retryCount`), as a Stainless SDK's
   * `buildRequest`; credentials fetched over the network (an OAuth2 token) are not in it.
   */
  buildRequest(request: APIRequest, { retryCount = 0 }: { retryCount?: number } = {}): BuiltRequest {
    const prepared = this.#prepare(request, {});
    return this.#attempt(prepared, retryCount, {});
  }

  /** The request with the overrides of `options`, and what stays the same over its attempts. */
  #prepare(operationRequest: APIRequest, given: RequestOptions): PreparedRequest {
    const request: APIRequest = {
      ...operationRequest,
      ...(given.method !== undefined ? { method: given.method } : {}),
      ...(given.path !== undefined ? { path: given.path } : {}),
      ...(given.body !== undefined ? { body: given.body } : {}),
    };
    const options: RequestOptions = { ...given };
    const signal = given.signal ?? request.signal;
    const timeout = given.timeout ?? request.timeout;
    const maxRetriesGiven = given.maxRetries ?? request.maxRetries;
    const key = given.idempotencyKey ?? request.idempotencyKey;
    if (signal !== undefined) options.signal = signal;
    if (timeout !== undefined) options.timeout = timeout;
    if (key !== undefined) options.idempotencyKey = key;
    const maxRetries = maxRetriesGiven ?? this.maxRetries;
    const idempotencyKey = request.method !== 'get' && request.method !== 'head' && maxRetries > 0 ? (key ?? randomKey()) : undefined;
    const schemes = this.authSchemes(request.security);
    const url = this.#url(request.path, { ...request.query, ...options.query }, request.queryStyles, schemes);
    return { request, options, maxRetries, idempotencyKey, schemes, url };
  }

  /** One attempt's `fetch` init (no signal) and timeout. Headers and body first: if either throws (a header name fetch refuses), no timer is left behind. */
  #attempt(prepared: PreparedRequest, attempt: number, fetchedAuth: HeaderValues): BuiltRequest {
    const { request, options, idempotencyKey, schemes, url } = prepared;
    const headers = this.#buildHeaders(request, options, idempotencyKey, attempt, schemes, fetchedAuth);
    const body = this.#buildBody(request);
    if (this.#legacyJsonBodies && isJsonBody(request) && typeof body === 'string' && !headers.has('content-length'))
      headers.set('content-length', String(new TextEncoder().encode(body).length));
    const req: RequestInit & { headers: RequestHeaders } = {
      ...this._fetchOptions,
      method: request.method.toUpperCase(),
      headers,
    };
    if (body !== undefined) req.body = body;
    // A stream body is sent as it is read (`fetch` wants to be told).
    if (body instanceof ReadableStream) Object.assign(req, { duplex: 'half' });
    if (this._httpAgent !== undefined) Object.assign(req, { agent: this._httpAgent });
    return { req, url, timeout: options.timeout ?? this.timeout };
  }

  /** Sends a request, retrying where allowed, until a successful response (errors by status are thrown); its body is left unread. */
  async sendRequest(operationRequest: APIRequest, given: RequestOptions = {}): Promise<RawResponse> {
    const prepared = this.#prepare(operationRequest, given);
    const { options, maxRetries, schemes, url } = prepared;
    let reauthorized = false;
    for (let attempt = 0; ; attempt++) {
      const retriesLeft = maxRetries - attempt;
      if (options.signal?.aborted) throw new APIUserAbortError();
      const fetchedAuth = await this.fetchedAuthHeaders(schemes);
      const { req, timeout } = this.#attempt(prepared, attempt, fetchedAuth);
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout);
      const onAbort = (): void => controller.abort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const done = (): void => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      const init: RequestInit = { ...req, signal: controller.signal };
      this.#log('debug', `request ${init.method} ${url}${attempt > 0 ? ` (retry ${attempt})` : ''}`);

      let response: Response;
      try {
        response = await this._fetch(url, init);
      } catch (cause) {
        done();
        if (options.signal?.aborted) throw new APIUserAbortError();
        if (retriesLeft > 0) {
          await sleep(retryDelay(attempt, undefined));
          continue;
        }
        if (timedOut) throw new APITimeoutError();
        throw new APIConnectionError({ cause });
      }

      if (!response.ok) {
        // A fetched token the API refused: fetched anew and sent once more (not counted as a retry).
        if (response.status === 401 && !reauthorized && this.unauthorized(fetchedAuth)) {
          reauthorized = true;
          done();
          await response.body?.cancel().catch(() => undefined);
          attempt--;
          continue;
        }
        if (retriesLeft > 0 && shouldRetry(response)) {
          this.#log('info', `${init.method} ${url} answered ${response.status}; retrying (${retriesLeft} left)`);
          done();
          await response.body?.cancel().catch(() => undefined);
          await sleep(retryDelay(attempt, response.headers));
          continue;
        }
        let errorBody: unknown;
        try {
          errorBody = await readBody(response);
        } catch (cause) {
          done();
          if (timedOut) throw new APITimeoutError();
          throw new APIConnectionError({ cause });
        }
        done();
        this.#log('debug', `response ${response.status} to ${init.method} ${url}`);
        throw APIError.generate(response.status, errorBody, response.statusText || undefined, response.headers);
      }
      this.#log('debug', `response ${response.status} to ${init.method} ${url}`);
      return { response, controller, release: () => clearTimeout(timer), done, timedOut: () => timedOut };
    }
  }
}

/**
 * The Accept header for a response kind: a text or binary response (a download, `text/plain`) accepts
 * any type, since the description's media type may be any (a server that negotiates answers 406 to
 * `application/json` there).
 */
function acceptFor(kind: ResponseKind | undefined): string {
  if (kind === 'event-stream' || kind === 'event-stream-text') return 'text/event-stream';
  if (kind === 'text' || kind === 'binary') return '*/*';
  return 'application/json';
}

/** The response body as the request's `responseKind` says: JSON, text, a stream, the `Response` itself (binary), or nothing. */
export async function decodeResponse<T>(raw: RawResponse, request: APIRequest): Promise<T> {
  const { response, controller, done } = raw;
  const kind = request.responseKind ?? 'json';
  if (kind === 'event-stream' || kind === 'event-stream-text') {
    raw.release(); // a stream may legitimately run longer than the timeout
    return (kind === 'event-stream' ? Stream.json(response, controller) : Stream.text(response, controller)) as T;
  }
  if (kind === 'binary') {
    done();
    return response as T;
  }
  try {
    if (kind === 'none' || response.status === 204) {
      await response.body?.cancel().catch(() => undefined);
      return undefined as T;
    }
    const text = await response.text();
    if (kind === 'text') return text as T;
    return (text === '' ? undefined : isJson(response) ? JSON.parse(text) : text) as T;
  } catch (cause) {
    if (raw.timedOut()) throw new APITimeoutError();
    if (cause instanceof SyntaxError) throw cause;
    throw new APIConnectionError({ cause });
  } finally {
    done();
  }
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type === '' || /[/+]json\b/i.test(type);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (isJson(response)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function shouldRetry(response: Response): boolean {
  const explicit = response.headers.get('x-should-retry');
  if (explicit === 'true') return true;
  if (explicit === 'false') return false;
  const { status } = response;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds to wait before retry number `attempt + 1`. */
export function retryDelay(attempt: number, headers: Headers | undefined): number {
  const fromHeaders = retryAfterMs(headers);
  if (fromHeaders !== undefined && fromHeaders >= 0 && fromHeaders <= 60_000) return fromHeaders;
  const base = Math.min(INITIAL_RETRY_DELAY * 2 ** attempt, MAX_RETRY_DELAY);
  return base * (1 - Math.random() * 0.25);
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Number(ms);
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  if (/^\s*[0-9]+(\.[0-9]+)?\s*$/.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

/** An `Authorization: Basic` value (UTF-8 credentials). */
export function basicAuth(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
