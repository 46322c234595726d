// OAuth2 client credentials (RFC 6749 section 4.4): the client id and secret are exchanged at the
// token endpoint for an access token, which is cached and sent as `Authorization: Bearer`. The
// token is fetched again shortly before `expires_in` runs out, or once when the API answers 401
// to it; concurrent requests wait for one shared fetch.

import type { Fetch } from './base-client.js';
import { APIError } from './errors.js';

/** Seconds before `expires_in` runs out at which a token is fetched anew (at most half its lifetime). */
export const TOKEN_REFRESH_MARGIN = 30;

const MAX_REMEMBERED_TOKENS = 16;

export interface ClientCredentialsConfig {
  clientId: string;
  clientSecret: string;
  /** The flow's `tokenUrl`; a relative one is resolved against the base URL. */
  tokenUrl: string;
  /** Scopes requested (space-separated in the `scope` field); none sends no `scope`. */
  scopes: readonly string[];
}

/** The token endpoint refused or failed: its status, and the `error` / `error_description` of RFC 6749 section 5.2. */
export class OAuthError extends APIError {
  /** The `error` code of the token response (`invalid_client`, `invalid_scope`, ...), when sent. */
  readonly error: string | undefined;
  readonly errorDescription: string | undefined;

  constructor(
    status: number | undefined,
    body: unknown,
    headers: Headers | undefined,
    message?: string,
    options: { cause?: unknown } = {},
  ) {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const error = typeof record.error === 'string' ? record.error : undefined;
    const description = typeof record.error_description === 'string' ? record.error_description : undefined;
    super(status, body, message, headers);
    // Said as a token failure, not as the API's error: the status and the RFC 6749 error fields.
    this.message =
      message ??
      `OAuth token request failed${status !== undefined ? ` with ${status}` : ''}${error ? `: ${error}` : ''}${description ? ` (${description})` : ''}`;
    this.error = error;
    this.errorDescription = description;
    if (options.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** `application/x-www-form-urlencoded` encoding of one value (RFC 6749 appendix B: space as `+`). */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/** `Authorization: Basic` with the form-encoded id and secret, as RFC 6749 section 2.3.1 defines it. */
function clientBasicAuth(clientId: string, clientSecret: string): string {
  const bytes = new TextEncoder().encode(`${formEncode(clientId)}:${formEncode(clientSecret)}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

interface CachedToken {
  value: string;
  /** Epoch milliseconds after which the token is fetched again; undefined when the server gave no `expires_in`. */
  refreshAt: number | undefined;
}

/** Fetches, caches and refreshes the access token of a client-credentials flow. */
export class ClientCredentials {
  readonly #config: ClientCredentialsConfig;
  readonly #fetch: Fetch;
  readonly #baseURL: () => string;
  readonly #timeout: () => number;
  #token: CachedToken | undefined;
  #pending: Promise<string> | undefined;
  /** The latest tokens this source fetched (a request refused with one of them may be retried). */
  readonly #issued = new Set<string>();

  constructor(config: ClientCredentialsConfig, fetch: Fetch, baseURL: () => string, timeout: () => number) {
    this.#config = config;
    this.#fetch = fetch;
    this.#baseURL = baseURL;
    this.#timeout = timeout;
  }

  /** The token endpoint's absolute URL. */
  tokenURL(): string {
    try {
      return new URL(this.#config.tokenUrl, this.#baseURL()).toString();
    } catch (cause) {
      throw new OAuthError(
        undefined,
        undefined,
        undefined,
        `The token URL ${JSON.stringify(this.#config.tokenUrl)} cannot be resolved against the base URL.`,
        { cause },
      );
    }
  }

  /** A valid access token: the cached one, else one fetch shared by every caller waiting for it. */
  async token(): Promise<string> {
    const cached = this.#token;
    if (cached !== undefined && (cached.refreshAt === undefined || Date.now() < cached.refreshAt)) return cached.value;
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /**
   * The API refused `token` (401). Drops it from the cache when it is still there, and says whether
   * a retry can carry another token: true for any token this source fetched (a request refused
   * while another was already dropping the same token gets the one fetch that follows).
   */
  invalidate(token: string | undefined): boolean {
    if (token === undefined || !this.#issued.has(token)) return false;
    if (this.#token?.value === token) this.#token = undefined;
    return true;
  }

  async #fetchToken(): Promise<string> {
    const url = this.tokenURL();
    const form = [`grant_type=client_credentials`];
    if (this.#config.scopes.length > 0) form.push(`scope=${formEncode(this.#config.scopes.join(' '))}`);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#timeout());
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          authorization: clientBasicAuth(this.#config.clientId, this.#config.clientSecret),
        },
        body: form.join('&'),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      throw new OAuthError(undefined, undefined, undefined, `The token endpoint could not be reached.`, { cause });
    } finally {
      clearTimeout(timer);
    }
    let body: unknown = text;
    try {
      body = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      // Not JSON: kept as text.
    }
    if (!response.ok) throw new OAuthError(response.status, body, response.headers);
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const value = record.access_token;
    if (typeof value !== 'string' || value === '') {
      throw new OAuthError(response.status, body, response.headers, 'The token response has no `access_token`.');
    }
    const expiresIn = Number(record.expires_in);
    let refreshAt: number | undefined;
    if (record.expires_in !== undefined && record.expires_in !== null && Number.isFinite(expiresIn) && expiresIn > 0) {
      const margin = Math.min(TOKEN_REFRESH_MARGIN, expiresIn / 2);
      refreshAt = Date.now() + (expiresIn - margin) * 1000;
    }
    this.#token = { value, refreshAt };
    this.#issued.add(value);
    if (this.#issued.size > MAX_REMEMBERED_TOKENS) this.#issued.delete(this.#issued.values().next().value as string);
    return value;
  }
}
