// Auto-pagination for cursor, offset and page schemes. A paginated method returns a
// `PagePromise`: `await` it for the first page, or `for await` over it for every item of
// every page; `.withResponse()` gives the first page beside its HTTP response. Field names
// come from the generator config and are passed in as data.

import { APIPromise } from './api-promise.js';
import { type APIRequest, type BaseClient, decodeResponse, type RequestOptions } from './base-client.js';

export interface PaginationConfig {
  style: 'cursor' | 'offset' | 'page';
  /** For `cursor`: an opaque token, the id of the last item, or a next-page URL. */
  cursorKind?: 'token' | 'id' | 'url';
  /** Request (query) parameter names. */
  request: { cursor?: string; limit?: string; offset?: string; page?: string; pageSize?: string };
  /** Dot-separated response field paths; '' for a bare array response. */
  response: { items: string; nextCursor?: string; hasMore?: string; total?: string };
}

function field(body: unknown, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  if (path === '') return body;
  let value: unknown = body;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** One page of results; iterate it with `for await` to walk every following page too. */
/** What every page is (Stainless's name for the base of its page classes): its items, and the way to the next page. */
export abstract class AbstractPage<Item> implements AsyncIterable<Item> {
  abstract getPaginatedItems(): Item[];
  abstract hasNextPage(): boolean;
  abstract getNextPage(): Promise<AbstractPage<Item>>;

  /** This page and every following page. */
  async *iterPages(): AsyncGenerator<AbstractPage<Item>> {
    let page: AbstractPage<Item> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for await (const page of this.iterPages()) yield* page.getPaginatedItems();
  }
}

export class Page<Item> extends AbstractPage<Item> {
  /** The decoded response body of this page. */
  readonly body: unknown;
  readonly #client: BaseClient;
  readonly #request: APIRequest;
  readonly #options: RequestOptions;
  readonly #config: PaginationConfig;

  constructor(client: BaseClient, request: APIRequest, options: RequestOptions, body: unknown, config: PaginationConfig) {
    super();
    this.#client = client;
    this.#request = request;
    this.#options = options;
    this.body = body;
    this.#config = config;
  }

  /** The items on this page. */
  getPaginatedItems(): Item[] {
    const items = field(this.body, this.#config.response.items);
    return Array.isArray(items) ? (items as Item[]) : [];
  }

  /** Alias of `getPaginatedItems()`. */
  get data(): Item[] {
    return this.getPaginatedItems();
  }

  hasNextPage(): boolean {
    return this.nextPageRequest() !== null;
  }

  /** The request for the following page, or null on the last page. */
  nextPageRequest(): APIRequest | null {
    const { style, cursorKind = 'token', request, response } = this.#config;
    const items = this.getPaginatedItems();
    if (field(this.body, response.hasMore) === false) return null;
    const query = { ...this.#request.query };
    if (style === 'cursor') {
      if (cursorKind === 'url') {
        const next = field(this.body, response.nextCursor);
        return typeof next === 'string' && next !== '' ? { ...this.#request, path: next, query: {} } : null;
      }
      let cursor: unknown;
      if (cursorKind === 'id') {
        const last = items[items.length - 1];
        cursor = last === undefined ? undefined : field(last, response.nextCursor ?? 'id');
      } else cursor = field(this.body, response.nextCursor);
      if (cursor === undefined || cursor === null || cursor === '' || request.cursor === undefined) return null;
      if (items.length === 0 && cursorKind === 'id') return null;
      query[request.cursor] = cursor;
      return { ...this.#request, query };
    }
    if (items.length === 0) return null;
    const total = toNumber(field(this.body, response.total));
    if (style === 'offset') {
      if (request.offset === undefined) return null;
      const offset = (toNumber(query[request.offset]) ?? 0) + items.length;
      if (total !== undefined && offset >= total) return null;
      query[request.offset] = offset;
      return { ...this.#request, query };
    }
    if (request.page === undefined) return null;
    const page = (toNumber(query[request.page]) ?? 1) + 1;
    const size = request.pageSize === undefined ? undefined : toNumber(query[request.pageSize]);
    if (total !== undefined && size !== undefined && (page - 1) * size >= total) return null;
    query[request.page] = page;
    return { ...this.#request, query };
  }

  async getNextPage(): Promise<Page<Item>> {
    const next = this.nextPageRequest();
    if (next === null) throw new Error('There is no next page; check hasNextPage() first.');
    return fetchPage<Item>(this.#client, next, this.#options, this.#config);
  }

  /** This page and every following page. */
  override async *iterPages(): AsyncGenerator<Page<Item>> {
    let page: Page<Item> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }
}

export async function fetchPage<Item>(client: BaseClient, request: APIRequest, options: RequestOptions, config: PaginationConfig): Promise<Page<Item>> {
  const body = await client.request<unknown>(request, options);
  return new Page<Item>(client, request, options, body, config);
}

/**
 * The first page as a promise, and every item of every page as an async iterable. As every
 * method's promise, `.asResponse()` / `.withResponse()` reach the first page's HTTP response.
 */
export class PagePromise<Item> extends APIPromise<Page<Item>> implements AsyncIterable<Item> {
  constructor(client: BaseClient, request: APIRequest, options: RequestOptions, config: PaginationConfig) {
    super(client.sendRequest(request, options), async (raw) => new Page<Item>(client, request, options, await decodeResponse<unknown>(raw, request), config));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    const page = await this;
    for await (const item of page) yield item;
  }
}
