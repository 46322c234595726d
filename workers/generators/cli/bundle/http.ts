// The `fetch` the SDK client is given: `--dry-run` records the request the SDK built and stops
// before anything is sent; `--verbose` logs each request and response line to stderr. Secrets
// (authorization and cookie headers, API-key headers and query parameters) are redacted.

import { safeLine, safeText } from './sanitize.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export const REDACTED = '[REDACTED]';

/** Thrown by the dry-run fetch; the runtime recognises it (also as an error's `cause`). */
export class DryRunStop extends Error {
  constructor() {
    super('dry run: the request was not sent');
    this.name = 'DryRunStop';
  }
}

export interface Secrets {
  headers: readonly string[];
  query: readonly string[];
}

const ALWAYS_SECRET = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key'];

export function redactedHeaders(headers: HeadersInit | undefined, secrets: Secrets): [string, string][] {
  const secret = new Set([...ALWAYS_SECRET, ...secrets.headers.map((h) => h.toLowerCase())]);
  const out: [string, string][] = [];
  new Headers(headers).forEach((value, name) => {
    out.push([name, secret.has(name.toLowerCase()) ? REDACTED : value]);
  });
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export function redactedURL(url: string, secrets: Secrets): string {
  if (secrets.query.length === 0) return url;
  try {
    const parsed = new URL(url);
    let changed = false;
    for (const name of secrets.query) {
      if (parsed.searchParams.has(name)) {
        parsed.searchParams.set(name, REDACTED);
        changed = true;
      }
    }
    return changed ? parsed.toString() : url;
  } catch {
    return url;
  }
}

async function describeBody(body: BodyInit | null | undefined, contentType: string | null): Promise<string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    if (contentType !== null && /[/+]json\b/i.test(contentType)) {
      try {
        return JSON.stringify(JSON.parse(body), null, 2).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
      } catch {
        return body;
      }
    }
    return body;
  }
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof FormData) {
    const parts: string[] = [];
    body.forEach((value, name) => {
      parts.push(typeof value === 'string' ? `${name}=${value}` : `${name}=<file ${(value as { name?: string }).name ?? 'blob'}, ${value.size} bytes>`);
    });
    return `multipart/form-data\n${parts.join('\n')}`;
  }
  if (body instanceof Blob) return `<${body.size} bytes>`;
  if (body instanceof ArrayBuffer) return `<${body.byteLength} bytes>`;
  if (ArrayBuffer.isView(body)) return `<${body.byteLength} bytes>`;
  return '<stream>';
}

/** The request as text: `METHOD URL`, headers, a blank line, the body. */
export async function describeRequest(url: string, init: RequestInit | undefined, secrets: Secrets): Promise<string> {
  const headers = redactedHeaders(init?.headers, secrets);
  const lines = [`${(init?.method ?? 'GET').toUpperCase()} ${redactedURL(url, secrets)}`, ...headers.map(([name, value]) => `${name}: ${value}`)];
  const body = await describeBody(init?.body, new Headers(init?.headers).get('content-type'));
  if (body !== undefined) lines.push('', body);
  return `${safeText(lines.join('\n'))}\n`;
}

/** A fetch that only records: the first request is described, then `DryRunStop` is thrown. */
export function dryRunFetch(secrets: Secrets, record: (text: string) => void): FetchLike {
  return async (input, init) => {
    record(await describeRequest(input, init, secrets));
    throw new DryRunStop();
  };
}

/** A fetch that logs `> METHOD URL`, request headers and `< STATUS (ms)` to `log`. */
export function verboseFetch(inner: FetchLike, secrets: Secrets, log: (line: string) => void): FetchLike {
  return async (input, init) => {
    log(`> ${(init?.method ?? 'GET').toUpperCase()} ${safeLine(redactedURL(input, secrets))}`);
    for (const [name, value] of redactedHeaders(init?.headers, secrets)) log(`> ${safeLine(name)}: ${safeLine(value)}`);
    const started = Date.now();
    const response = await inner(input, init);
    log(`< ${response.status} ${safeLine(response.statusText)} (${Date.now() - started} ms)`);
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie') return;
      log(`< ${safeLine(name)}: ${safeLine(value)}`);
    });
    return response;
  };
}
