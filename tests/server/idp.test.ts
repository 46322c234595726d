import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Organization, User } from '../../db/models/index.ts';
import { ROLE_SCOPES } from '../../shared/scopes.ts';
import { closedPort } from '../fakes/local-server.ts';
import { startFakeIdp, type FakeIdp, type SignOptions } from '../fakes/idp-server.ts';
import { rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// AUTH_PROVIDER=idp against a local provider (tests/fakes/idp-server.ts): its JWKS and session
// tokens come from keys generated here; its invitation API answers as Clerk's does.
const SECRET = `sk_test_idp_${randomBytes(12).toString('hex')}`;
const APP = 'https://app.example.com';

let idp: FakeIdp;
let service: TestService;
let offline: TestService;

function idpEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ROLE: 'api',
    AUTH_PROVIDER: 'idp',
    IDP_ISSUER: idp.issuer,
    IDP_JWKS_URL: `${idp.url}/.well-known/jwks.json`,
    IDP_SIGN_IN_URL: 'https://accounts.example.com/sign-in',
    IDP_SIGN_UP_URL: 'https://accounts.example.com/sign-up',
    IDP_SECRET_KEY: SECRET,
    IDP_API_BASE: `${idp.url}/v1`,
    IDP_AUTHORIZED_PARTIES: `${APP},https://admin.example.com`,
    IDP_JWKS_COOLDOWN_SECONDS: '1',
    IDP_API_TIMEOUT_MS: '1500',
    ...extra,
  };
}

beforeAll(async () => {
  idp = await startFakeIdp(SECRET);
  offline = await startTestService(idpEnv({ IDP_API_BASE: `http://127.0.0.1:${await closedPort()}/v1` }));
  service = await startTestService(idpEnv(), offline.databaseUrl);
}, 60_000);
afterAll(async () => {
  await Promise.all([service?.stop(), offline?.stop()]);
  await idp?.close();
});

let counter = 0;
interface Person {
  userId: string;
  email: string;
  orgId: string;
  orgRole: 'org:admin' | 'org:member';
  slug?: string;
}
function person(orgId: string, orgRole: Person['orgRole'] = 'org:admin', slug?: string): Person {
  counter += 1;
  return {
    userId: `user_${counter}${randomBytes(5).toString('hex')}`,
    email: `person-${counter}-${Date.now()}@example.com`,
    orgId,
    orgRole,
    ...(slug ? { slug } : {}),
  };
}
function newOrgId(): string {
  return `org_${randomBytes(8).toString('hex')}`;
}

/** A Clerk-shaped v1 session token for `p`. */
async function sessionToken(
  p: Person,
  options: SignOptions & { azp?: string | null; claims?: Record<string, unknown> } = {},
): Promise<string> {
  const { azp, claims, ...sign } = options;
  return await idp.sign(
    {
      sub: p.userId,
      sid: `sess_${randomBytes(6).toString('hex')}`,
      email: p.email,
      org_id: p.orgId,
      org_role: p.orgRole,
      ...(p.slug ? { org_slug: p.slug } : {}),
      ...(azp === null ? {} : { azp: azp ?? APP }),
      ...claims,
    },
    sign,
  );
}

async function expect401(token: string, what: string, message?: RegExp): Promise<void> {
  const res = await rest(service.url, token).get('/me');
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(401);
  expect(res.body.error, what).toBe('unauthorized');
  if (message) expect(res.body.message, what).toMatch(message);
}

describe('GET /api/auth/config under idp', () => {
  it('reports idp and its sign-in and sign-up URLs (REST and tRPC); health names the provider', async () => {
    const res = await rest(service.url).get('/auth/config');
    expect(res.body).toEqual({
      provider: 'idp',
      signInUrl: 'https://accounts.example.com/sign-in',
      signUpUrl: 'https://accounts.example.com/sign-up',
    });
    expect(await trpc(service.url).identity.authConfig.query({})).toEqual(res.body);
    const health = await rest(service.url).get('/health');
    expect(health.body.pipeline.authProvider).toBe('idp');
    expect(JSON.stringify(health.body)).not.toContain(SECRET);
  });
});

describe('the web app: a provider session token exchanged for a browser session', () => {
  it('signs in with the same checks as bearer calls; a bad token gets no cookie', async () => {
    const founder = person(newOrgId(), 'org:admin', 'web-co');
    const origin = new URL(service.url).origin;
    const post = (token: string) =>
      fetch(`${service.url}/trpc/session.signInWithIdp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ token }),
      });
    const ok = await post(await sessionToken(founder));
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await fetch(`${service.url}/trpc/identity.me?input=${encodeURIComponent('{}')}`, {
      headers: { cookie },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { result: { data: { user: { email: string } } } }).result.data.user.email).toBe(
      founder.email,
    );
    // A token for another app (azp) is refused as it is for bearer calls; no session is made.
    const wrongParty = await post(await sessionToken(person(newOrgId()), { azp: 'https://evil.example' }));
    expect(wrongParty.status).toBe(401);
    expect(wrongParty.headers.getSetCookie()).toHaveLength(0);
  });
});

describe('session tokens as bearer tokens', () => {
  it('first sight creates the workspace, user and owner membership; later tokens link to the same records', async () => {
    const orgId = newOrgId();
    const founder = person(orgId, 'org:admin', 'acme-inc');
    const token = await sessionToken(founder);
    const res = await rest(service.url, token).get('/me');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.auth).toEqual({ provider: 'idp', authenticated: true, localDev: false });
    expect(res.body.organization).toMatchObject({ name: 'acme-inc', plan: 'free' });
    expect(res.body.user).toMatchObject({ email: founder.email });
    expect(res.body.entitlements.role).toBe('owner');
    expect([...res.body.entitlements.scopes].sort()).toEqual([...ROLE_SCOPES.owner].sort());
    const org = await Organization.findOne({ where: { idpOrgId: orgId } });
    const user = await User.findOne({ where: { idpUserId: founder.userId } });
    expect(org?.id).toBe(res.body.organization.id);
    expect(user?.id).toBe(res.body.user.id);

    // Another session of the same person, and the tRPC transport: same workspace, no duplicates.
    const again = await trpc(service.url, await sessionToken(founder)).identity.me.query({});
    expect(again.organization?.id).toBe(org!.id);
    expect(again.user?.id).toBe(user!.id);
    expect(await Organization.count({ where: { idpOrgId: orgId } })).toBe(1);
    expect(await Member.count({ where: { orgId: org!.id } })).toBe(1);

    // A second admin of the provider organization is an admin here (the workspace has its owner);
    // a member is a viewer, and the viewer's role rules apply.
    const admin = person(orgId, 'org:admin');
    expect((await rest(service.url, await sessionToken(admin)).get('/me')).body.entitlements.role).toBe('admin');
    const viewer = person(orgId, 'org:member');
    const viewerApi = rest(service.url, await sessionToken(viewer));
    const viewerMe = await viewerApi.get('/me');
    expect(viewerMe.body.entitlements.role).toBe('viewer');
    expect(viewerMe.body.organization.id).toBe(org!.id);
    const denied = await viewerApi.post('/members', { email: `x-${Date.now()}@example.com` });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('insufficient_scope');
    // Concurrent first sights of a new organization make one workspace.
    const racingOrg = newOrgId();
    const racers = [person(racingOrg), person(racingOrg, 'org:member'), person(racingOrg, 'org:member')];
    const statuses = await Promise.all(
      racers.map(async (p) => (await rest(service.url, await sessionToken(p)).get('/me')).status),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(await Organization.count({ where: { idpOrgId: racingOrg } })).toBe(1);
  });

  it('an existing user (same email) is linked, not duplicated; API keys keep working beside sessions', async () => {
    const existing = await newWorkspace(service, 'Keyed');
    const orgId = newOrgId();
    const p = { ...person(orgId), email: existing.user.email };
    const api = rest(service.url, await sessionToken(p));
    const me = await api.get('/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(existing.user.id);
    expect((await User.findByPk(existing.user.id))?.idpUserId).toBe(p.userId);
    // The API key of the workspace made by the admin CLI still authenticates, unchanged.
    const keyed = await rest(service.url, existing.token).get('/me');
    expect(keyed.status).toBe(200);
    expect(keyed.body.organization.id).toBe(existing.organization.id);
    // A session caller mints an API key, which then works on its own.
    const created = await api.post('/api-keys', { name: 'from a session', scopes: ['workspace:read'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.apiKey.createdByUserId).toBe(existing.user.id);
    const viaKey = await rest(service.url, created.body.token).get('/me');
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.organization.id).toBe(me.body.organization.id);
    expect(viaKey.body.entitlements.scopes).toEqual(['workspace:read']);
  });

  it('401 for expired, not-yet-valid, wrong issuer, wrong or missing azp, missing org or email', async () => {
    const p = person(newOrgId());
    expect((await rest(service.url, await sessionToken(p)).get('/me')).status).toBe(200);
    await expect401(await sessionToken(p, { expiresIn: -60 }), 'expired', /expired/);
    await expect401(await sessionToken(p, { notBefore: 120 }), 'nbf in the future');
    await expect401(await sessionToken(p, { issuer: 'https://evil.example.com' }), 'wrong issuer', /issuer/);
    await expect401(await sessionToken(p, { azp: 'https://evil.example.com' }), 'wrong azp', /azp/);
    await expect401(await sessionToken(p, { azp: null }), 'no azp', /azp/);
    await expect401(
      await sessionToken(p, { claims: { org_id: undefined, org_role: undefined } }),
      'no organization',
      /organization/,
    );
    await expect401(await sessionToken(p, { claims: { org_role: 'org:billing' } }), 'unknown role', /role/);
    await expect401(await sessionToken(p, { claims: { email: undefined } }), 'no email', /email/);
    // Within the clock skew, an expiry just past is still accepted.
    expect((await rest(service.url, await sessionToken(p, { expiresIn: -2 })).get('/me')).status).toBe(200);
  });

  it('401 for an unknown key id, a foreign key under a known kid, tampering, and other algorithms', async () => {
    const p = person(newOrgId());
    const stranger = await idp.newKey();
    await expect401(await sessionToken(p, { key: stranger }), 'unknown kid', /key/);
    await expect401(await sessionToken(p, { key: stranger, kid: idp.published[0]!.kid }), 'foreign key, known kid');
    const good = await sessionToken(p);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, org_role: 'org:admin', email: 'boss@example.com' }),
    ).toString('base64url');
    await expect401(`${header}.${forged}.${signature}`, 'tampered payload');
    await expect401(`${header}.${payload}.${signature.slice(0, -4)}AAAA`, 'tampered signature');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await expect401(none, 'alg none');
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: idp.published[0]!.kid })
      .sign(new TextEncoder().encode(SECRET));
    await expect401(hs, 'HS256 with the secret key');
    // Nothing was created for any of them.
    expect(await User.count({ where: { email: 'boss@example.com' } })).toBe(0);
  });

  it('keys are cached, and rotation is picked up: a new kid refetches the JWKS; a retired key stops working', async () => {
    const p = person(newOrgId());
    const api = async (token: string) => (await rest(service.url, token).get('/me')).status;
    expect(await api(await sessionToken(p))).toBe(200);
    const fetches = idp.jwksFetches;
    for (let i = 0; i < 5; i += 1) expect(await api(await sessionToken(p))).toBe(200);
    expect(idp.jwksFetches, 'cached').toBe(fetches);

    const old = idp.published[0]!;
    const next = await idp.newKey();
    idp.published = [next, old]; // the provider publishes the new key beside the old one
    await new Promise((r) => setTimeout(r, 1100)); // past IDP_JWKS_COOLDOWN_SECONDS
    expect(await api(await sessionToken(p, { key: next }))).toBe(200);
    expect(idp.jwksFetches).toBe(fetches + 1);
    expect(await api(await sessionToken(p, { key: old }))).toBe(200);

    idp.published = [next]; // the old key is retired; the cached set still has it until refreshed
    await new Promise((r) => setTimeout(r, 1100));
    const unknown = await idp.newKey();
    expect(await api(await sessionToken(p, { key: unknown }))).toBe(401); // refetches the set
    expect(await api(await sessionToken(p, { key: old }))).toBe(401);
    expect(await api(await sessionToken(p, { key: next }))).toBe(200);
  });

  it('a member removed here stays out, whatever the provider says', async () => {
    const orgId = newOrgId();
    const owner = person(orgId);
    const ownerApi = rest(service.url, await sessionToken(owner));
    expect((await ownerApi.get('/me')).status).toBe(200);
    const leaver = person(orgId, 'org:member');
    const leaverMe = await rest(service.url, await sessionToken(leaver)).get('/me');
    expect(leaverMe.status).toBe(200);
    const member = await Member.findOne({ where: { userId: leaverMe.body.user.id } });
    expect((await ownerApi.patch(`/members/${member!.id}`, { status: 'removed' })).status).toBe(200);
    await expect401(await sessionToken(leaver), 'removed member', /removed/);
  });
});

describe('member invitations through the provider', () => {
  it("sent: the provider's invitation id and role; the role maps to org:admin / org:member; the invitee joins on first sign-in", async () => {
    const orgId = newOrgId();
    const owner = person(orgId);
    const api = rest(service.url, await sessionToken(owner));
    const ownerMe = (await api.get('/me')).body;
    const before = idp.invitations.length;
    const email = `invitee-${Date.now()}@example.com`;
    const res = await api.post('/members', { email, role: 'editor' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.member).toMatchObject({ email, role: 'editor', status: 'invited' });
    expect(res.body.invitationDelivery).toEqual({
      provider: 'idp',
      status: 'sent',
      invitationId: expect.stringMatching(/^orginv_/),
      role: 'org:member',
    });
    expect(idp.invitations.length).toBe(before + 1);
    const sent = idp.invitations.at(-1)!;
    expect(sent).toEqual({
      orgId,
      authorization: `Bearer ${SECRET}`,
      body: {
        email_address: email,
        role: 'org:member',
        inviter_user_id: owner.userId,
        redirect_url: 'https://accounts.example.com/sign-up',
      },
    });
    const admin = await trpc(service.url, await sessionToken(owner)).members.invite.mutate({
      email: `admin-${Date.now()}@example.com`,
      role: 'admin',
    });
    expect(admin.invitationDelivery).toMatchObject({ provider: 'idp', status: 'sent', role: 'org:admin' });

    // The invitee accepts at the provider and signs in: the invite becomes an active editor membership.
    const invitee = { ...person(orgId, 'org:member'), email };
    const inviteeMe = await rest(service.url, await sessionToken(invitee)).get('/me');
    expect(inviteeMe.status).toBe(200);
    expect(inviteeMe.body.organization.id).toBe(ownerMe.organization.id);
    expect(inviteeMe.body.entitlements.role).toBe('editor');
    const members = (await api.get('/members')).body.members as Array<Record<string, any>>;
    expect(members.find((m) => m.email === email)).toMatchObject({
      id: res.body.member.id,
      status: 'active',
      role: 'editor',
      userId: inviteeMe.body.user.id,
    });
  });

  it('our role rules come first: no call to the provider for a forbidden invite or an existing member', async () => {
    const orgId = newOrgId();
    const owner = person(orgId);
    expect((await rest(service.url, await sessionToken(owner)).get('/me')).status).toBe(200);
    const admin = person(orgId, 'org:admin');
    const adminApi = rest(service.url, await sessionToken(admin));
    const before = idp.invitations.length;
    const forbidden = await adminApi.post('/members', { email: `o-${Date.now()}@example.com`, role: 'owner' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('forbidden');
    const exists = await adminApi.post('/members', { email: owner.email });
    expect(exists.status).toBe(400);
    expect(exists.body.error).toBe('member_exists');
    expect(idp.invitations.length).toBe(before);
  });

  it('failed: a sanitized message after the record is saved (rejected, server error, no id, unreachable)', async () => {
    const orgId = newOrgId();
    const owner = person(orgId);
    const token = await sessionToken(owner, { expiresIn: 120 });
    const api = rest(service.url, token);
    expect((await api.get('/me')).status).toBe(200);
    const cases: Array<[typeof idp.invitationMode, string, RegExp]> = [
      ['reject', 'idp_rejected', /HTTP 422, duplicate_record/],
      ['server_error', 'idp_rejected', /HTTP 500/],
      ['no_id', 'idp_invalid_response', /invitation id/],
    ];
    try {
      for (const [mode, reason, message] of cases) {
        idp.invitationMode = mode;
        const email = `fail-${mode}-${Date.now()}@example.com`;
        const res = await api.post('/members', { email, role: 'viewer' });
        expect(res.status, mode).toBe(201);
        expect(res.body.invitationDelivery, mode).toEqual({
          provider: 'idp',
          status: 'failed',
          reason,
          message: expect.stringMatching(message),
        });
        expect(JSON.stringify(res.body)).not.toContain(SECRET);
        expect(JSON.stringify(res.body)).not.toMatch(/pending invitation|<html/);
        expect(await Member.count({ where: { email, status: 'invited' } }), mode).toBe(1);
      }
    } finally {
      idp.invitationMode = 'normal';
    }
    // The provider's API cannot be reached at all (the same workspace through a service pointed at a closed port).
    const offlineRes = await rest(offline.url, token).post('/members', { email: `offline-${Date.now()}@example.com` });
    expect(offlineRes.status).toBe(201);
    expect(offlineRes.body.invitationDelivery).toEqual({
      provider: 'idp',
      status: 'failed',
      reason: 'idp_unreachable',
      message: expect.stringContaining('could not be reached'),
    });
    expect(offlineRes.body.member.status).toBe('invited');
  });

  it('record_only for a workspace that was never linked to a provider organization (made by the admin CLI)', async () => {
    const ws = await newWorkspace(service, 'Unlinked');
    const before = idp.invitations.length;
    const res = await rest(service.url, ws.token).post('/members', { email: `u-${Date.now()}@example.com` });
    expect(res.status).toBe(201);
    expect(res.body.invitationDelivery).toEqual({
      provider: 'idp',
      status: 'record_only',
      reason: 'workspace_not_linked',
    });
    expect(idp.invitations.length).toBe(before);
  });
});

describe('configuration', () => {
  it('AUTH_PROVIDER=idp without its settings stops the process with a message naming them', async () => {
    const { loadConfig } = await import('../../shared/config.ts');
    expect(() => loadConfig({ AUTH_PROVIDER: 'idp' })).toThrow(
      /IDP_ISSUER.*IDP_SIGN_IN_URL.*IDP_SIGN_UP_URL.*IDP_SECRET_KEY.*IDP_AUTHORIZED_PARTIES/,
    );
    expect(() => loadConfig({ ...idpEnv(), IDP_JWKS_URL: 'ftp://keys' })).toThrow(/IDP_JWKS_URL/);
    const config = loadConfig(idpEnv({ IDP_JWKS_URL: '' }));
    expect(config.idp?.jwksUrl).toBe(`${idp.issuer}/.well-known/jwks.json`);
  });
});
