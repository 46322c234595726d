// What every method returns: a promise of the parsed data (`await` it as before) that also
// reaches the HTTP response, in the style of openai-node's `APIPromise`:
// `.asResponse()` gives the raw `Response` with its body unread, `.withResponse()` gives
// `{ data, response }`. The body is parsed once, and only when the data is asked for.
// A Stainless SDK's form is taken too: `new APIPromise(client, responsePromise)`.

import { type APIRequest, type BaseClient, decodeResponse, logThrough } from './base-client.js';

/** A successful response before its body is read, and the means to end its request. */
export interface RawResponse {
  response: Response;
  /** Aborts the request (a stream's connection). */
  controller: AbortController;
  /** Stops the request's timeout without reading the body (the caller reads it at its own pace). */
  release(): void;
  /** Stops the timeout and forgets the caller's abort signal. */
  done(): void;
  /** Whether the timeout fired. */
  timedOut(): boolean;
}

/** The parsed data beside the response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

/** A response as a Stainless SDK's `APIPromise` takes it: the request it answers instead of the means to end it. */
export interface StainlessResponse {
  response: Response;
  controller: AbortController;
  options: Pick<APIRequest, 'method' | 'path'> & Partial<APIRequest>;
  [key: string]: unknown;
}

type Parse<T> = (raw: RawResponse) => Promise<T>;

export class APIPromise<T> extends Promise<T> {
  readonly #raw: Promise<RawResponse>;
  readonly #parse: Parse<T>;
  #parsed: Promise<T> | undefined;

  constructor(raw: Promise<RawResponse>, parse: Parse<T>);
  /** A Stainless SDK's form: the response is parsed as its request says, and logged through the client. */
  constructor(client: BaseClient, raw: PromiseLike<StainlessResponse>, parse?: Parse<T>);
  constructor(first: Promise<RawResponse> | BaseClient, second: Parse<T> | PromiseLike<StainlessResponse>, third?: Parse<T>) {
    // The base promise is never read: then / catch / finally go to the parsed data below.
    super((resolve) => resolve(undefined as T));
    if (first instanceof Promise) {
      this.#raw = first;
      this.#parse = second as Parse<T>;
      return;
    }
    const client = first;
    let request: Partial<APIRequest> = {};
    this.#raw = Promise.resolve(second as PromiseLike<StainlessResponse>).then((given) => {
      request = given.options;
      const noop = (): void => undefined;
      return { response: given.response, controller: given.controller, release: noop, done: noop, timedOut: () => false };
    });
    this.#parse =
      third ??
      (async (raw) => {
        const data = await decodeResponse<T>(raw, { method: 'get', path: '', ...request });
        logThrough(client, 'debug', `response ${raw.response.status} parsed (${String(request.method ?? '').toUpperCase()} ${String(request.path ?? '')})`);
        return data;
      });
  }

  /** The HTTP response, body unread (errors by status are still thrown as `APIError`s). */
  asResponse(): Promise<Response> {
    return this.#raw.then((raw) => {
      raw.release();
      return raw.response;
    });
  }

  /** The parsed data and the HTTP response (its status and headers; the body has been read into `data`). */
  async withResponse(): Promise<WithResponse<T>> {
    const [data, raw] = await Promise.all([this.#data(), this.#raw]);
    return { data, response: raw.response };
  }

  #data(): Promise<T> {
    this.#parsed ??= this.#raw.then(this.#parse);
    return this.#parsed;
  }

  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#data().then(onfulfilled, onrejected);
  }

  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#data().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#data().finally(onfinally);
  }
}
