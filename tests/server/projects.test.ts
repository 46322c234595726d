import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsDomain, Project, Run } from '../../db/models/index.ts';
import type { CreatedWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { PROJECT_STATUSES, PROJECT_TRANSITIONS } from '../../shared/enums.ts';
import { PETSTORE, expectTrpcError, rest, trpc } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { addMember, newWorkspace } from '../setup/workspace.ts';

// ROLE=api: no worker, so runs stay queued and projects stay `created` until PATCHed.
let service: TestService;
let ws: CreatedWorkspace;
let other: CreatedWorkspace;

let nameCounter = 0;
/** A new project (with one queued run) in the workspace of `token`. */
async function newProject(
  token: string,
  name?: string,
): Promise<{ project: Record<string, any>; run: Record<string, any> }> {
  nameCounter += 1;
  const res = await rest(service.url, token).post('/reports/start', {
    openapiText: PETSTORE,
    projectName: name ?? `Project ${nameCounter}`,
  });
  expect(res.status).toBe(202);
  return { project: res.body.project, run: res.body.run };
}

async function statusOf(projectId: string): Promise<string | undefined> {
  return (await Project.findByPk(projectId))?.status;
}

let domainCounter = 0;
function freshDomain(): string {
  domainCounter += 1;
  return `docs-${domainCounter}-${Date.now()}.example.com`;
}

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  ws = await newWorkspace(service);
  other = await newWorkspace(service, 'Other');
});
afterAll(async () => service?.stop());

describe('GET /api/projects', () => {
  it("200 lists the workspace's projects newest first, with run counts, and only its own (REST)", async () => {
    const own = await newWorkspace(service, 'Lister');
    const a = await newProject(own.token, 'Alpha');
    const b = await newProject(own.token, 'Beta');
    await rest(service.url, own.token).post('/reports/start', { openapiText: PETSTORE, projectId: b.project.id });
    const foreign = await newProject(other.token, 'Foreign');

    const res = await rest(service.url, own.token).get('/projects');
    expect(res.status).toBe(200);
    const projects = res.body.projects as Array<Record<string, any>>;
    expect(projects.map((p) => p.id)).toEqual([b.project.id, a.project.id]);
    expect(projects[0]).toMatchObject({ name: 'Beta', runCount: 2, status: 'created', mode: 'flagship' });
    expect(projects[1]).toMatchObject({ name: 'Alpha', runCount: 1 });
    expect(projects.map((p) => p.id)).not.toContain(foreign.project.id);
    expect(res.body.nextCursor).toBeUndefined();
  });

  it('filters by status (REST and tRPC); 400 for an unknown status', async () => {
    const own = await newWorkspace(service, 'Filter');
    const kept = await newProject(own.token);
    const archived = await newProject(own.token);
    const active = await newProject(own.token);
    expect((await rest(service.url, own.token).delete(`/projects/${archived.project.id}`)).status).toBe(200);
    expect(
      (await rest(service.url, own.token).patch(`/projects/${active.project.id}`, { status: 'active' })).status,
    ).toBe(200);

    const api = rest(service.url, own.token);
    const onlyArchived = await api.get('/projects?status=archived');
    expect(onlyArchived.status).toBe(200);
    expect((onlyArchived.body.projects as Array<{ id: string }>).map((p) => p.id)).toEqual([archived.project.id]);
    const onlyCreated = await trpc(service.url, own.token).projects.list.query({ status: 'created' });
    expect(onlyCreated.projects.map((p) => p.id)).toEqual([kept.project.id]);
    const onlyActive = await api.get('/projects?status=active');
    expect((onlyActive.body.projects as Array<{ id: string }>).map((p) => p.id)).toEqual([active.project.id]);

    const bad = await api.get('/projects?status=deleted');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_request');
    expect(bad.body.message).toMatch(/status/);
  });

  it('pages with limit and nextCursor, with no gap or repeat; 400 for a bad limit', async () => {
    const own = await newWorkspace(service, 'Pager');
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await newProject(own.token)).project.id);
    const api = rest(service.url, own.token);
    const seen: string[] = [];
    let cursor: string | undefined;
    const pageSizes: number[] = [];
    for (let page = 0; page < 5; page += 1) {
      const res = await api.get(`/projects?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      const ids = (res.body.projects as Array<{ id: string }>).map((p) => p.id);
      pageSizes.push(ids.length);
      seen.push(...ids);
      cursor = res.body.nextCursor;
      if (!cursor) break;
    }
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...made].reverse());
    // The tRPC client pages the same way.
    const first = await trpc(service.url, own.token).projects.list.query({ limit: 3 });
    expect(first.projects).toHaveLength(3);
    expect(first.nextCursor).toBe(made[2]);
    const rest2 = await trpc(service.url, own.token).projects.list.query({ limit: 3, cursor: first.nextCursor });
    expect(rest2.projects.map((p) => p.id)).toEqual([made[1], made[0]]);
    expect(rest2.nextCursor).toBeUndefined();

    for (const limit of ['0', '101', 'ten', '-1']) {
      const res = await api.get(`/projects?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(/limit/);
    }
  });
});

describe('GET /api/projects/{projectId}', () => {
  it('200 with the project (REST and tRPC); 404 for an unknown id', async () => {
    const { project } = await newProject(ws.token, 'Readable');
    const res = await rest(service.url, ws.token).get(`/projects/${project.id}`);
    expect(res.status).toBe(200);
    expect(res.body.project).toEqual({ ...project, updatedAt: expect.any(String) });
    const viaTrpc = await trpc(service.url, ws.token).projects.get.query({ projectId: project.id });
    expect(viaTrpc.project).toMatchObject({ id: project.id, name: 'Readable', runCount: 1, status: 'created' });

    const missing = await rest(service.url, ws.token).get('/projects/proj_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    await expectTrpcError(
      trpc(service.url, ws.token).projects.get.query({ projectId: 'proj_doesnotexist' }),
      'not_found',
      404,
    );
  });
});

describe('PATCH /api/projects/{projectId}', () => {
  it('200 renames and sets the API name (REST and tRPC)', async () => {
    const { project } = await newProject(ws.token, 'Old name');
    const res = await rest(service.url, ws.token).patch(`/projects/${project.id}`, {
      name: '  New name  ',
      apiName: 'Pets API',
    });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({
      id: project.id,
      name: 'New name',
      apiName: 'Pets API',
      status: 'created',
      runCount: 1,
    });
    expect(await Project.findByPk(project.id)).toMatchObject({ name: 'New name', apiName: 'Pets API' });
    const viaTrpc = await trpc(service.url, ws.token).projects.update.mutate({
      projectId: project.id,
      name: 'Newer name',
    });
    expect(viaTrpc.project).toMatchObject({ name: 'Newer name', apiName: 'Pets API' });
    // An empty apiName clears it.
    const cleared = await rest(service.url, ws.token).patch(`/projects/${project.id}`, { apiName: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.project.apiName).toBeUndefined();
    expect(cleared.body.project.name).toBe('Newer name');
  });

  it('status changes are allowed or denied exactly as PROJECT_TRANSITIONS says', async () => {
    // The documented table (docs/api.md: Project status): created is only ever initial.
    expect(PROJECT_TRANSITIONS).toEqual({
      created: ['created', 'active', 'archived'],
      active: ['active', 'archived'],
      archived: ['archived', 'active'],
    });
    const api = rest(service.url, ws.token);
    for (const from of PROJECT_STATUSES) {
      for (const to of PROJECT_STATUSES) {
        const { project } = await newProject(ws.token);
        if (from !== 'created') expect((await api.patch(`/projects/${project.id}`, { status: from })).status).toBe(200);
        expect(await statusOf(project.id)).toBe(from);
        const res = await api.patch(`/projects/${project.id}`, { status: to });
        if (PROJECT_TRANSITIONS[from].includes(to)) {
          expect(res.status, `${from} -> ${to}`).toBe(200);
          expect(res.body.project.status).toBe(to);
          expect(await statusOf(project.id)).toBe(to);
        } else {
          expect(res.status, `${from} -> ${to}`).toBe(400);
          expect(res.body.error).toBe('invalid_status_transition');
          expect(res.body.message).toMatch(/status/);
          expect(await statusOf(project.id)).toBe(from);
        }
      }
    }
  });

  it('a denied transition through tRPC is 400 invalid_status_transition', async () => {
    const { project } = await newProject(ws.token);
    await trpc(service.url, ws.token).projects.update.mutate({ projectId: project.id, status: 'active' });
    await expectTrpcError(
      trpc(service.url, ws.token).projects.update.mutate({ projectId: project.id, status: 'created' }),
      'invalid_status_transition',
      400,
    );
    expect(await statusOf(project.id)).toBe('active');
  });

  it('archive: true archives, archive: false restores; archive with a contradicting status is 400', async () => {
    const api = rest(service.url, ws.token);
    const { project } = await newProject(ws.token);
    const archived = await api.patch(`/projects/${project.id}`, { archive: true });
    expect(archived.status).toBe(200);
    expect(archived.body.project.status).toBe('archived');
    const agreeing = await api.patch(`/projects/${project.id}`, { archive: true, status: 'archived' });
    expect(agreeing.status).toBe(200);

    const contradicting = await api.patch(`/projects/${project.id}`, { archive: true, status: 'active' });
    expect(contradicting.status).toBe(400);
    expect(contradicting.body.error).toBe('invalid_request');
    expect(contradicting.body.message).toMatch(/archive/);
    expect(await statusOf(project.id)).toBe('archived');

    const restored = await api.patch(`/projects/${project.id}`, { archive: false });
    expect(restored.status).toBe(200);
    expect(restored.body.project.status).toBe('active');

    const { project: fresh } = await newProject(ws.token);
    const bad = await api.patch(`/projects/${fresh.id}`, { archive: true, status: 'created', name: 'Never' });
    expect(bad.status).toBe(400);
    expect(await Project.findByPk(fresh.id)).toMatchObject({ status: 'created', name: fresh.name });
  });

  it('501 transfer_not_supported for transferOrgId, and nothing changes (REST and tRPC)', async () => {
    const { project } = await newProject(ws.token, 'Stays put');
    const res = await rest(service.url, ws.token).patch(`/projects/${project.id}`, {
      transferOrgId: other.organization.id,
      name: 'Moved',
      archive: true,
    });
    expect(res.status).toBe(501);
    expect(res.body).toEqual({ error: 'transfer_not_supported', message: expect.any(String) });
    await expectTrpcError(
      trpc(service.url, ws.token).projects.update.mutate({
        projectId: project.id,
        transferOrgId: other.organization.id,
      }),
      'transfer_not_supported',
      501,
    );
    const row = await Project.findByPk(project.id);
    expect(row).toMatchObject({ orgId: ws.organization.id, name: 'Stays put', status: 'created' });
    expect(row?.updatedAt.toISOString()).toBe(project.updatedAt);
  });

  it('400 naming the field: unknown field, empty or blank name, too long, wrong types, unknown status', async () => {
    const { project } = await newProject(ws.token, 'Guarded');
    const api = rest(service.url, ws.token);
    const cases: Array<[unknown, RegExp]> = [
      [{ orgId: other.organization.id }, /orgId: unknown field/],
      [{ name: 'x', mode: 'custom' }, /mode: unknown field/],
      [{ runCount: 0 }, /runCount: unknown field/],
      [{ name: '' }, /name/],
      [{ name: '   ' }, /name/],
      [{ name: 'n'.repeat(201) }, /name/],
      [{ name: 42 }, /name/],
      [{ apiName: 'a'.repeat(201) }, /apiName/],
      [{ status: 'deleted' }, /status/],
    ];
    for (const [body, field] of cases) {
      const res = await api.patch(`/projects/${project.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(field);
    }
    expect(await Project.findByPk(project.id)).toMatchObject({
      orgId: ws.organization.id,
      name: 'Guarded',
      status: 'created',
      mode: 'flagship',
    });
  });

  // trpc-to-openapi switches boolean/number input fields to coercion (Boolean("false") === true);
  // body booleans are BodyBoolean() pipes so both transports reject non-booleans.
  it('400 naming archive for a non-boolean archive; the project is untouched', async () => {
    const { project } = await newProject(ws.token, 'Not a boolean');
    for (const archive of ['false', 'yes', 0, 1]) {
      const res = await rest(service.url, ws.token).patch(`/projects/${project.id}`, { archive });
      expect(res.status, JSON.stringify(archive)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(/archive/);
      expect(await statusOf(project.id)).toBe('created');
    }
  });

  it('404 for an unknown project; 403 for a viewer (no projects:write)', async () => {
    const missing = await rest(service.url, ws.token).patch('/projects/proj_doesnotexist', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    const { project } = await newProject(ws.token, 'Viewer-proof');
    const viewer = await addMember(ws.organization.id, 'viewer');
    const res = await rest(service.url, viewer.token).patch(`/projects/${project.id}`, { name: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('insufficient_scope');
    expect((await Project.findByPk(project.id))?.name).toBe('Viewer-proof');
  });
});

describe('DELETE /api/projects/{projectId}', () => {
  it('200 {project} archived; its runs are kept and still listed (REST)', async () => {
    const { project, run } = await newProject(ws.token, 'To archive');
    const second = await rest(service.url, ws.token).post('/reports/start', {
      openapiText: PETSTORE,
      projectId: project.id,
    });
    const res = await rest(service.url, ws.token).delete(`/projects/${project.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['project']);
    expect(res.body.project).toMatchObject({ id: project.id, status: 'archived', runCount: 2, name: 'To archive' });
    expect(await statusOf(project.id)).toBe('archived');
    expect(await Run.count({ where: { projectId: project.id } })).toBe(2);
    const runs = await rest(service.url, ws.token).get(`/projects/${project.id}/runs`);
    expect(runs.status).toBe(200);
    expect((runs.body.runs as Array<{ id: string }>).map((r) => r.id)).toEqual([second.body.run.id, run.id]);
    const fetched = await rest(service.url, ws.token).get(`/runs/${run.id}`);
    expect(fetched.status).toBe(200);
    // Deleting again is harmless.
    const again = await rest(service.url, ws.token).delete(`/projects/${project.id}`);
    expect(again.status).toBe(200);
    expect(again.body.project.status).toBe('archived');
  });

  it('200 through the tRPC client; 404 for an unknown project', async () => {
    const { project } = await newProject(ws.token);
    const res = await trpc(service.url, ws.token).projects.archive.mutate({ projectId: project.id });
    expect(res.project.status).toBe('archived');
    const missing = await rest(service.url, ws.token).delete('/projects/proj_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    await expectTrpcError(
      trpc(service.url, ws.token).projects.archive.mutate({ projectId: 'proj_doesnotexist' }),
      'not_found',
      404,
    );
  });
});

describe('GET /api/projects/{projectId}/runs', () => {
  it('pages newest first with limit and nextCursor (REST and tRPC)', async () => {
    const { project, run } = await newProject(ws.token, 'Many runs');
    const ids = [run.id as string];
    for (let i = 0; i < 3; i += 1) {
      const res = await rest(service.url, ws.token).post('/reports/start', {
        openapiText: PETSTORE,
        projectId: project.id,
      });
      ids.push(res.body.run.id);
    }
    const newestFirst = [...ids].reverse();
    const api = rest(service.url, ws.token);
    const page1 = await api.get(`/projects/${project.id}/runs?limit=3`);
    expect(page1.status).toBe(200);
    expect((page1.body.runs as Array<{ id: string }>).map((r) => r.id)).toEqual(newestFirst.slice(0, 3));
    for (const r of page1.body.runs as Array<Record<string, any>>)
      expect(r).toMatchObject({ projectId: project.id, status: 'queued' });
    expect(page1.body.nextCursor).toBe(newestFirst[2]);
    const page2 = await api.get(
      `/projects/${project.id}/runs?limit=3&cursor=${encodeURIComponent(page1.body.nextCursor)}`,
    );
    expect((page2.body.runs as Array<{ id: string }>).map((r) => r.id)).toEqual(newestFirst.slice(3));
    expect(page2.body.nextCursor).toBeUndefined();

    const viaTrpc = await trpc(service.url, ws.token).projects.runs.query({ projectId: project.id, limit: 2 });
    expect(viaTrpc.runs.map((r) => r.id)).toEqual(newestFirst.slice(0, 2));
    expect(viaTrpc.nextCursor).toBe(newestFirst[1]);

    const other = await newProject(ws.token, 'Not mixed in');
    expect((page1.body.runs as Array<{ id: string }>).map((r) => r.id)).not.toContain(other.run.id);
  });

  it('404 for an unknown project (REST and tRPC); 400 for a bad limit', async () => {
    const missing = await rest(service.url, ws.token).get('/projects/proj_doesnotexist/runs');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
    await expectTrpcError(
      trpc(service.url, ws.token).projects.runs.query({ projectId: 'proj_doesnotexist' }),
      'not_found',
      404,
    );
    const { project } = await newProject(ws.token);
    const bad = await rest(service.url, ws.token).get(`/projects/${project.id}/runs?limit=1000`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });
});

describe('docs domains', () => {
  it('POST 201 pending with a verification token and CNAME target (REST); GET lists it', async () => {
    const { project } = await newProject(ws.token, 'Docs');
    const domain = freshDomain();
    const res = await rest(service.url, ws.token).post(`/projects/${project.id}/domains`, {
      domain: domain.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body.project).toMatchObject({ id: project.id, name: 'Docs' });
    expect(res.body.domain).toMatchObject({
      projectId: project.id,
      domain,
      status: 'pending',
      cnameTarget: 'docs.report-service.dev',
    });
    expect(res.body.domain.id).toMatch(/^dom_/);
    expect(res.body.domain.verificationToken).toMatch(/^\S{16,}$/);
    expect(res.body.domain.lastVerifiedAt).toBeUndefined();
    expect(await DocsDomain.findByPk(res.body.domain.id)).toMatchObject({
      orgId: ws.organization.id,
      projectId: project.id,
      domain,
      status: 'pending',
    });

    const list = await rest(service.url, ws.token).get(`/projects/${project.id}/domains`);
    expect(list.status).toBe(200);
    expect(list.body.domains).toEqual([res.body.domain]);
    // Each domain gets its own token.
    const second = await rest(service.url, ws.token).post(`/projects/${project.id}/domains`, { domain: freshDomain() });
    expect(second.body.domain.verificationToken).not.toBe(res.body.domain.verificationToken);
    const both = await trpc(service.url, ws.token).domains.list.query({ projectId: project.id });
    expect(both.domains.map((d) => d.id)).toEqual([res.body.domain.id, second.body.domain.id]);
  });

  it('201 through the tRPC client; 400 through it for an invalid hostname', async () => {
    const { project } = await newProject(ws.token);
    const domain = freshDomain();
    const res = await trpc(service.url, ws.token).domains.add.mutate({ projectId: project.id, domain });
    expect(res.domain).toMatchObject({ domain, status: 'pending' });
    await expectTrpcError(
      trpc(service.url, ws.token).domains.add.mutate({ projectId: project.id, domain: 'not a host' }),
      'invalid_request',
      400,
    );
  });

  it('400 naming domain for an invalid hostname; nothing is written', async () => {
    const { project } = await newProject(ws.token);
    const api = rest(service.url, ws.token);
    for (const domain of [
      'not a host',
      'https://docs.example.com',
      'docs.example.com/path',
      'localhost',
      '-bad.example.com',
      'docs..example.com',
      '',
      'x'.repeat(64) + '.example.com',
    ]) {
      const res = await api.post(`/projects/${project.id}/domains`, { domain });
      expect(res.status, domain).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(/domain/);
    }
    const missing = await api.post(`/projects/${project.id}/domains`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/domain/);
    expect(await DocsDomain.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('400 for a domain already attached in this workspace; another workspace may add it as pending, with its own token', async () => {
    const first = await newProject(ws.token);
    const second = await newProject(ws.token);
    const foreign = await newProject(other.token);
    const domain = freshDomain();
    const mine = await rest(service.url, ws.token).post(`/projects/${first.project.id}/domains`, { domain });
    expect(mine.status).toBe(201);
    for (const projectId of [first.project.id, second.project.id]) {
      const res = await rest(service.url, ws.token).post(`/projects/${projectId}/domains`, { domain });
      expect(res.status, projectId).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(/domain/);
    }
    const theirs = await rest(service.url, other.token).post(`/projects/${foreign.project.id}/domains`, { domain });
    expect(theirs.status).toBe(201);
    expect(theirs.body.domain).toMatchObject({ status: 'pending' });
    expect(theirs.body.domain.verificationToken).not.toBe(mine.body.domain.verificationToken);
    expect(await DocsDomain.count({ where: { domain } })).toBe(2);
  });

  it('concurrent adds of one hostname: one 201, the others 400, never a 500', async () => {
    const { project } = await newProject(ws.token);
    const api = rest(service.url, ws.token);
    for (let round = 0; round < 3; round += 1) {
      const domain = freshDomain();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => api.post(`/projects/${project.id}/domains`, { domain })),
      );
      expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([
        201, 400, 400, 400, 400, 400, 400, 400,
      ]);
      for (const r of results.filter((x) => x.status === 400)) {
        expect(r.body.error).toBe('invalid_request');
        expect(r.body.message).toMatch(/domain/);
      }
      expect(await DocsDomain.count({ where: { domain } })).toBe(1);
    }
  });

  it('404 for domains of an unknown project', async () => {
    const api = rest(service.url, ws.token);
    const list = await api.get('/projects/proj_doesnotexist/domains');
    expect(list.status).toBe(404);
    expect(list.body.error).toBe('not_found');
    const add = await api.post('/projects/proj_doesnotexist/domains', { domain: freshDomain() });
    expect(add.status).toBe(404);
    expect(add.body.error).toBe('not_found');
  });

  it('DELETE 200 {project, domain}; then 404; the hostname can be attached again (REST and tRPC)', async () => {
    const { project } = await newProject(ws.token, 'Removal');
    const domain = freshDomain();
    const added = await rest(service.url, ws.token).post(`/projects/${project.id}/domains`, { domain });
    const domainId = added.body.domain.id as string;
    const res = await rest(service.url, ws.token).delete(`/projects/${project.id}/domains/${domainId}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['domain', 'project']);
    expect(res.body.project).toMatchObject({ id: project.id, name: 'Removal' });
    expect(res.body.domain).toMatchObject({
      id: domainId,
      domain,
      projectId: project.id,
      status: 'pending',
      cnameTarget: 'docs.report-service.dev',
    });
    expect(await DocsDomain.findByPk(domainId)).toBeNull();

    const again = await rest(service.url, ws.token).delete(`/projects/${project.id}/domains/${domainId}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('not_found');
    await expectTrpcError(
      trpc(service.url, ws.token).domains.remove.mutate({ projectId: project.id, domainId }),
      'not_found',
      404,
    );
    expect((await rest(service.url, ws.token).get(`/projects/${project.id}/domains`)).body.domains).toEqual([]);

    const reattached = await rest(service.url, ws.token).post(`/projects/${project.id}/domains`, { domain });
    expect(reattached.status).toBe(201);
    const viaTrpc = await trpc(service.url, ws.token).domains.remove.mutate({
      projectId: project.id,
      domainId: reattached.body.domain.id,
    });
    expect(viaTrpc.domain).toMatchObject({ id: reattached.body.domain.id, domain });
  });

  it('DELETE 404 for a domain addressed through another project of the same workspace; it stays', async () => {
    const owner = await newProject(ws.token);
    const elsewhere = await newProject(ws.token);
    const added = await rest(service.url, ws.token).post(`/projects/${owner.project.id}/domains`, {
      domain: freshDomain(),
    });
    const res = await rest(service.url, ws.token).delete(
      `/projects/${elsewhere.project.id}/domains/${added.body.domain.id}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    expect(await DocsDomain.findByPk(added.body.domain.id)).not.toBeNull();
  });

  it('403 for a viewer adding or removing a domain (no domains:write), 200 for listing (domains:read)', async () => {
    const { project } = await newProject(ws.token);
    const added = await rest(service.url, ws.token).post(`/projects/${project.id}/domains`, { domain: freshDomain() });
    const viewer = rest(service.url, (await addMember(ws.organization.id, 'viewer')).token);
    const add = await viewer.post(`/projects/${project.id}/domains`, { domain: freshDomain() });
    expect(add.status).toBe(403);
    expect(add.body.error).toBe('insufficient_scope');
    const remove = await viewer.delete(`/projects/${project.id}/domains/${added.body.domain.id}`);
    expect(remove.status).toBe(403);
    expect(remove.body.error).toBe('insufficient_scope');
    expect(await DocsDomain.findByPk(added.body.domain.id)).not.toBeNull();
    expect((await viewer.get(`/projects/${project.id}/domains`)).status).toBe(200);
  });
});
