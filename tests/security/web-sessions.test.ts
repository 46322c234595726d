import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKey, BrowserSession, Member } from '../../db/models/index.ts';
import { createSignInLink } from '../../server/services/sessions/create-sign-in-link.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, keyWithScopes, newWorkspace } from '../setup/workspace.ts';

// The web app's sessions, over real HTTP: cookie flags, CSRF, fixation, sign-out, expiry, fresh
// roles, one-time sign-in links, and that a cookie never authorizes the REST API.

let service: TestService;
let ws: CreatedWorkspace;
let origin: string;
const ME = `/trpc/identity.me?input=${encodeURIComponent('{}')}`;

interface Answer {
  status: number;
  body: any;
  setCookie: string[];
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  options: {
    body?: unknown;
    cookie?: string;
    origin?: string | null;
    contentType?: string;
    rawBody?: string;
    authorization?: string;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? origin;
  if (options.authorization) headers.authorization = options.authorization;
  let body: string | undefined;
  if (method === 'POST') {
    headers['content-type'] = options.contentType ?? 'application/json';
    body = options.rawBody ?? JSON.stringify(options.body ?? {});
  }
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, setCookie: response.headers.getSetCookie() };
}

/** The `name=value` of a Set-Cookie line, for sending back. */
const cookiePair = (line: string | undefined) => (line ?? '').split(';')[0]!;
const errorCode = (answer: Answer) => (answer.body as { error?: { data?: { code?: string } } }).error?.data?.code;

async function signInWithKey(token: string, extra: { cookie?: string } = {}): Promise<string> {
  const answer = await call('POST', '/trpc/session.signInWithApiKey', { body: { apiKey: token }, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.setCookie).toHaveLength(1);
  return cookiePair(answer.setCookie[0]);
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api' });
  origin = new URL(service.url).origin;
  ws = await newWorkspace(service, 'Sessions');
});
afterAll(async () => service?.stop());

describe('cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, session-limited, and not Secure over plain http', async () => {
    const answer = await call('POST', '/trpc/session.signInWithApiKey', { body: { apiKey: ws.token } });
    const line = answer.setCookie[0]!;
    expect(line).toMatch(/^rs_session=[A-Za-z0-9_-]{43}; /);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/');
    expect(line).toMatch(/Max-Age=\d+/);
    expect(line).not.toContain('Secure');
    expect(JSON.stringify(answer.body)).not.toContain(ws.token);
  });

  it('over https (a TLS-terminating proxy on loopback) is Secure and __Host- prefixed', async () => {
    const response = await fetch(`${service.url}/trpc/session.signInWithApiKey`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: origin.replace('http:', 'https:'),
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ apiKey: ws.token }),
    });
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie()[0]!;
    expect(line).toMatch(/^__Host-rs_session=/);
    expect(line).toContain('Secure');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
  });

  it('authorizes /trpc but never /api (REST stays bearer-only)', async () => {
    const cookie = await signInWithKey(ws.token);
    const me = await call('GET', ME, { cookie });
    expect(me.status).toBe(200);
    expect(me.body.result.data.organization.id).toBe(ws.organization.id);
    const rest = await call('GET', '/api/me', { cookie });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    const restPost = await call('POST', '/api/api-keys', { cookie, body: { name: 'via cookie' } });
    expect(restPost.status).toBe(401);
    const download = await call('GET', `/api/runs/run_x/artifacts/art_x`, { cookie });
    expect(download.status).toBe(401);
    // The session procedures do not exist under /api at all.
    expect((await call('POST', '/api/session.signOut', { cookie })).status).toBe(404);
  });
});

describe('CSRF on cookie-authenticated mutations', () => {
  it('a cross-origin form post fails and changes nothing', async () => {
    const cookie = await signInWithKey(ws.token);
    const before = await ApiKey.count({ where: { orgId: ws.organization.id } });
    const form = await call('POST', '/trpc/apiKeys.create', {
      cookie,
      origin: 'https://evil.example',
      contentType: 'application/x-www-form-urlencoded',
      rawBody: 'name=pwned',
    });
    expect(form.status).toBe(403);
    // Even from our own origin, a form-shaped body (what an HTML form can send) is refused.
    const sameOriginForm = await call('POST', '/trpc/apiKeys.create', {
      cookie,
      contentType: 'text/plain',
      rawBody: '{"name":"pwned"}',
    });
    expect(sameOriginForm.status).toBe(403);
    expect(await ApiKey.count({ where: { orgId: ws.organization.id } })).toBe(before);
  });

  it('a cross-origin fetch (JSON, another Origin, or none) fails and changes nothing', async () => {
    const cookie = await signInWithKey(ws.token);
    const before = await ApiKey.count({ where: { orgId: ws.organization.id } });
    const evil = await call('POST', '/trpc/apiKeys.create', {
      cookie,
      origin: 'https://evil.example',
      body: { name: 'pwned' },
    });
    expect(evil.status).toBe(403);
    expect(errorCode(evil)).toBe('forbidden');
    expect(evil.body.error.message).toContain('https://evil.example');
    const sibling = await call('POST', '/trpc/apiKeys.create', {
      cookie,
      origin: origin.replace(/:\d+$/, ':1'),
      body: { name: 'pwned' },
    });
    expect(sibling.status).toBe(403);
    const none = await call('POST', '/trpc/apiKeys.create', { cookie, origin: null, body: { name: 'pwned' } });
    expect(none.status).toBe(403);
    expect(await ApiKey.count({ where: { orgId: ws.organization.id } })).toBe(before);
    // The same request from our own origin works: the check is what stopped the others.
    const own = await call('POST', '/trpc/apiKeys.create', { cookie, body: { name: 'from the app' } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });

  it('sign-in itself is refused from another origin (no login CSRF)', async () => {
    const answer = await call('POST', '/trpc/session.signInWithApiKey', {
      origin: 'https://evil.example',
      body: { apiKey: ws.token },
    });
    expect(answer.status).toBe(403);
    expect(answer.setCookie).toHaveLength(0);
  });

  it('bearer-token callers of /trpc are not affected (no cookie, no ambient authority)', async () => {
    const answer = await call('POST', '/trpc/apiKeys.create', {
      origin: null,
      authorization: `Bearer ${ws.token}`,
      body: { name: 'bearer' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('session lifecycle', () => {
  it('a cookie value planted before sign-in is never promoted (no fixation); a prior session is ended', async () => {
    const planted = `rs_session=${'A'.repeat(43)}`;
    const cookie = await signInWithKey(ws.token, { cookie: planted });
    expect(cookie).not.toBe(planted);
    expect((await call('GET', ME, { cookie: planted })).status).toBe(401);
    const again = await signInWithKey(ws.token, { cookie });
    expect(again).not.toBe(cookie);
    expect((await call('GET', ME, { cookie })).status).toBe(401);
    expect((await call('GET', ME, { cookie: again })).status).toBe(200);
  });

  it('sign-out ends the session server-side: the same cookie replayed is refused', async () => {
    const cookie = await signInWithKey(ws.token);
    const out = await call('POST', '/trpc/session.signOut', { cookie });
    expect(out.status).toBe(200);
    expect(out.body.result.data).toEqual({ signedOut: true });
    expect(out.setCookie[0]).toMatch(/^rs_session=; .*Max-Age=0/);
    const replay = await call('GET', ME, { cookie });
    expect(replay.status).toBe(401);
    const rows = await BrowserSession.findAll({ where: { orgId: ws.organization.id } });
    expect(rows.some((row) => row.endedAt !== null)).toBe(true);
  });

  it('an idle-expired or absolutely expired session is refused', async () => {
    const idle = await signInWithKey(ws.token);
    const absolute = await signInWithKey(ws.token);
    const [idleRow, absoluteRow] = await BrowserSession.findAll({
      where: { orgId: ws.organization.id, endedAt: null },
      order: [['createdAt', 'DESC']],
      limit: 2,
    });
    await BrowserSession.update({ absoluteExpiresAt: new Date(Date.now() - 1000) }, { where: { id: idleRow!.id } });
    await BrowserSession.update({ idleExpiresAt: new Date(Date.now() - 1000) }, { where: { id: absoluteRow!.id } });
    for (const cookie of [idle, absolute]) {
      const answer = await call('GET', ME, { cookie });
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toMatch(/expired/);
    }
  });

  it('the role is read from the member row on every request; removal ends the session', async () => {
    const editor = await addMember(ws.organization.id, 'editor');
    const cookie = await signInWithKey(editor.token);
    expect(
      (await call('POST', '/trpc/projects.update', { cookie, body: { projectId: 'proj_missing', name: 'x' } })).status,
    ).toBe(404);
    await Member.update({ role: 'viewer' }, { where: { id: editor.memberId } });
    const demoted = await call('POST', '/trpc/projects.update', {
      cookie,
      body: { projectId: 'proj_missing', name: 'x' },
    });
    expect(demoted.status).toBe(403);
    expect(demoted.body.error.message).toContain('viewer');
    await Member.update({ status: 'removed' }, { where: { id: editor.memberId } });
    expect((await call('GET', ME, { cookie })).status).toBe(401);
  });

  it('a session made from a read-only key is read-only', async () => {
    const readOnly = await keyWithScopes(ws.organization.id, ws.user.id, ['workspace:read']);
    const cookie = await signInWithKey(readOnly);
    expect((await call('GET', ME, { cookie })).status).toBe(200);
    expect((await call('POST', '/trpc/apiKeys.create', { cookie, body: { name: 'x' } })).status).toBe(403);
  });

  it('a bad API key gets no session', async () => {
    const answer = await call('POST', '/trpc/session.signInWithApiKey', { body: { apiKey: 'rsk_not-a-key' } });
    expect(answer.status).toBe(401);
    expect(answer.setCookie).toHaveLength(0);
  });
});

describe('one-time sign-in links', () => {
  it('work once, then never again', async () => {
    const link = await createSignInLink(service.deps, service.url, { orgId: ws.organization.id, userId: ws.user.id });
    const token = new URL(link.url).hash.replace('#token=', '');
    expect(new URL(link.url).pathname).toBe('/sign-in');
    const first = await call('POST', '/trpc/session.signInWithLink', { body: { token } });
    expect(first.status).toBe(200);
    const cookie = cookiePair(first.setCookie[0]);
    expect((await call('GET', ME, { cookie })).status).toBe(200);
    const second = await call('POST', '/trpc/session.signInWithLink', { body: { token } });
    expect(second.status).toBe(401);
    expect(second.setCookie).toHaveLength(0);
  });

  it('expire', async () => {
    const link = await createSignInLink(
      {
        ...service.deps,
        config: { ...service.deps.config, sessions: { ...service.deps.config.sessions, signInLinkMs: -1000 } },
      },
      service.url,
      {
        orgId: ws.organization.id,
        userId: ws.user.id,
      },
    );
    const token = new URL(link.url).hash.replace('#token=', '');
    const answer = await call('POST', '/trpc/session.signInWithLink', { body: { token } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toMatch(/expired/);
  });
});
