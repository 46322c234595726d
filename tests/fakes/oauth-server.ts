// The Hooked Pets API (tests/fixtures/typescript/oauth-hooks.openapi.yaml) on 127.0.0.1, with its
// own OAuth2 token endpoint: `POST /oauth/token` checks the client's HTTP Basic credentials and the
// form body, counts fetches, issues `tok-<n>` tokens that expire after `expiresIn` seconds, can
// issue already-revoked tokens or fail on demand; `/v1/...` accepts only a live token. The SDK,
// CLI and MCP tests for client credentials call it; `extra` adds routes (the webhook receiver).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT_ID = 'client:id é';
export const CLIENT_SECRET = 'se cret/+';
/** A token the API accepts without it being issued (an access token given directly). */
export const STATIC_TOKEN = 'static-token';

export interface OAuthState {
  fetches: number;
  apiCalls: number;
  /** `expires_in` of the next tokens (undefined: none sent). */
  expiresIn: number | undefined;
  /** The token endpoint answers 401 invalid_client. */
  fail: boolean;
  /** Tokens issued from now on are already revoked (the API refuses them). */
  issueRevoked: boolean;
  delayMs: number;
  issued: Map<string, { expiresAt: number }>;
  revoked: Set<string>;
  requests: { authorization: string | undefined; contentType: string | undefined; body: string; url: string }[];
  apiAuthorizations: (string | undefined)[];
}

export interface OAuthServer {
  origin: string;
  baseURL: string;
  state: OAuthState;
  reset: () => void;
  close: () => Promise<void>;
}

export type ExtraRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** `application/x-www-form-urlencoded` of one value, as RFC 6749 asks the client id and secret to be encoded before HTTP Basic. */
export function encodeForm(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function freshState(): OAuthState {
  return {
    fetches: 0,
    apiCalls: 0,
    expiresIn: 3600,
    fail: false,
    issueRevoked: false,
    delayMs: 50,
    issued: new Map(),
    revoked: new Set(),
    requests: [],
    apiAuthorizations: [],
  };
}

export async function startOAuthServer(extra?: ExtraRoute): Promise<OAuthServer> {
  const state = freshState();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (extra !== undefined && (await extra(req, res, url))) return;
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const body = (await readBody(req)).toString('utf8');
      state.fetches++;
      state.requests.push({
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
        url: req.url ?? '',
      });
      await sleep(state.delayMs);
      if (state.fail) return json(res, 401, { error: 'invalid_client', error_description: 'unknown client' });
      const expected = `Basic ${Buffer.from(`${encodeForm(CLIENT_ID)}:${encodeForm(CLIENT_SECRET)}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client' });
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      const token = `tok-${state.fetches}`;
      state.issued.set(token, { expiresAt: Date.now() + (state.expiresIn ?? 3600) * 1000 });
      if (state.issueRevoked) state.revoked.add(token);
      return json(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        ...(state.expiresIn !== undefined ? { expires_in: state.expiresIn } : {}),
      });
    }
    if (url.pathname.startsWith('/v1/')) {
      state.apiCalls++;
      state.apiAuthorizations.push(req.headers.authorization);
      if (url.pathname === '/v1/public/ping') return json(res, 200, { ok: true });
      if (url.pathname === '/v1/things' || url.pathname === '/v1/webhooks') return json(res, 200, ['a']);
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const issued = state.issued.get(token);
      const valid =
        token === STATIC_TOKEN || (issued !== undefined && issued.expiresAt > Date.now() && !state.revoked.has(token));
      if (!valid) return json(res, 401, { message: 'invalid token' });
      if (url.pathname.startsWith('/v1/pets/'))
        return json(res, 200, { id: decodeURIComponent(url.pathname.slice(9)), name: `pet ${token}` });
    }
    json(res, 404, { message: 'no route' });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseURL: `${origin}/v1`,
    state,
    reset: () => Object.assign(state, freshState()),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
