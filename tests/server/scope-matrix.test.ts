import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../server/services/auth/tokens.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import type { Meta } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/trpc/root.ts';
import { ROLE_SCOPES, ROLES, SCOPES, type Role, type Scope } from '../../shared/scopes.ts';
import { PETSTORE, expectTrpcError, rest, trpc, type HttpResult } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, keyWithScopes, newWorkspace } from '../setup/workspace.ts';

// ROLE=api: no worker, so the run used below stays queued.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Ids {
  runId: string;
  projectId: string;
  domainId: string;
  memberId: string;
  keyId: string;
  artifactId: string;
}
interface Endpoint {
  method: Method;
  path: string;
  /** The scope DESIGN.md ("Tenancy, auth, scopes") requires; null: no token needed. */
  scope: Scope | null;
  body?: () => unknown;
  /**
   * The status a key holding ONLY `scope` gets when the path names records that do not exist
   * (404), or the endpoint's ordinary answer: proof that the scope alone passes the gate.
   */
  passStatus: number;
}

let unique = 0;
const next = () => `${(unique += 1)}-${Date.now()}`;

/**
 * Every procedure, its REST route and the scope it needs, per DESIGN.md:
 * reports start, retry, cancel: runs:write · publish dry-run: publishing:dry_run · publish
 * request: publishing:write · docs-preview publish: artifacts:write · project PATCH/DELETE: projects:write · domain DELETE:
 * domains:write · members POST/PATCH: members:write · api-keys POST: api_keys:write · billing
 * checkout: billing:write · me: workspace:read · reads of runs/projects: workspace:read ·
 * health and auth config: no token · GET /api/members: members:read · GET /api/api-keys:
 * api_keys:read · revoking a key is an api-keys write · reading a project's domains
 * domains:read, adding or verifying one domains:write · artifact listing and downloads: artifacts:read.
 */
const MATRIX: Record<string, Endpoint> = {
  'reports.start': {
    method: 'POST',
    path: '/reports/start',
    scope: 'runs:write',
    body: () => ({ openapiText: PETSTORE }),
    passStatus: 202,
  },
  'runs.get': { method: 'GET', path: '/runs/{runId}', scope: 'workspace:read', passStatus: 404 },
  'runs.cancel': {
    method: 'POST',
    path: '/runs/{runId}/cancel',
    scope: 'runs:write',
    body: () => ({}),
    passStatus: 404,
  },
  'runs.retry': { method: 'POST', path: '/runs/{runId}/retry', scope: 'runs:write', body: () => ({}), passStatus: 404 },
  'runs.artifacts': { method: 'GET', path: '/runs/{runId}/artifacts', scope: 'artifacts:read', passStatus: 404 },
  'runs.customCode': { method: 'GET', path: '/runs/{runId}/custom-code', scope: 'workspace:read', passStatus: 404 },
  'projects.repository': {
    method: 'GET',
    path: '/projects/{projectId}/repository',
    scope: 'workspace:read',
    passStatus: 404,
  },
  'projects.connectRepository': {
    method: 'POST',
    path: '/projects/{projectId}/repository',
    scope: 'projects:write',
    body: () => ({ sdkRepository: 'acme/sdk' }),
    passStatus: 404,
  },
  'projects.list': { method: 'GET', path: '/projects', scope: 'workspace:read', passStatus: 200 },
  'projects.get': { method: 'GET', path: '/projects/{projectId}', scope: 'workspace:read', passStatus: 404 },
  'projects.update': {
    method: 'PATCH',
    path: '/projects/{projectId}',
    scope: 'projects:write',
    body: () => ({ name: 'Renamed' }),
    passStatus: 404,
  },
  'projects.archive': { method: 'DELETE', path: '/projects/{projectId}', scope: 'projects:write', passStatus: 404 },
  'projects.runs': { method: 'GET', path: '/projects/{projectId}/runs', scope: 'workspace:read', passStatus: 404 },
  'domains.add': {
    method: 'POST',
    path: '/projects/{projectId}/domains',
    scope: 'domains:write',
    body: () => ({ domain: `docs-${next()}.example.com` }),
    passStatus: 404,
  },
  'domains.list': { method: 'GET', path: '/projects/{projectId}/domains', scope: 'domains:read', passStatus: 404 },
  'domains.remove': {
    method: 'DELETE',
    path: '/projects/{projectId}/domains/{domainId}',
    scope: 'domains:write',
    passStatus: 404,
  },
  'domains.verify': {
    method: 'POST',
    path: '/projects/{projectId}/domains/{domainId}/verify',
    scope: 'domains:write',
    body: () => ({}),
    passStatus: 404,
  },
  'members.list': { method: 'GET', path: '/members', scope: 'members:read', passStatus: 200 },
  'members.invite': {
    method: 'POST',
    path: '/members',
    scope: 'members:write',
    body: () => ({ email: `invitee-${next()}@example.com`, role: 'viewer' }),
    passStatus: 201,
  },
  'members.update': {
    method: 'PATCH',
    path: '/members/{memberId}',
    scope: 'members:write',
    body: () => ({ role: 'viewer' }),
    passStatus: 404,
  },
  'apiKeys.create': {
    method: 'POST',
    path: '/api-keys',
    scope: 'api_keys:write',
    body: () => ({ name: 'matrix', scopes: ['api_keys:write'] }),
    passStatus: 201,
  },
  'apiKeys.list': { method: 'GET', path: '/api-keys', scope: 'api_keys:read', passStatus: 200 },
  'apiKeys.revoke': { method: 'DELETE', path: '/api-keys/{keyId}', scope: 'api_keys:write', passStatus: 404 },
  'publishing.dryRun': {
    method: 'POST',
    path: '/runs/{runId}/publish/dry-run',
    scope: 'publishing:dry_run',
    body: () => ({ registry: 'npm' }),
    passStatus: 404,
  },
  'publishing.publish': {
    method: 'POST',
    path: '/runs/{runId}/publish/publish',
    scope: 'publishing:write',
    body: () => ({ registry: 'npm' }),
    passStatus: 404,
  },
  'publishing.rollback': {
    method: 'POST',
    path: '/runs/{runId}/publish/rollback',
    scope: 'publishing:write',
    body: () => ({ registry: 'npm' }),
    passStatus: 404,
  },
  'publishing.actions': {
    method: 'GET',
    path: '/runs/{runId}/publish/actions',
    scope: 'workspace:read',
    passStatus: 404,
  },
  'publishing.docsPreview': {
    method: 'POST',
    path: '/runs/{runId}/docs-preview/publish',
    scope: 'artifacts:write',
    body: () => ({}),
    passStatus: 404,
  },
  'billing.checkout': {
    method: 'POST',
    path: '/billing/checkout',
    scope: 'billing:write',
    body: () => ({ plan: 'launch' }),
    passStatus: 501,
  },
  'identity.me': { method: 'GET', path: '/me', scope: 'workspace:read', passStatus: 200 },
  'identity.health': { method: 'GET', path: '/health', scope: null, passStatus: 200 },
  'identity.authConfig': { method: 'GET', path: '/auth/config', scope: null, passStatus: 200 },
};

/**
 * REST routes served outside tRPC (binary answers), documented in /api/openapi.json by hand.
 * Same rule: DESIGN.md "artifact downloads: artifacts:read".
 */
const EXTRA_ROUTES: Record<string, Endpoint> = {
  'artifacts.download': {
    method: 'GET',
    path: '/runs/{runId}/artifacts/{artifactId}',
    scope: 'artifacts:read',
    passStatus: 404,
  },
  // The payment provider's webhook takes no token: its signature is its authentication. Unsigned
  // (as here) it is a 400 invalid_signature, or 501 where no signing secret is configured (here).
  'billing.webhook': {
    method: 'POST',
    path: '/billing/webhook',
    scope: null,
    body: () => ({ id: 'evt_1', type: 'ping' }),
    passStatus: 501,
  },
  // The description repository's push webhook: its X-Hub-Signature-256 is its authentication; a
  // project without a repository connection is a 404.
  'projects.descriptionWebhook': {
    method: 'POST',
    path: '/projects/{projectId}/description-webhook',
    scope: null,
    body: () => ({ ref: 'refs/heads/main' }),
    passStatus: 404,
  },
  // The SDK repository's pull_request webhook: signed the same way; no connection is a 404.
  'projects.releaseWebhook': {
    method: 'POST',
    path: '/projects/{projectId}/release-webhook',
    scope: null,
    body: () => ({ action: 'closed' }),
    passStatus: 404,
  },
};

/** DESIGN.md's role table (owner and admin: all). */
const DESIGN_ROLE_SCOPES: Record<Role, readonly string[]> = {
  owner: SCOPES,
  admin: SCOPES,
  editor: [
    'workspace:read',
    'projects:write',
    'runs:write',
    'artifacts:read',
    'artifacts:write',
    'publishing:dry_run',
    'domains:read',
    'domains:write',
    'members:read',
    'notifications:read',
    'notifications:write',
    'api_keys:read',
    'api_keys:write',
  ],
  viewer: ['workspace:read', 'artifacts:read', 'members:read', 'domains:read', 'notifications:read'],
};

const ALL: Record<string, Endpoint> = { ...MATRIX, ...EXTRA_ROUTES };
const AUTHED = Object.entries(ALL).filter(
  (entry): entry is [string, Endpoint & { scope: Scope }] => entry[1].scope !== null,
);
const PUBLIC = Object.entries(ALL).filter(([, e]) => e.scope === null);

const MISSING: Ids = {
  runId: 'run_missing',
  projectId: 'proj_missing',
  domainId: 'dom_missing',
  memberId: 'mem_missing',
  keyId: 'key_missing',
  artifactId: 'art_missing',
};

function fill(path: string, ids: Ids): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (ids as unknown as Record<string, string | undefined>)[name];
    if (!value) throw new Error(`no id for {${name}}`);
    return encodeURIComponent(value);
  });
}

async function call(
  endpoint: Endpoint,
  token: string | undefined,
  ids: Ids,
  headers?: Record<string, string>,
): Promise<HttpResult<Record<string, any>>> {
  const api = rest(service.url, token);
  const path = fill(endpoint.path, ids);
  switch (endpoint.method) {
    case 'GET':
      return await api.get(path, headers);
    case 'DELETE':
      return await api.delete(path, headers);
    case 'POST':
      return await api.post(path, endpoint.body?.() ?? {}, headers);
    case 'PATCH':
      return await api.patch(path, endpoint.body?.() ?? {}, headers);
  }
}

let service: TestService;
let ws: CreatedWorkspace;
let ids: Ids;
const allButKeys = new Map<Scope, string>();

async function keyWithout(scope: Scope): Promise<string> {
  let token = allButKeys.get(scope);
  if (!token) {
    token = await keyWithScopes(
      ws.organization.id,
      ws.user.id,
      SCOPES.filter((s) => s !== scope),
    );
    allButKeys.set(scope, token);
  }
  return token;
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  ws = await newWorkspace(service, 'Matrix');
  const owner = rest(service.url, ws.token);
  const started = await owner.post('/reports/start', { openapiText: PETSTORE });
  const domain = await owner.post(`/projects/${started.body.project.id}/domains`, {
    domain: `docs-${next()}.example.com`,
  });
  const member = await addMember(ws.organization.id, 'editor');
  expect([started.status, domain.status]).toEqual([202, 201]);
  // No worker runs here, so the run has no artifact: the download is addressed with a made-up id.
  ids = {
    runId: started.body.run.id,
    projectId: started.body.project.id,
    domainId: domain.body.domain.id,
    memberId: member.memberId,
    keyId: member.keyId,
    artifactId: 'art_none',
  };
});
afterAll(async () => service?.stop());

describe('the matrix', () => {
  it('covers every procedure of the router, with its REST method and path', () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(procedures).sort());
    for (const [name, procedure] of Object.entries(procedures)) {
      const openapi = procedure._def.meta?.openapi;
      expect(openapi, name).toBeDefined();
      expect({ method: openapi?.method, path: openapi?.path }, name).toEqual({
        method: MATRIX[name]?.method,
        path: MATRIX[name]?.path,
      });
    }
  });

  it('covers every operation of /api/openapi.json (routes outside tRPC too)', async () => {
    const doc = await rest(service.url).get('/openapi.json');
    expect(doc.status).toBe(200);
    const documented = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, item]) =>
        Object.keys(item)
          .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const known = Object.values(ALL).map((e) => `${e.method} ${e.path}`);
    expect(documented.sort()).toEqual(known.sort());
  });

  it("the role table is DESIGN.md's", () => {
    for (const role of ROLES) expect([...ROLE_SCOPES[role]].sort(), role).toEqual([...DESIGN_ROLE_SCOPES[role]].sort());
  });
});

describe('403 insufficient_scope: an owner key lacking exactly the required scope', () => {
  it.each(AUTHED)('%s', async (_name, endpoint) => {
    const res = await call(endpoint, await keyWithout(endpoint.scope), ids);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'insufficient_scope', message: expect.stringContaining(endpoint.scope) });
  });
});

describe('the required scope alone passes the gate (an owner key holding only it)', () => {
  it.each(AUTHED)('%s', async (_name, endpoint) => {
    const token = await keyWithScopes(ws.organization.id, ws.user.id, [endpoint.scope]);
    const res = await call(endpoint, token, MISSING);
    expect(res.status, JSON.stringify(res.body)).toBe(endpoint.passStatus);
  });
});

describe("a key's power is its scopes intersected with its creator's role", () => {
  it.each(ROLES.filter((r) => r !== 'owner'))('%s with a key listing every scope', async (role) => {
    const member = await addMember(ws.organization.id, role, SCOPES);
    for (const [name, endpoint] of AUTHED) {
      const res = await call(endpoint, member.token, MISSING);
      if (DESIGN_ROLE_SCOPES[role].includes(endpoint.scope)) {
        expect(res.status, `${role} ${name}`).toBe(endpoint.passStatus);
      } else {
        expect(res.status, `${role} ${name}`).toBe(403);
        expect(res.body.error).toBe('insufficient_scope');
      }
    }
  });
});

describe('401 unauthorized', () => {
  it('without a token, on every authenticated endpoint', async () => {
    for (const [name, endpoint] of AUTHED) {
      const res = await call(endpoint, undefined, ids);
      expect(res.status, name).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    }
  });

  it('with a malformed or unknown token, on every authenticated endpoint', async () => {
    const flipped = ws.token.slice(0, -1) + (ws.token.endsWith('0') ? '1' : '0');
    const bad: Array<Record<string, string>> = [
      { authorization: 'Bearer rsk_garbage' },
      { authorization: 'Bearer not-a-key-at-all' },
      { authorization: `Bearer ${mintToken().token}` }, // well-formed, never issued
      { authorization: `Bearer ${flipped}` }, // checksum broken
      { authorization: `Bearer ${ws.token}x` },
      { authorization: `Basic ${Buffer.from(`user:${ws.token}`).toString('base64')}` },
      { authorization: ws.token }, // no scheme
      { authorization: 'Bearer' },
      { authorization: `Bearer ${ws.token} ${ws.token}` },
    ];
    for (const [name, endpoint] of AUTHED) {
      for (const headers of bad) {
        const res = await call(endpoint, undefined, ids, headers);
        expect(res.status, `${name} ${headers.authorization}`).toBe(401);
        expect(res.body.error).toBe('unauthorized');
      }
    }
  });

  it('with a revoked key, on every authenticated endpoint', async () => {
    const created = await rest(service.url, ws.token).post('/api-keys', { scopes: [...SCOPES] });
    expect(created.status).toBe(201);
    expect((await rest(service.url, ws.token).delete(`/api-keys/${created.body.apiKey.id}`)).status).toBe(200);
    for (const [name, endpoint] of AUTHED) {
      const res = await call(endpoint, created.body.token, ids);
      expect(res.status, name).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('with the key of a member who was removed, on every authenticated endpoint', async () => {
    const admin = await addMember(ws.organization.id, 'admin');
    expect((await rest(service.url, ws.token).patch(`/members/${admin.memberId}`, { status: 'removed' })).status).toBe(
      200,
    );
    for (const [name, endpoint] of AUTHED) {
      const res = await call(endpoint, admin.token, ids);
      expect(res.status, name).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    }
  });

  it('the public endpoints need no token', async () => {
    for (const [name, endpoint] of PUBLIC) {
      const res = await call(endpoint, undefined, ids);
      expect(res.status, name).toBe(endpoint.passStatus);
      expect(res.status, name).not.toBe(401);
    }
  });
});

describe('the same gate through the tRPC client', () => {
  it('403 insufficient_scope for a key lacking the scope', async () => {
    const noRead = trpc(service.url, await keyWithout('workspace:read'));
    await expectTrpcError(noRead.projects.list.query({}), 'insufficient_scope', 403);
    await expectTrpcError(noRead.identity.me.query({}), 'insufficient_scope', 403);
    await expectTrpcError(noRead.runs.get.query({ runId: ids.runId }), 'insufficient_scope', 403);
    await expectTrpcError(
      trpc(service.url, await keyWithout('runs:write')).reports.start.mutate({ openapiText: PETSTORE }),
      'insufficient_scope',
      403,
    );
    await expectTrpcError(
      trpc(service.url, await keyWithout('runs:write')).runs.cancel.mutate({ runId: ids.runId }),
      'insufficient_scope',
      403,
    );
    await expectTrpcError(
      trpc(service.url, await keyWithout('members:write')).members.invite.mutate({ email: `t-${next()}@example.com` }),
      'insufficient_scope',
      403,
    );
    await expectTrpcError(
      trpc(service.url, await keyWithout('api_keys:write')).apiKeys.create.mutate({}),
      'insufficient_scope',
      403,
    );
    await expectTrpcError(
      trpc(service.url, await keyWithout('domains:write')).domains.remove.mutate({
        projectId: ids.projectId,
        domainId: ids.domainId,
      }),
      'insufficient_scope',
      403,
    );
    await expectTrpcError(
      trpc(service.url, await keyWithout('billing:write')).billing.checkout.mutate({ plan: 'launch' }),
      'insufficient_scope',
      403,
    );
  });

  it('401 without a token or with a revoked one; the public procedures need none', async () => {
    await expectTrpcError(trpc(service.url).projects.list.query({}), 'unauthorized', 401);
    await expectTrpcError(trpc(service.url, 'rsk_garbage').members.list.query({}), 'unauthorized', 401);
    expect((await trpc(service.url).identity.health.query({})).ok).toBe(true);
    expect((await trpc(service.url).identity.authConfig.query({})).provider).toBe('local-dev');
  });

  it('the records behind the 403s are untouched', async () => {
    const owner = rest(service.url, ws.token);
    expect((await owner.get(`/runs/${ids.runId}`)).body.run.status).toBe('queued');
    expect((await owner.get(`/projects/${ids.projectId}`)).body.project).toMatchObject({ status: 'created' });
    expect(
      ((await owner.get(`/projects/${ids.projectId}/domains`)).body.domains as Array<{ id: string }>).map((d) => d.id),
    ).toContain(ids.domainId);
  });
});
