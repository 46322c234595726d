// OAuth2 client credentials and webhook verification of the generated TypeScript SDK, as a user
// runs them: the `oauth-hooks` fixture's package is compiled to JS and imported, and it calls a
// real node:http server on 127.0.0.1 that is both the token endpoint (counting fetches, issuing
// expiring tokens, revoking them, failing on demand) and the API. Webhook deliveries are signed
// with `standardwebhooks` (the reference implementation) and POSTed to a receiver that unwraps them
// with the SDK; GitHub and Stripe signatures are made with node:crypto. The hostile fixture's
// package runs too, to show no scheme, scope or webhook name becomes code.

import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  json,
  type OAuthServer,
  type OAuthState,
  readBody,
  startOAuthServer,
} from '../../../fakes/oauth-server.ts';
import { checkOptions, fixtureModel, runTsc, writeFiles } from './helpers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the compiled SDK is imported at runtime */
type Sdk = Record<string, any>;

const root = mkdtempSync(join(tmpdir(), 'ts-sdk-oauth-'));
let api: OAuthServer;
let auth: OAuthState;
let origin = '';
let baseURL = '';
let sdk: Sdk;
let hostile: Sdk;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Deliveries the receiver got, with what `unwrap` made of them. */
const received: { ok: boolean; event?: unknown; error?: string; errorClass?: string }[] = [];

/** The webhook receiver: the raw body and Node's headers, as an express / node:http handler has them. */
async function receiver(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (req.method !== 'POST' || url.pathname !== '/hooks') return false;
  const raw = await readBody(req);
  try {
    const client = new sdk.HookedPets({ webhookSecret: url.searchParams.get('secret') ?? undefined, baseURL });
    const event = await client.webhooks.unwrap(raw, req.headers);
    received.push({ ok: true, event });
    json(res, 200, { ok: true });
  } catch (error) {
    received.push({ ok: false, error: String(error), errorClass: (error as Error).constructor.name });
    json(res, 400, { error: String(error) });
  }
  return true;
}

beforeAll(async () => {
  api = await startOAuthServer(receiver);
  auth = api.state;
  origin = api.origin;
  baseURL = api.baseURL;
  writeFiles(join(root, 'hooked'), emitTypeScriptSdk(await fixtureModel('oauth-hooks')));
  writeFiles(join(root, 'hostile'), emitTypeScriptSdk(await fixtureModel('hostile-hooks')));
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: checkOptions({ rootDir: '.', outDir: 'out' }),
      include: ['hooked/src/**/*.ts', 'hostile/src/**/*.ts'],
    }),
  );
  const { code, output } = await runTsc(join(root, 'tsconfig.json'));
  if (code !== 0) throw new Error(`compiling the generated SDKs failed:\n${output}`);
  writeFileSync(join(root, 'out/package.json'), JSON.stringify({ type: 'module' }));
  sdk = (await import(pathToFileURL(join(root, 'out/hooked/src/index.js')).href)) as Sdk;
  hostile = (await import(pathToFileURL(join(root, 'out/hostile/src/index.js')).href)) as Sdk;
}, 120_000);

afterAll(async () => {
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  api.reset();
  received.length = 0;
});

const client = (options: Record<string, unknown> = {}): any =>
  new sdk.HookedPets({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseURL, ...options });

describe('OAuth2 client credentials against a live token endpoint', () => {
  it('N concurrent requests share one token fetch, sent form-encoded with HTTP Basic client auth and the scopes', async () => {
    const c = client();
    const pets = await Promise.all(Array.from({ length: 12 }, (_, i) => c.pets.retrieve(`p${i}`)));
    expect(pets.map((p: { id: string }) => p.id)).toEqual(Array.from({ length: 12 }, (_, i) => `p${i}`));
    expect(auth.fetches).toBe(1);
    expect(auth.apiAuthorizations.every((h) => h === 'Bearer tok-1')).toBe(true);
    const [request] = auth.requests;
    expect(request?.url).toBe('/oauth/token'); // relative tokenUrl resolved against the base URL's origin
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'client_credentials',
      scope: 'pets.read pets.write',
    });
    // The cached token serves later requests without another fetch.
    await c.pets.retrieve('again');
    expect(auth.fetches).toBe(1);
  });

  it('fetches once more shortly before expires_in runs out, however many requests wait', async () => {
    auth.expiresIn = 1; // refreshed after half its lifetime (the margin is min(30 s, lifetime / 2))
    const c = client();
    await c.pets.retrieve('a');
    expect(auth.fetches).toBe(1);
    await c.pets.retrieve('b');
    expect(auth.fetches).toBe(1);
    await sleep(600);
    const after = await Promise.all(Array.from({ length: 6 }, () => c.pets.retrieve('c')));
    expect(auth.fetches).toBe(2);
    expect(after.every((p: { name: string }) => p.name === 'pet tok-2')).toBe(true);
    expect(auth.apiCalls).toBe(8); // no request was refused on the way
  });

  it('a token the server revoked gets one 401, one new fetch and one retry', async () => {
    const c = client();
    await c.pets.retrieve('a');
    auth.revoked.add('tok-1');
    auth.apiCalls = 0;
    const pet = await c.pets.retrieve('b');
    expect(pet.name).toBe('pet tok-2');
    expect(auth.fetches).toBe(2);
    expect(auth.apiCalls).toBe(2);
    expect(auth.apiAuthorizations.slice(-2)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('concurrent requests refused with the same revoked token share one new fetch and all succeed', async () => {
    const c = client();
    await c.pets.retrieve('a');
    auth.revoked.add('tok-1');
    auth.apiCalls = 0;
    const pets = await Promise.all(Array.from({ length: 8 }, (_, i) => c.pets.retrieve(`p${i}`)));
    expect(pets.every((p: { name: string }) => p.name === 'pet tok-2')).toBe(true);
    expect(auth.fetches).toBe(2);
    expect(auth.apiCalls).toBe(16);
  });

  it('gives up after that one retry when the new token is refused too (AuthenticationError)', async () => {
    auth.issueRevoked = true;
    const c = client({ maxRetries: 3 });
    const error = await c.pets.retrieve('a').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(sdk.AuthenticationError);
    expect(auth.fetches).toBe(2);
    expect(auth.apiCalls).toBe(2);
  });

  it('a failing token endpoint becomes OAuthError (status, error, error_description), one fetch for concurrent callers', async () => {
    auth.fail = true;
    const c = client();
    const errors = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.pets.retrieve('a').then(
          () => undefined,
          (e: unknown) => e,
        ),
      ),
    );
    expect(auth.fetches).toBe(1);
    expect(auth.apiCalls).toBe(0);
    for (const error of errors) {
      expect(error).toBeInstanceOf(sdk.OAuthError);
      expect(error).toBeInstanceOf(sdk.APIError);
      expect(error.status).toBe(401);
      expect(error.error).toBe('invalid_client');
      expect(error.errorDescription).toBe('unknown client');
      expect(error.message).toBe('OAuth token request failed with 401: invalid_client (unknown client)');
    }
    // Not cached: the next request asks again, and succeeds once the endpoint does.
    auth.fail = false;
    expect((await c.pets.retrieve('b')).name).toBe('pet tok-2');
    expect(auth.fetches).toBe(2);
  });

  it('an unreachable token endpoint becomes OAuthError without a status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const c = client({ baseURL: `http://127.0.0.1:${port}/v1` });
    const error = await c.pets.retrieve('a').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(sdk.OAuthError);
    expect(error.status).toBeUndefined();
  });

  it('a bearer token given directly is sent as is, with no token fetch', async () => {
    const c = client({ accessToken: 'static-token' });
    expect((await c.pets.retrieve('a')).name).toBe('pet static-token');
    expect(auth.fetches).toBe(0);
    expect(auth.apiAuthorizations).toEqual(['Bearer static-token']);
  });

  it('reads HOOKED_CLIENT_ID / HOOKED_CLIENT_SECRET, and fetches no token for an operation with `security: []`', async () => {
    process.env.HOOKED_CLIENT_ID = CLIENT_ID;
    process.env.HOOKED_CLIENT_SECRET = CLIENT_SECRET;
    try {
      const c = new sdk.HookedPets({ baseURL });
      expect(c.clientId).toBe(CLIENT_ID);
      expect(await c.health.ping()).toEqual({ ok: true });
      expect(auth.fetches).toBe(0);
      expect(auth.apiAuthorizations).toEqual([undefined]);
      expect((await c.pets.retrieve('a')).name).toBe('pet tok-1');
      expect(auth.fetches).toBe(1);
    } finally {
      delete process.env.HOOKED_CLIENT_ID;
      delete process.env.HOOKED_CLIENT_SECRET;
    }
    // Without credentials the request goes out without Authorization and the API's 401 stands.
    await expect(new sdk.HookedPets({ baseURL }).pets.retrieve('a')).rejects.toBeInstanceOf(sdk.AuthenticationError);
    expect(auth.fetches).toBe(1);
  });

  it('the hostile fixture (scheme, scopes, token URL and webhook names written to inject) runs without executing any of it', async () => {
    const g = globalThis as { __pwned?: unknown };
    const c = new hostile.HostileHooksGlobalThisPwned10({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, baseURL });
    expect(await c.things.list()).toEqual(['a']);
    expect(auth.fetches).toBe(1);
    expect(new URL(auth.requests[0]?.url ?? '', origin).searchParams.get('x')).toBe(
      '"; globalThis.__pwned = 14; //`${globalThis.__pwned = 15}`',
    );
    expect(new URLSearchParams(auth.requests[0]?.body).get('scope')).toBe(
      'scope"); globalThis.__pwned = 12; (" read */ write ünïcødé\u2028',
    );
    const secret = `whsec_${Buffer.from('hostile secret').toString('base64')}`;
    const body = JSON.stringify({ '"\'`${globalThis.__pwned = 18}`': 'x' });
    const headers = signed(secret, body);
    // A resource is called `webhooks` here (GET /webhooks), so the verifier is `webhookEvents`.
    expect(await c.webhooks.list()).toEqual(['a']);
    expect(await c.webhookEvents.unwrap(body, headers, { secret })).toEqual(JSON.parse(body));
    expect(g.__pwned).toBeUndefined();
  });
});

const SECRET = `whsec_${Buffer.from('a 24-byte webhook secret').toString('base64')}`;
const OTHER_SECRET = `whsec_${Buffer.from('another webhook secret!!').toString('base64')}`;
const EVENT = { type: 'pet.created', data: { id: 'p1', name: 'Rex ☃' } };

function signed(secret: string, body: string, at = new Date(), id = 'msg_1'): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** POSTs a delivery to the receiver; resolves with its status and what `unwrap` made of it. */
async function deliver(
  body: string,
  headers: Record<string, string>,
  secret = SECRET,
): Promise<{ status: number; result: (typeof received)[number] | undefined }> {
  const response = await fetch(`${origin}/hooks?secret=${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  await response.text();
  return { status: response.status, result: received.at(-1) };
}

describe('webhooks.unwrap (Standard Webhooks) on deliveries signed by the reference implementation', () => {
  const body = JSON.stringify(EVENT);

  it('returns the typed event of a valid delivery (Node headers, raw bytes)', async () => {
    const { status, result } = await deliver(body, signed(SECRET, body));
    expect(status).toBe(200);
    expect(result?.event).toEqual(EVENT);
  });

  it('refuses a tampered body', async () => {
    const { status, result } = await deliver(body.replace('Rex', 'Max'), signed(SECRET, body));
    expect(status).toBe(400);
    expect(result?.errorClass).toBe('WebhookVerificationError');
  });

  it('refuses a timestamp more than five minutes old or ahead, accepts one within', async () => {
    const old = await deliver(body, signed(SECRET, body, new Date(Date.now() - 6 * 60_000)));
    expect(old.status).toBe(400);
    expect(old.result?.error).toMatch(/too old/);
    const ahead = await deliver(body, signed(SECRET, body, new Date(Date.now() + 6 * 60_000)));
    expect(ahead.status).toBe(400);
    expect(ahead.result?.error).toMatch(/too new/);
    expect((await deliver(body, signed(SECRET, body, new Date(Date.now() - 4 * 60_000)))).status).toBe(200);
  });

  it('refuses a delivery signed with another secret', async () => {
    const { status, result } = await deliver(body, signed(OTHER_SECRET, body));
    expect(status).toBe(400);
    expect(result?.error).toMatch(/No matching webhook signature/);
  });

  it('accepts any of several signatures (a rotated secret), with either secret', async () => {
    const headers = signed(SECRET, body);
    const rotated = {
      ...headers,
      'webhook-signature': `v2,abc ${signed(OTHER_SECRET, body)['webhook-signature']} ${headers['webhook-signature']}`,
    };
    expect((await deliver(body, rotated, SECRET)).status).toBe(200);
    expect((await deliver(body, rotated, OTHER_SECRET)).status).toBe(200);
    const third = `whsec_${Buffer.from('a third secret, not used').toString('base64')}`;
    expect((await deliver(body, rotated, third)).status).toBe(400);
  });

  it('refuses a delivery missing any of the three headers', async () => {
    for (const missing of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const headers = signed(SECRET, body);
      delete headers[missing];
      const { status, result } = await deliver(body, headers);
      expect(status, missing).toBe(400);
      expect(result?.error).toMatch(/Missing webhook-id, webhook-timestamp or webhook-signature/);
    }
  });

  it('takes the secret from HOOKED_WEBHOOK_SECRET or the call, and refuses to verify without one', async () => {
    const headers = new Headers(signed(SECRET, body));
    const none = new sdk.HookedPets({ baseURL });
    await expect(none.webhooks.unwrap(body, headers)).rejects.toBeInstanceOf(sdk.WebhookVerificationError);
    expect(await none.webhooks.unwrap(body, headers, { secret: SECRET })).toEqual(EVENT);
    process.env.HOOKED_WEBHOOK_SECRET = SECRET;
    try {
      expect(await new sdk.HookedPets({ baseURL }).webhooks.unwrap(body, headers)).toEqual(EVENT);
    } finally {
      delete process.env.HOOKED_WEBHOOK_SECRET;
    }
    // parseUnverified is the only way to read a body without a check, and says so in its name.
    expect(none.webhooks.parseUnverified(body)).toEqual(EVENT);
    expect('parse' in none.webhooks).toBe(false);
  });

  it('verifies and returns a callback delivery (the `onAdoption` callback of POST /subscriptions) the same way', async () => {
    const callback = JSON.stringify({ pet_id: 'p9', adopted_at: '2026-01-01T00:00:00Z' });
    const { status, result } = await deliver(callback, signed(SECRET, callback));
    expect(status).toBe(200);
    expect(result?.event).toEqual(JSON.parse(callback));
    expect((await deliver(callback, signed(OTHER_SECRET, callback))).status).toBe(400);
  });

  it('the reference implementation accepts what it signed (the fixture is a real Standard Webhooks delivery)', () => {
    expect(new Webhook(SECRET).verify(body, signed(SECRET, body))).toEqual(EVENT);
  });
});

describe('webhooks with the github and stripe schemes', () => {
  const body = JSON.stringify(EVENT);
  const key = 'plain secret';
  const hex = (data: string): string => createHmac('sha256', key).update(data).digest('hex');

  it('github: X-Hub-Signature-256 sha256=<hex> over the body', async () => {
    const hooks = new sdk.Webhooks(key, 'github');
    expect(await hooks.unwrap(body, { 'x-hub-signature-256': `sha256=${hex(body)}` })).toEqual(EVENT);
    await expect(hooks.unwrap(`${body} `, { 'x-hub-signature-256': `sha256=${hex(body)}` })).rejects.toBeInstanceOf(
      sdk.WebhookVerificationError,
    );
    await expect(hooks.unwrap(body, {})).rejects.toThrow(/Missing X-Hub-Signature-256/);
  });

  it('stripe: Stripe-Signature t=<ts>,v1=<hex> over `${t}.${body}`, with tolerance', async () => {
    const hooks = new sdk.Webhooks(key, 'stripe');
    const t = Math.floor(Date.now() / 1000);
    const header = (ts: number, data = body): string => `t=${ts},v1=${'0'.repeat(64)},v1=${hex(`${ts}.${data}`)}`;
    expect(await hooks.unwrap(body, { 'stripe-signature': header(t) })).toEqual(EVENT);
    await expect(hooks.unwrap(body, { 'stripe-signature': header(t - 301) })).rejects.toThrow(/too old/);
    await expect(hooks.unwrap(body, { 'stripe-signature': header(t, `${body}x`) })).rejects.toThrow(
      /No matching webhook signature/,
    );
  });
});
