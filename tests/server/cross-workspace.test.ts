import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { ApiKey, Artifact, DocsDomain, Member, Project, Run } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import type { Meta } from '../../server/trpc/init.ts';
import { appRouter } from '../../server/trpc/root.ts';
import { newId } from '../../shared/ids.ts';
import { PETSTORE, rest, trpc, trpcError, type HttpResult } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace, type TestMember } from '../setup/workspace.ts';
import { createStoredArtifact } from '../setup/stored-artifact.ts';

// Workspace B's owner (every scope) aims at workspace A's records: always 404 not_found, never
// 403 (existence does not leak), and A's records stay as they were. ROLE=api keeps A's run queued.
let service: TestService;
let a: CreatedWorkspace;
let b: CreatedWorkspace;
let aProject: Record<string, any>;
let aRun: Record<string, any>;
let aDomain: Record<string, any>;
let aMember: TestMember;
let aKey: { id: string; token: string };
let aOwnerMemberId: string;
let bProjectId: string;
let bRunId: string;
let aArtifactId: string;
const ARTIFACT_CONTENT = Buffer.from('{"verdict":"ready"}');

/** How many rows each table with an org_id column holds for A: any write into A shows here. */
async function rowCountsOfA(): Promise<Record<string, number>> {
  const tables = await service.deps.db.sequelize.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'org_id' ORDER BY table_name`,
    { type: QueryTypes.SELECT },
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await service.deps.db.sequelize.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM "${name}" WHERE org_id = $1`,
      {
        bind: [a.organization.id],
        type: QueryTypes.SELECT,
      },
    );
    counts[name] = Number(row?.count);
  }
  return counts;
}

/** A's records as the database holds them, to compare before and after each attempt. */
async function snapshotOfA() {
  const [project, run, runs, domains, members, keys, projects, artifacts] = await Promise.all([
    Project.findByPk(aProject.id, { raw: true }),
    Run.findByPk(aRun.id, { raw: true }),
    Run.count({ where: { orgId: a.organization.id } }),
    DocsDomain.findAll({ where: { orgId: a.organization.id }, raw: true, order: [['id', 'ASC']] }),
    Member.findAll({ where: { orgId: a.organization.id }, raw: true, order: [['id', 'ASC']] }),
    ApiKey.findAll({
      where: { orgId: a.organization.id },
      attributes: ['id', 'revokedAt', 'scopes', 'name', 'orgId'],
      raw: true,
      order: [['id', 'ASC']],
    }),
    Project.count({ where: { orgId: a.organization.id } }),
    Artifact.findAll({
      where: { orgId: a.organization.id },
      attributes: ['id', 'runId', 'sha256', 'expiresAt'],
      raw: true,
      order: [['id', 'ASC']],
    }),
  ]);
  return { project, run, runs, domains, members, keys, projects, artifacts, rows: await rowCountsOfA() };
}

function expectNotFound(res: HttpResult<Record<string, any>>, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body, what).toEqual({ error: 'not_found', message: expect.any(String) });
}

async function expectTrpcNotFound(promise: Promise<unknown>): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected not_found').toBeDefined();
  expect(trpcError(caught)).toEqual({ code: 'not_found', httpStatus: 404 });
}

interface Attempt {
  /** `METHOD /path` as in /api/openapi.json. */
  route: string;
  run: () => Promise<HttpResult<Record<string, any>>>;
}

/** Every record-addressed endpoint (and reports start with a projectId), from B at A's records. */
function attempts(): Attempt[] {
  const api = rest(service.url, b.token);
  return [
    { route: 'GET /runs/{runId}', run: () => api.get(`/runs/${aRun.id}`) },
    { route: 'GET /runs/{runId}/artifacts', run: () => api.get(`/runs/${aRun.id}/artifacts`) },
    {
      route: 'GET /runs/{runId}/artifacts/{artifactId}',
      run: () => api.get(`/runs/${aRun.id}/artifacts/${aArtifactId}`),
    },
    {
      route: 'POST /runs/{runId}/publish/dry-run',
      run: () => api.post(`/runs/${aRun.id}/publish/dry-run`, { registry: 'npm' }),
    },
    {
      route: 'POST /runs/{runId}/publish/publish',
      run: () => api.post(`/runs/${aRun.id}/publish/publish`, { registry: 'npm' }),
    },
    {
      route: 'POST /runs/{runId}/publish/rollback',
      run: () => api.post(`/runs/${aRun.id}/publish/rollback`, { registry: 'npm' }),
    },
    { route: 'GET /runs/{runId}/publish/actions', run: () => api.get(`/runs/${aRun.id}/publish/actions`) },
    {
      route: 'POST /runs/{runId}/docs-preview/publish',
      run: () => api.post(`/runs/${aRun.id}/docs-preview/publish`, {}),
    },
    // A's artifact through B's own run.
    {
      route: 'GET /runs/{runId}/artifacts/{artifactId}',
      run: () => api.get(`/runs/${bRunId}/artifacts/${aArtifactId}`),
    },
    { route: 'GET /runs/{runId}/custom-code', run: () => api.get(`/runs/${aRun.id}/custom-code`) },
    { route: 'GET /projects/{projectId}/repository', run: () => api.get(`/projects/${aProject.id}/repository`) },
    {
      route: 'POST /projects/{projectId}/repository',
      run: () => api.post(`/projects/${aProject.id}/repository`, { sdkRepository: 'acme/taken-over' }),
    },
    // Signed by the project's webhook secret, not a token: A's project has no connection, so 404.
    {
      route: 'POST /projects/{projectId}/description-webhook',
      run: () => api.post(`/projects/${aProject.id}/description-webhook`, {}),
    },
    {
      route: 'POST /projects/{projectId}/release-webhook',
      run: () => api.post(`/projects/${aProject.id}/release-webhook`, {}),
    },
    { route: 'POST /runs/{runId}/cancel', run: () => api.post(`/runs/${aRun.id}/cancel`, { reason: 'not yours' }) },
    { route: 'POST /runs/{runId}/retry', run: () => api.post(`/runs/${aRun.id}/retry`, {}) },
    { route: 'GET /projects/{projectId}', run: () => api.get(`/projects/${aProject.id}`) },
    {
      route: 'PATCH /projects/{projectId}',
      run: () => api.patch(`/projects/${aProject.id}`, { name: 'Taken over', apiName: 'Mine', status: 'archived' }),
    },
    {
      route: 'PATCH /projects/{projectId}',
      run: () => api.patch(`/projects/${aProject.id}`, { transferOrgId: b.organization.id }),
    },
    { route: 'DELETE /projects/{projectId}', run: () => api.delete(`/projects/${aProject.id}`) },
    { route: 'GET /projects/{projectId}/runs', run: () => api.get(`/projects/${aProject.id}/runs`) },
    { route: 'GET /projects/{projectId}/domains', run: () => api.get(`/projects/${aProject.id}/domains`) },
    {
      route: 'POST /projects/{projectId}/domains',
      run: () => api.post(`/projects/${aProject.id}/domains`, { domain: 'intruder.example.com' }),
    },
    {
      route: 'DELETE /projects/{projectId}/domains/{domainId}',
      run: () => api.delete(`/projects/${aProject.id}/domains/${aDomain.id}`),
    },
    // A's domain through B's own project.
    {
      route: 'DELETE /projects/{projectId}/domains/{domainId}',
      run: () => api.delete(`/projects/${bProjectId}/domains/${aDomain.id}`),
    },
    {
      route: 'POST /projects/{projectId}/domains/{domainId}/verify',
      run: () => api.post(`/projects/${aProject.id}/domains/${aDomain.id}/verify`, {}),
    },
    {
      route: 'POST /projects/{projectId}/domains/{domainId}/verify',
      run: () => api.post(`/projects/${bProjectId}/domains/${aDomain.id}/verify`, {}),
    },
    { route: 'PATCH /members/{memberId}', run: () => api.patch(`/members/${aMember.memberId}`, { role: 'viewer' }) },
    { route: 'PATCH /members/{memberId}', run: () => api.patch(`/members/${aMember.memberId}`, { status: 'removed' }) },
    { route: 'PATCH /members/{memberId}', run: () => api.patch(`/members/${aOwnerMemberId}`, { role: 'viewer' }) },
    { route: 'DELETE /api-keys/{keyId}', run: () => api.delete(`/api-keys/${aKey.id}`) },
    { route: 'DELETE /api-keys/{keyId}', run: () => api.delete(`/api-keys/${a.apiKey.id}`) },
    {
      route: 'POST /reports/start',
      run: () => api.post('/reports/start', { openapiText: PETSTORE, projectId: aProject.id }),
    },
  ];
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  a = await newWorkspace(service, 'A');
  b = await newWorkspace(service, 'B');
  const apiA = rest(service.url, a.token);
  const started = await apiA.post('/reports/start', { openapiText: PETSTORE, projectName: 'A project' });
  expect(started.status).toBe(202);
  aProject = started.body.project;
  aRun = started.body.run;
  const domain = await apiA.post(`/projects/${aProject.id}/domains`, { domain: 'docs.a-workspace.example.com' });
  expect(domain.status).toBe(201);
  aDomain = domain.body.domain;
  aMember = await addMember(a.organization.id, 'editor');
  const key = await apiA.post('/api-keys', { name: 'A key', scopes: ['workspace:read'] });
  expect(key.status).toBe(201);
  aKey = { id: key.body.apiKey.id, token: key.body.token };
  const owner = await Member.findOne({ where: { orgId: a.organization.id, userId: a.user.id } });
  aOwnerMemberId = owner!.id;
  const bStarted = await rest(service.url, b.token).post('/reports/start', {
    openapiText: PETSTORE,
    projectName: 'B project',
  });
  bProjectId = bStarted.body.project.id;
  bRunId = bStarted.body.run.id;
  // No worker runs here: give A's run an artifact directly, as the pipeline would.
  aArtifactId = newId('art');
  await createStoredArtifact({
    id: aArtifactId,
    orgId: a.organization.id,
    runId: aRun.id,
    kind: 'validation_report',
    name: 'validation-report.json',
    mediaType: 'application/json',
    sizeBytes: ARTIFACT_CONTENT.length,
    sha256: createHash('sha256').update(ARTIFACT_CONTENT).digest('hex'),
    fileCount: 1,
    content: ARTIFACT_CONTENT,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
});
afterAll(async () => service?.stop());

describe("another workspace's records answer 404 not_found, and stay unchanged", () => {
  it('covers every record-addressed endpoint: of the router and of /api/openapi.json', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
    const fromRouter = Object.values(procedures)
      .map((p) => p._def.meta?.openapi)
      .filter((o) => o?.path.includes('{'))
      .map((o) => `${o!.method} ${o!.path}`);
    const doc = (await rest(service.url).get('/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const fromDoc = Object.entries(doc)
      .filter(([path]) => path.includes('{'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    const covered = new Set(attempts().map((t) => t.route));
    for (const route of new Set([...fromRouter, ...fromDoc]))
      expect(covered.has(route), `${route} is not in the cross-workspace list`).toBe(true);
    expect(covered.has('POST /reports/start')).toBe(true);
  });

  it("REST: every attempt is 404, and A's records are exactly as before", async () => {
    const before = await snapshotOfA();
    expect(before.run?.status).toBe('queued');
    expect(before.rows).toMatchObject({ projects: 1, runs: 1, members: 2, api_keys: 3, docs_domains: 1, artifacts: 1 });
    for (const attempt of attempts()) {
      expectNotFound(await attempt.run(), attempt.route);
      expect(await snapshotOfA(), `after ${attempt.route}`).toEqual(before);
    }
    // B got nothing out of it either.
    expect(await DocsDomain.count({ where: { domain: 'intruder.example.com' } })).toBe(0);
    expect(await Run.count({ where: { orgId: b.organization.id } })).toBe(1);
    // And A still sees everything through its own API.
    const apiA = rest(service.url, a.token);
    expect((await apiA.get(`/runs/${aRun.id}`)).body.run).toMatchObject({ id: aRun.id, status: 'queued' });
    expect((await apiA.get(`/projects/${aProject.id}`)).body.project).toMatchObject({
      name: 'A project',
      status: 'created',
      runCount: 1,
    });
    expect((await apiA.get(`/projects/${aProject.id}/domains`)).body.domains).toEqual([aDomain]);
    expect((await rest(service.url, aKey.token).get('/me')).status).toBe(200);
    expect((await rest(service.url, aMember.token).get('/me')).status).toBe(200);
  });

  it('the 404 says no more than for an id that does not exist', async () => {
    const api = rest(service.url, b.token);
    const pairs: Array<[string, string, string]> = [
      [`/projects/${aProject.id}`, '/projects/proj_doesnotexist', aProject.id],
      [`/runs/${aRun.id}`, '/runs/run_doesnotexist', aRun.id],
    ];
    for (const [foreignPath, missingPath, foreignId] of pairs) {
      const foreign = await api.get(foreignPath);
      const missing = await api.get(missingPath);
      expect(foreign.status).toBe(missing.status);
      const missingId = missingPath.split('/').pop()!;
      expect(foreign.body.message.replace(foreignId, 'ID')).toBe(missing.body.message.replace(missingId, 'ID'));
    }
  });

  it('tRPC: the same 404s, and nothing changes', async () => {
    const before = await snapshotOfA();
    const client = trpc(service.url, b.token);
    await expectTrpcNotFound(client.runs.get.query({ runId: aRun.id }));
    await expectTrpcNotFound(client.runs.cancel.mutate({ runId: aRun.id }));
    await expectTrpcNotFound(client.runs.retry.mutate({ runId: aRun.id }));
    await expectTrpcNotFound(client.runs.artifacts.query({ runId: aRun.id }));
    await expectTrpcNotFound(client.projects.get.query({ projectId: aProject.id }));
    await expectTrpcNotFound(client.projects.update.mutate({ projectId: aProject.id, archive: true }));
    await expectTrpcNotFound(client.projects.archive.mutate({ projectId: aProject.id }));
    await expectTrpcNotFound(client.projects.runs.query({ projectId: aProject.id }));
    await expectTrpcNotFound(client.domains.list.query({ projectId: aProject.id }));
    await expectTrpcNotFound(client.domains.add.mutate({ projectId: aProject.id, domain: 'intruder2.example.com' }));
    await expectTrpcNotFound(client.domains.remove.mutate({ projectId: aProject.id, domainId: aDomain.id }));
    await expectTrpcNotFound(client.domains.verify.mutate({ projectId: aProject.id, domainId: aDomain.id }));
    await expectTrpcNotFound(client.members.update.mutate({ memberId: aMember.memberId, status: 'removed' }));
    await expectTrpcNotFound(client.apiKeys.revoke.mutate({ keyId: aKey.id }));
    await expectTrpcNotFound(client.reports.start.mutate({ openapiText: PETSTORE, projectId: aProject.id }));
    expect(await snapshotOfA()).toEqual(before);
  });

  it("B's lists never show A's records", async () => {
    const api = rest(service.url, b.token);
    const text = JSON.stringify([
      (await api.get('/projects')).body,
      (await api.get('/members')).body,
      (await api.get('/api-keys')).body,
      (await api.get('/me')).body,
      (await api.get(`/projects/${bProjectId}/runs`)).body,
      (await api.get(`/projects/${bProjectId}/domains`)).body,
      (await api.get(`/runs/${bRunId}/artifacts`)).body,
    ]);
    for (const id of [
      a.organization.id,
      aProject.id,
      aRun.id,
      aDomain.id,
      aMember.memberId,
      aKey.id,
      a.apiKey.id,
      aOwnerMemberId,
      aArtifactId,
    ]) {
      expect(text).not.toContain(id);
    }
  });

  it("A's own calls still work on the same records (the 404s were about the workspace)", async () => {
    const apiA = rest(service.url, a.token);
    const artifacts = await apiA.get(`/runs/${aRun.id}/artifacts`);
    expect(artifacts.status).toBe(200);
    expect((artifacts.body.artifacts as Array<{ id: string }>).map((x) => x.id)).toEqual([aArtifactId]);
    const download = await fetch(`${service.url}/api/runs/${aRun.id}/artifacts/${aArtifactId}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(ARTIFACT_CONTENT)).toBe(true);
    const renamed = await apiA.patch(`/projects/${aProject.id}`, { apiName: 'A API' });
    expect(renamed.status).toBe(200);
    const canceled = await apiA.post(`/runs/${aRun.id}/cancel`, {});
    expect(canceled.status).toBe(200);
    expect(canceled.body.run.status).toBe('canceled');
    const member = await apiA.patch(`/members/${aMember.memberId}`, { role: 'viewer' });
    expect(member.status).toBe(200);
    const removed = await apiA.delete(`/projects/${aProject.id}/domains/${aDomain.id}`);
    expect(removed.status).toBe(200);
    const revoked = await apiA.delete(`/api-keys/${aKey.id}`);
    expect(revoked.status).toBe(200);
  });
});
