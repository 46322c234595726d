import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { appRouter } from '../../server/trpc/root.ts';
import type { Meta } from '../../server/trpc/init.ts';
import { ROLE_SCOPES, SCOPES } from '../../shared/scopes.ts';
import { PETSTORE, expectTrpcError, rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

// ROLE=api: no worker, so hostedWorker is false and runs stay queued.
let service: TestService;
let ws: CreatedWorkspace;

/** Every procedure's REST route, from the router itself. */
function restRoutes(): Array<{ procedure: string; method: string; path: string }> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
  return Object.entries(procedures).map(([procedure, def]) => {
    const openapi = def._def.meta?.openapi;
    if (!openapi) throw new Error(`procedure ${procedure} has no REST route`);
    return { procedure, method: openapi.method.toLowerCase(), path: openapi.path };
  });
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  ws = await newWorkspace(service, 'Identity Inc');
});
afterAll(async () => service?.stop());

describe('GET /api/me', () => {
  it('200 WorkspaceSnapshot with the real projects and recent runs (REST)', async () => {
    const own = await newWorkspace(service, 'Snapshot');
    const api = rest(service.url, own.token);
    const empty = await api.get('/me');
    expect(empty.status).toBe(200);
    expect(empty.body.projects).toEqual([]);
    expect(empty.body.runs).toEqual([]);

    const first = await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'First' });
    const second = await api.post('/reports/start', { openapiText: PETSTORE, projectName: 'Second' });
    const again = await api.post('/reports/start', { openapiText: PETSTORE, projectId: first.body.project.id });
    expect([first.status, second.status, again.status]).toEqual([202, 202, 202]);
    // Another workspace's work never shows.
    await rest(service.url, ws.token).post('/reports/start', { openapiText: PETSTORE, projectName: 'Elsewhere' });

    const res = await api.get('/me');
    expect(res.status).toBe(200);
    const me = res.body;
    expect(me.auth).toEqual({ provider: 'local-dev', authenticated: true, localDev: true });
    expect(me.data).toEqual({ driver: 'managed', durable: true });
    expect(me.capabilities).toMatchObject({
      persistedRuns: true,
      hostedWorker: false,
      queueConfigured: true,
      rawUploadStorage: true,
    });
    expect(me.organization).toEqual({ id: own.organization.id, name: 'Snapshot', plan: 'free' });
    expect(me.user).toEqual({ id: own.user.id, email: own.user.email });
    expect((me.projects as Array<{ id: string }>).map((p) => p.id)).toEqual([
      second.body.project.id,
      first.body.project.id,
    ]);
    expect((me.projects as Array<Record<string, any>>)[1]).toMatchObject({ name: 'First', runCount: 2 });
    expect((me.runs as Array<{ id: string }>).map((r) => r.id)).toEqual([
      again.body.run.id,
      second.body.run.id,
      first.body.run.id,
    ]);
    for (const run of me.runs as Array<Record<string, any>>)
      expect(run).toMatchObject({ orgId: own.organization.id, status: 'queued' });
    expect(me.entitlements).toMatchObject({ plan: 'free', runsPerPeriod: 200, runsUsedThisPeriod: 3, role: 'owner' });
    expect([...me.entitlements.scopes].sort()).toEqual([...SCOPES].sort());
    expect(Date.parse(me.entitlements.periodStart)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(me.entitlements.periodEnd)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(me)).not.toContain(own.token);
  });

  it("200 through the tRPC client; entitlements follow the caller's role and the workspace's plan", async () => {
    const viewer = await addMember(ws.organization.id, 'viewer');
    const me = await trpc(service.url, viewer.token).identity.me.query({});
    expect(me.user).toEqual({ id: viewer.userId, email: viewer.email });
    expect(me.organization?.id).toBe(ws.organization.id);
    expect(me.entitlements?.role).toBe('viewer');
    expect([...(me.entitlements?.scopes ?? [])].sort()).toEqual([...ROLE_SCOPES.viewer].sort());

    const scaled = await newWorkspace(service, 'Scaled');
    await Organization.update({ plan: 'scale' }, { where: { id: scaled.organization.id } });
    const scaledMe = await trpc(service.url, scaled.token).identity.me.query({});
    expect(scaledMe.organization?.plan).toBe('scale');
    expect(scaledMe.entitlements).toMatchObject({ plan: 'scale', runsPerPeriod: 20000 });
  });

  it('401 without a token or with a bad one (REST and tRPC); 403 without workspace:read', async () => {
    for (const token of [undefined, 'rsk_nope', ws.token.slice(0, -1) + (ws.token.endsWith('a') ? 'b' : 'a')]) {
      const res = await rest(service.url, token).get('/me');
      expect(res.status, String(token)).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
    await expectTrpcError(trpc(service.url).identity.me.query({}), 'unauthorized', 401);
    const noRead = await rest(service.url, ws.token).post('/api-keys', { scopes: ['runs:write'] });
    const res = await rest(service.url, noRead.body.token).get('/me');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
  });
});

describe('GET /api/health', () => {
  it('200 without a token: ok, mode, pipeline; no secret or token in it (REST and tRPC)', async () => {
    const res = await rest(service.url).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      service: expect.any(String),
      mode: 'managed-db-control-plane',
      persistedRuns: true,
      queue: true,
    });
    expect(typeof res.body.pipeline).toBe('object');
    expect(res.body.pipeline).toMatchObject({ databaseReachable: true, workerAlive: false, authProvider: 'local-dev' });
    expect(Array.isArray(res.body.pipeline.steps)).toBe(true);
    expect(Number.isNaN(Date.parse(res.body.generatedAt))).toBe(false);

    const text = JSON.stringify(res.body);
    const db = new URL(service.databaseUrl);
    expect(text).not.toContain(ws.token);
    expect(text).not.toContain('rsk_');
    expect(text).not.toContain(service.databaseUrl);
    expect(text).not.toMatch(/postgres(ql)?:\/\//);
    expect(text).not.toContain(db.pathname.slice(1)); // the database name
    if (db.password) expect(text).not.toContain(db.password);
    expect(text).not.toMatch(/secret|password|token/i);

    // A token (even a bad one) changes nothing.
    const withToken = await rest(service.url, 'rsk_garbage').get('/health');
    expect(withToken.status).toBe(200);
    const viaTrpc = await trpc(service.url).identity.health.query({});
    expect(viaTrpc).toMatchObject({ ok: true, mode: 'managed-db-control-plane' });
  });

  it('400 for an unexpected query parameter through tRPC input (strict input)', async () => {
    await expectTrpcError(
      trpc(service.url).identity.health.query({ verbose: true } as unknown as Record<string, never>),
      'invalid_request',
      400,
    );
  });
});

describe('GET /api/auth/config', () => {
  it('200 without a token: provider local-dev and where to sign in (REST and tRPC)', async () => {
    const res = await rest(service.url).get('/auth/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      provider: 'local-dev',
      signInUrl: `${service.url}/auth/local-dev`,
      signUpUrl: `${service.url}/auth/local-dev`,
    });
    const page = await fetch(res.body.signInUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/local-dev/);
    expect(await trpc(service.url).identity.authConfig.query({})).toEqual(res.body);
  });
});

describe('GET /api/openapi.json', () => {
  it('lists every REST route of the router with its method, and nothing else but the routes served outside tRPC', async () => {
    const res = await rest(service.url).get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const routes = restRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const route of routes) {
      expect(paths[route.path], `${route.procedure}: ${route.path}`).toBeDefined();
      expect(paths[route.path]?.[route.method], `${route.procedure}: ${route.method} ${route.path}`).toBeDefined();
    }
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method} ${path}`),
    );
    // Binary downloads and the signed webhooks (raw body: billing, a project's description push and release pull request) are plain
    // express routes, documented by hand.
    const outsideTrpc = [
      'get /runs/{runId}/artifacts/{artifactId}',
      'post /billing/webhook',
      'post /projects/{projectId}/description-webhook',
      'post /projects/{projectId}/release-webhook',
    ];
    const extra = documented.filter((op) => !routes.some((r) => `${r.method} ${r.path}` === op));
    for (const op of extra) expect(outsideTrpc, `${op} is documented but is no procedure`).toContain(op);
  });

  it('lists every path of the contract (publishing and docs preview belong to their own issue)', async () => {
    const paths = (await rest(service.url).get('/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const contract: Array<[string, string]> = [
      ['post', '/reports/start'],
      ['post', '/runs/{runId}/retry'],
      ['post', '/runs/{runId}/cancel'],
      ['patch', '/projects/{projectId}'],
      ['delete', '/projects/{projectId}'],
      ['delete', '/projects/{projectId}/domains/{domainId}'],
      ['post', '/members'],
      ['patch', '/members/{memberId}'],
      ['post', '/api-keys'],
      ['post', '/billing/checkout'],
      ['get', '/me'],
      ['get', '/health'],
      ['get', '/auth/config'],
    ];
    for (const [method, path] of contract) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // And what DESIGN.md adds.
    for (const [method, path] of [
      ['get', '/runs/{runId}'],
      ['get', '/projects'],
      ['get', '/projects/{projectId}'],
      ['get', '/projects/{projectId}/runs'],
      ['get', '/members'],
      ['get', '/api-keys'],
      ['delete', '/api-keys/{keyId}'],
      ['post', '/projects/{projectId}/domains'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('unknown paths', () => {
  it('404 {error: not_found} under /api and elsewhere, with or without a token', async () => {
    for (const token of [undefined, ws.token]) {
      for (const path of ['/nope', '/projects/p/unknown/deeper', '/v2/me']) {
        const res = await rest(service.url, token).get(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      }
      const post = await rest(service.url, token).post('/nope', {});
      expect(post.status).toBe(404);
      expect(post.body.error).toBe('not_found');
    }
    // Outside /api a client that asks for JSON only gets the JSON 404; any other GET gets the web
    // app, which shows its own "not found" page (issue #34: `curl /` answers the app).
    const outside = await fetch(`${service.url}/not-an-api-path`, { headers: { accept: 'application/json' } });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ error: 'not_found', message: expect.any(String) });
    const page = await fetch(`${service.url}/not-an-api-path`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('POST /api/billing/checkout', () => {
  it('501 checkout_not_configured for a valid plan (REST and tRPC)', async () => {
    const res = await rest(service.url, ws.token).post('/billing/checkout', {
      plan: 'launch',
      successUrl: 'https://example.com/ok',
      cancelUrl: 'https://example.com/cancel',
    });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: 'checkout_not_configured', message: expect.stringContaining('launch') });
    await expectTrpcError(
      trpc(service.url, ws.token).billing.checkout.mutate({ plan: 'scale' }),
      'checkout_not_configured',
      501,
    );
  });

  it('409 already_subscribed when the workspace is on the requested plan', async () => {
    const subscribed = await newWorkspace(service, 'Subscribed');
    await Organization.update({ plan: 'launch' }, { where: { id: subscribed.organization.id } });
    const res = await rest(service.url, subscribed.token).post('/billing/checkout', { plan: 'launch' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('already_subscribed');
    await expectTrpcError(
      trpc(service.url, subscribed.token).billing.checkout.mutate({ plan: 'launch' }),
      'already_subscribed',
      409,
    );
    // Another plan goes on to checkout (not configured here).
    const upgrade = await rest(service.url, subscribed.token).post('/billing/checkout', { plan: 'scale' });
    expect(upgrade.status).toBe(501);
    expect(upgrade.body.error).toBe('checkout_not_configured');
    expect((await Organization.findByPk(subscribed.organization.id))?.plan).toBe('launch');
  });

  // The contract's 409 also covers "already has a non-terminal payment-provider subscription".
  it('409 already_subscribed while a non-terminal subscription exists on another plan', async () => {
    const paying = await newWorkspace(service, 'Paying');
    await Organization.update(
      { plan: 'launch', subscriptionStatus: 'active' },
      { where: { id: paying.organization.id } },
    );
    const res = await rest(service.url, paying.token).post('/billing/checkout', { plan: 'scale' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('already_subscribed');
  });

  it('400 naming the field: unknown plan, missing plan, bad URLs, extra fields', async () => {
    const api = rest(service.url, ws.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ plan: 'gold' }, /plan/],
      [{ plan: 'free' }, /plan/],
      [{}, /plan/],
      [{ plan: 'launch', successUrl: 'not a url' }, /successUrl/],
      [{ plan: 'launch', cancelUrl: 42 }, /cancelUrl/],
      [{ plan: 'launch', orgId: 'org_other' }, /orgId/],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/billing/checkout', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(field);
    }
  });

  it('403 for a key without billing:write, and for an editor even when its key lists it; 401 without a token', async () => {
    const narrow = await rest(service.url, ws.token).post('/api-keys', {
      scopes: SCOPES.filter((s) => s !== 'billing:write'),
    });
    const noScope = await rest(service.url, narrow.body.token).post('/billing/checkout', { plan: 'launch' });
    expect(noScope.status).toBe(403);
    expect(noScope.body.error).toBe('insufficient_scope');
    const editor = await addMember(ws.organization.id, 'editor', SCOPES);
    const res = await rest(service.url, editor.token).post('/billing/checkout', { plan: 'launch' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    const anonymous = await rest(service.url).post('/billing/checkout', { plan: 'launch' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('unauthorized');
  });
});
