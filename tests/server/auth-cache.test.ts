import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKey } from '../../db/models/index.ts';
import { AuthCache } from '../../server/services/auth/auth-cache.ts';
import { mintToken } from '../../server/services/auth/tokens.ts';
import type { Caller } from '../../server/services/auth/caller.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { rest } from '../setup/http.ts';
import { type ServiceProcess, spawnService } from '../setup/process.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

// The auth cache (server/services/auth/auth-cache.ts) keeps authenticated API keys and sessions
// for AUTH_CACHE_SECONDS. Two API processes share one database here, as in production (the second
// is a real process of its own, so nothing in memory is shared): a change made through one must
// be refused by both on the very next request. The cache TTL is long (60 s) so that only the
// invalidation can explain a refusal.

let first: TestService;
let second: ServiceProcess;
let admin: pg.Client;
let ws: CreatedWorkspace;
const ME = `/trpc/identity.me?input=${encodeURIComponent('{}')}`;
// Above the few 401s the other cases cause from 127.0.0.1.
const FAILURE_LIMIT = 20;

beforeAll(async () => {
  const env = { ROLE: 'api', AUTH_CACHE_SECONDS: '60', AUTH_FAILURE_LIMIT: String(FAILURE_LIMIT) };
  first = await startTestService(env);
  second = await spawnService({ ...env, DATABASE_URL: first.databaseUrl, BOOTSTRAP: 'false' });
  admin = new pg.Client({ connectionString: first.databaseUrl });
  await admin.connect();
  ws = await newWorkspace(first, 'Cache');
});
afterAll(async () => {
  await admin?.end();
  await second?.stop();
  await first?.stop();
});

/** Revokes a key behind the service's back, with the notifying trigger switched off for that statement. */
async function revokeSilently(keyId: string): Promise<void> {
  await admin.query('BEGIN');
  await admin.query('ALTER TABLE api_keys DISABLE TRIGGER api_keys_auth_change');
  await admin.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
  await admin.query('ALTER TABLE api_keys ENABLE TRIGGER api_keys_auth_change');
  await admin.query('COMMIT');
}

describe('the cache serves, and only a notification takes a cached key away', () => {
  it('a key revoked without notification still answers from the cache; the notification ends it in both processes', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
    expect((await rest(second.url, member.token).get('/me')).status).toBe(200);
    await revokeSilently(member.keyId);
    // Proof that the cache answers: the database says revoked, the processes have not been told.
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
    expect((await rest(second.url, member.token).get('/me')).status).toBe(200);
    await admin.query(`SELECT pg_notify('auth_changes', $1)`, [`api_key:${member.keyId}`]);
    await vi.waitFor(async () => expect((await rest(first.url, member.token).get('/me')).status).toBe(401));
    await vi.waitFor(async () => expect((await rest(second.url, member.token).get('/me')).status).toBe(401));
  });

  it('a lost listening connection turns the cache off until it is back (a missed change is never served)', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
    expect(first.deps.authCache.enabled).toBe(true);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'report-service-auth' AND datname = current_database()`,
    );
    await vi.waitFor(() => expect(first.deps.authCache.enabled).toBe(false));
    await revokeSilently(member.keyId);
    expect((await rest(first.url, member.token).get('/me')).status).toBe(401);
    // The listener reconnects and the cache starts afresh.
    await vi.waitFor(() => expect(first.deps.authCache.enabled).toBe(true), { timeout: 5_000 });
    // And the second process's listener too (both were cut).
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'report-service-auth' AND datname = current_database()`,
        );
        expect(rows[0].n).toBe(2);
      },
      { timeout: 5_000 },
    );
    expect((await rest(first.url, member.token).get('/me')).status).toBe(401);
  });
});

describe('changes through the API apply on the very next request, in every process', () => {
  it('a key revoked through the second process is refused by the first at once (and by the second)', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
    expect((await rest(second.url, member.token).get('/me')).status).toBe(200);
    const revoked = await rest(second.url, ws.token).delete(`/api-keys/${member.keyId}`);
    expect(revoked.status).toBe(200);
    const onFirst = await rest(first.url, member.token).get('/me');
    expect(onFirst.status).toBe(401);
    expect(onFirst.body.error).toBe('unauthorized');
    expect((await rest(second.url, member.token).get('/me')).status).toBe(401);
    expect((await ApiKey.findByPk(member.keyId))?.revokedAt).not.toBeNull();
  });

  it('a key revoked through the first process is refused by the first at once', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
    expect((await rest(first.url, ws.token).delete(`/api-keys/${member.keyId}`)).status).toBe(200);
    expect((await rest(first.url, member.token).get('/me')).status).toBe(401);
  });

  it('a member whose role is lowered through one process loses the scope in the other at once', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    // api_keys:read is an editor's, not a viewer's.
    expect((await rest(first.url, member.token).get('/api-keys')).status).toBe(200);
    expect((await rest(second.url, member.token).get('/api-keys')).status).toBe(200);
    const lowered = await rest(second.url, ws.token).patch(`/members/${member.memberId}`, { role: 'viewer' });
    expect(lowered.status).toBe(200);
    const onFirst = await rest(first.url, member.token).get('/api-keys');
    expect(onFirst.status).toBe(403);
    expect(onFirst.body.error).toBe('insufficient_scope');
    expect((await rest(second.url, member.token).get('/api-keys')).status).toBe(403);
    // What the role still allows keeps working.
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
  });

  it('a removed member is refused by the other process at once', async () => {
    const member = await addMember(ws.organization.id, 'editor');
    expect((await rest(first.url, member.token).get('/me')).status).toBe(200);
    expect((await rest(second.url, ws.token).patch(`/members/${member.memberId}`, { status: 'removed' })).status).toBe(
      200,
    );
    expect((await rest(first.url, member.token).get('/me')).status).toBe(401);
  });

  it('a session signed out through one process is refused by the other at once', async () => {
    const signIn = await fetch(`${first.url}/trpc/session.signInWithApiKey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(first.url).origin },
      body: JSON.stringify({ apiKey: ws.token }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const me = async (service: { url: string }) => (await fetch(`${service.url}${ME}`, { headers: { cookie } })).status;
    expect(await me(first)).toBe(200);
    expect(await me(second)).toBe(200);
    const signOut = await fetch(`${second.url}/trpc/session.signOut`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(second.url).origin, cookie },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(401);
  });
});

describe('brute-force blocks reach every process', () => {
  it('an address blocked through the first process is refused by the second at once, valid token or not', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.9' };
    // The second process has read this address's counter (clean) and cached the key.
    expect((await rest(second.url, ws.token).get('/me', attacker)).status).toBe(200);
    for (let i = 0; i < FAILURE_LIMIT; i += 1)
      expect((await rest(first.url, mintToken().token).get('/me', attacker)).status, `guess ${i}`).toBe(401);
    const refused = await rest(second.url, ws.token).get('/me', attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await rest(second.url, ws.token).get('/me', { 'x-forwarded-for': '198.51.100.20' })).status).toBe(200);
  });
});

describe('AuthCache', () => {
  const caller = { org: { id: 'org_1' }, user: { id: 'usr_1' }, apiKey: { id: 'key_1' } } as unknown as Caller;

  it('does not keep a lookup that an invalidation overtook', () => {
    const cache = new AuthCache(60_000);
    cache.setListening(true);
    const before = cache.generation();
    cache.apply('member:org_1:usr_1');
    cache.storeCredential('api_key:h', { caller }, before);
    expect(cache.credential('api_key:h')).toBeUndefined();
    cache.storeCredential('api_key:h', { caller }, cache.generation());
    expect(cache.credential('api_key:h')?.caller).toBe(caller);
  });

  it('drops entries by key, member, workspace and user; serves nothing while not listening', () => {
    const cache = new AuthCache(60_000);
    const fill = () => cache.storeCredential('api_key:h', { caller }, cache.generation());
    fill();
    expect(cache.credential('api_key:h')).toBeUndefined();
    cache.setListening(true);
    for (const payload of ['api_key:key_1', 'member:org_1:usr_1', 'org:org_1', 'user:usr_1', 'something:else']) {
      fill();
      expect(cache.credential('api_key:h'), payload).toBeDefined();
      cache.apply(payload);
      expect(cache.credential('api_key:h'), payload).toBeUndefined();
    }
    fill();
    cache.apply('api_key:key_2');
    cache.apply('member:org_1:usr_2');
    expect(cache.credential('api_key:h')).toBeDefined();
    cache.setListening(false);
    expect(cache.credential('api_key:h')).toBeUndefined();
  });

  it('knows an address blocked by any process until the time announced', () => {
    const cache = new AuthCache(60_000);
    cache.setListening(true);
    cache.storeCleanAddress('203.0.113.7', cache.generation());
    expect(cache.addressKnownClean('203.0.113.7')).toBe(true);
    cache.apply(`auth_block:${Date.now() + 60_000}:203.0.113.7`);
    expect(cache.addressKnownClean('203.0.113.7')).toBe(false);
    expect(cache.blockedFor('203.0.113.7')).toBeGreaterThan(50_000);
    cache.apply(`auth_block:${Date.now() - 1}:2001:db8::1`);
    expect(cache.blockedFor('2001:db8::1')).toBeUndefined();
  });
});
