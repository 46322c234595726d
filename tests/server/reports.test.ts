import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Project, Run, RunInput } from '../../db/models/index.ts';
import { PETSTORE, rest, trpc, trpcError } from '../setup/http.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// ROLE=api: no worker, so runs stay queued and the verdict says needs_worker.
let service: TestService;
let token: string;
let otherToken: string;

beforeAll(async () => {
  service = await startTestService({ ROLE: 'api', MAX_CONFIG_BYTES: '1024', REPORT_RATE_LIMIT: '1000' });
  token = (await newWorkspace(service)).token;
  otherToken = (await newWorkspace(service, 'Other')).token;
});
afterAll(async () => service?.stop());

describe('POST /api/reports/start', () => {
  it('202 with project, run, capabilities and message (REST)', async () => {
    const res = await rest(service.url, token).post('/reports/start', {
      openapiText: PETSTORE,
      openapiFileName: 'petstore.yaml',
      notes: 'first',
    });
    expect(res.status).toBe(202);
    expect(res.body.project).toMatchObject({ name: 'Petstore', mode: 'flagship', status: 'created', runCount: 1 });
    expect(res.body.run).toMatchObject({
      status: 'queued',
      verdict: 'needs_worker',
      mode: 'flagship',
      notes: 'first',
      projectId: res.body.project.id,
    });
    expect(res.body.run.steps.map((s: { name: string }) => s.name)).toEqual([
      'validate',
      'typescript_sdk',
      'python_sdk',
      'go_sdk',
      'cli',
      'mcp_server',
      'docs',
      'compat_diff',
      'wire_tests',
    ]);
    expect(res.body.run.inputSummary).toMatchObject({
      openapiFileName: 'petstore.yaml',
      openapiBytes: PETSTORE.length,
      retained: true,
    });
    expect(res.body.capabilities).toMatchObject({
      persistedRuns: true,
      hostedWorker: false,
      queueConfigured: true,
      queued: true,
      rawUploadStorage: true,
    });
    expect(res.body.capabilities.usage.runsThisPeriod).toBe(1);
    expect(res.body.message).toMatch(/no worker/);
    // The run was stored with its inputs and its job.
    const row = await Run.findByPk(res.body.run.id);
    expect(row?.jobId).toBeTruthy();
    const job = await service.deps.queue.boss.getJobById('report.run', row!.jobId!);
    expect(job?.data).toEqual({ runId: res.body.run.id, orgId: res.body.run.orgId });
    expect((await (await RunInput.findByPk(row!.inputId!))!.readTexts()).openapiText).toBe(PETSTORE);
  });

  it('202 through the tRPC client, reusing a project by projectId', async () => {
    const client = trpc(service.url, token);
    const first = await client.reports.start.mutate({ openapiText: PETSTORE, projectName: 'Pets API' });
    const second = await client.reports.start.mutate({ openapiText: PETSTORE, projectId: first.project.id });
    expect(second.project.id).toBe(first.project.id);
    expect(second.project.runCount).toBe(2);
    expect(first.project.name).toBe('Pets API');
  });

  it('partner modes need configText and write the project as partner_compatible; legacy modes stay on the run', async () => {
    const api = rest(service.url, token);
    const missing = await api.post('/reports/start', { openapiText: PETSTORE, mode: 'partner_migration' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', message: expect.stringContaining('configText') });
    const partner = await api.post('/reports/start', {
      openapiText: PETSTORE,
      mode: 'partner_migration',
      configText: 'organization:\n  name: acme\n',
    });
    expect(partner.status).toBe(202);
    expect(partner.body.project.mode).toBe('partner_compatible');
    expect(partner.body.run.mode).toBe('partner_migration');
    const legacy = await api.post('/reports/start', { openapiText: PETSTORE, mode: 'openapi' });
    expect(legacy.body.project.mode).toBe('flagship');
    expect(legacy.body.run.mode).toBe('openapi');
  });

  it('400 names the field: wrong type, unknown enum, protected extra field, missing body, malformed JSON, wrong media type', async () => {
    const api = rest(service.url, token);
    const cases: Array<[unknown, RegExp]> = [
      [{ openapiText: 42 }, /openapiText/],
      [{ openapiText: PETSTORE, mode: 'turbo' }, /mode/],
      [{ openapiText: PETSTORE, orgId: 'org_x' }, /orgId: unknown field/],
      [{ openapiText: PETSTORE, status: 'ready' }, /status: unknown field/],
      [{}, /openapiText/],
      [{ openapiText: '' }, /openapiText/],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/reports/start', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(message);
      expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
    }
    for (const notObject of ['[1]', 'null', '"text"', '42']) {
      const res = await api.post('/reports/start', notObject);
      expect(res.status, notObject).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_request', message: expect.stringContaining('must be a JSON object') });
    }
    const malformed = await api.post('/reports/start', '{"openapiText": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('malformed_json');
    const wrongType = await api.post('/reports/start', 'openapiText=x', { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toBe('unsupported_media_type');
  });

  it('400 input_too_large for a field over its configured limit, and nothing is written', async () => {
    const before = await Run.count();
    const res = await rest(service.url, token).post('/reports/start', {
      openapiText: PETSTORE,
      configText: 'x'.repeat(2048),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'input_too_large', message: expect.stringContaining('configText') });
    expect(await Run.count()).toBe(before);
  });

  it("401 without or with a bad token; 404 for another workspace's projectId", async () => {
    expect((await rest(service.url).post('/reports/start', { openapiText: PETSTORE })).status).toBe(401);
    const bad = await rest(service.url, 'rsk_not-a-real-token').post('/reports/start', { openapiText: PETSTORE });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('unauthorized');
    const mine = await rest(service.url, token).post('/reports/start', { openapiText: PETSTORE });
    const theirs = await rest(service.url, otherToken).post('/reports/start', {
      openapiText: PETSTORE,
      projectId: mine.body.project.id,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('not_found');
    await expect(
      trpc(service.url, otherToken).reports.start.mutate({ openapiText: PETSTORE, projectId: mine.body.project.id }),
    ).rejects.toSatisfy((e: unknown) => trpcError(e).code === 'not_found' && trpcError(e).httpStatus === 404);
  });

  it('400 project_archived when starting on an archived project', async () => {
    const api = rest(service.url, token);
    const started = await api.post('/reports/start', { openapiText: PETSTORE });
    await api.delete(`/projects/${started.body.project.id}`);
    const res = await api.post('/reports/start', { openapiText: PETSTORE, projectId: started.body.project.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('project_archived');
  });

  it('Idempotency-Key replays the first response; the same key with another body is 400', async () => {
    const api = rest(service.url, token);
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const first = await api.post('/reports/start', { openapiText: PETSTORE }, headers);
    const again = await api.post('/reports/start', { openapiText: PETSTORE }, headers);
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.run.id).toBe(first.body.run.id);
    expect(await Run.count({ where: { id: first.body.run.id } })).toBe(1);
    const other = await api.post('/reports/start', { openapiText: `${PETSTORE}\n# changed` }, headers);
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('idempotency_key_reused');
  });

  it('concurrent requests with one Idempotency-Key create one run', async () => {
    const api = rest(service.url, token);
    const headers = { 'idempotency-key': `race-${Date.now()}` };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.post('/reports/start', { openapiText: PETSTORE }, headers)),
    );
    expect(results.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(results.map((r) => r.body.run.id)).size).toBe(1);
  });
});

describe('load', () => {
  it('30 concurrent starts in one workspace all answer 202 (no pool exhaustion while starts queue on the quota counter of the workspace)', async () => {
    const api = rest(service.url, token);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => api.post('/reports/start', { openapiText: PETSTORE })),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 202));
    expect(new Set(results.map((r) => r.body.run.id)).size).toBe(30);
    // With the pool deadlocked the starts would fail after the 30 s acquire timeout with 500s.
  }, 40_000);
});

describe('quota and rate limit', () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService({
      ROLE: 'api',
      PLAN_RUNS_FREE: '3',
      REPORT_RATE_LIMIT: '2',
      REPORT_RATE_WINDOW_SECONDS: '3600',
    });
  });
  afterAll(async () => limited?.stop());

  it("429 with Retry-After after the window's starts are spent, per workspace", async () => {
    const a = rest(limited.url, (await newWorkspace(limited)).token);
    expect((await a.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
    expect((await a.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
    const third = await a.post('/reports/start', { openapiText: PETSTORE });
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('rate_limited');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another workspace has its own budget.
    const b = rest(limited.url, (await newWorkspace(limited)).token);
    expect((await b.post('/reports/start', { openapiText: PETSTORE })).status).toBe(202);
  });

  it("402 quota_exceeded once the plan's runs for the period are used (retry too)", async () => {
    const ws = await newWorkspace(limited);
    const api = rest(limited.url, ws.token);
    const first = await api.post('/reports/start', { openapiText: PETSTORE });
    await api.post('/reports/start', { openapiText: PETSTORE });
    // Third run through retry (not rate limited), the fourth is over the quota of 3.
    expect((await api.post(`/runs/${first.body.run.id}/retry`, {})).status).toBe(202);
    const over = await api.post(`/runs/${first.body.run.id}/retry`, {});
    expect(over.status).toBe(402);
    expect(over.body.error).toBe('quota_exceeded');
    expect(await Project.count({ where: { orgId: ws.organization.id } })).toBe(2);
  });
});

describe('exact quota under concurrent starts', () => {
  let tight: TestService;
  beforeAll(async () => {
    tight = await startTestService({ ROLE: 'api', PLAN_RUNS_FREE: '5', REPORT_RATE_LIMIT: '1000' });
  });
  afterAll(async () => tight?.stop());

  it('20 concurrent starts in one workspace with 5 runs left: exactly 5 accepted, the rest 402 with nothing left behind', async () => {
    // Each start is one statement that locks the workspace's quota counter row while a run is
    // left; the quota must stay exact and a refused start must leave no rows (nor a job).
    const ws = await newWorkspace(tight);
    const api = rest(tight.url, ws.token);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/reports/start', { openapiText: PETSTORE })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.error === 'quota_exceeded')).toBe(true);
    expect(await Run.count({ where: { orgId: ws.organization.id } })).toBe(5);
    expect(await Project.count({ where: { orgId: ws.organization.id } })).toBe(5);
    expect(await RunInput.count({ where: { orgId: ws.organization.id } })).toBe(5);
    const [jobs] = (await tight.deps.db.sequelize.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'report.run' AND data->>'orgId' = $1`,
      { bind: [ws.organization.id] },
    )) as [Array<{ n: number }>, unknown];
    expect(jobs[0]?.n).toBe(5);
  });

  it('starts on an existing project, new-project starts and retries at once, with 4 runs left: exactly 4 accepted, counter and rows agree', async () => {
    // Starts and retries reserve on the same counter row (run_usage); a start on an existing project
    // and a retry lock the counter, then the project, so they neither exceed the quota nor deadlock.
    const ws = await newWorkspace(tight);
    const api = rest(tight.url, ws.token);
    const sql = tight.deps.db.sequelize;
    const count = async (query: string, bind: unknown[] = [ws.organization.id]) =>
      ((await sql.query(query, { bind, type: QueryTypes.SELECT })) as Array<{ n: number }>)[0]!.n;
    const inputObjects = () => count(`SELECT count(*)::int AS n FROM stored_objects WHERE key LIKE 'inputs/%'`, []);
    const first = await api.post('/reports/start', { openapiText: PETSTORE });
    expect(first.status).toBe(202);
    const objectsBefore = await inputObjects();
    const kinds = ['existing', 'new', 'retry'] as const;
    const requests = Array.from({ length: 24 }, (_, i) => kinds[i % 3]!);
    const results = await Promise.all(
      requests.map((kind) =>
        kind === 'retry'
          ? api.post(`/runs/${first.body.run.id}/retry`, {})
          : api.post('/reports/start', {
              openapiText: PETSTORE,
              ...(kind === 'existing' ? { projectId: first.body.project.id } : {}),
            }),
      ),
    );
    const accepted = results.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(4);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.error === 'quota_exceeded')).toBe(true);
    expect(results.filter((r) => r.status === 402)).toHaveLength(20);
    const acceptedStarts = requests.filter((kind, i) => kind !== 'retry' && results[i]!.status === 202).length;
    const acceptedNew = requests.filter((kind, i) => kind === 'new' && results[i]!.status === 202).length;
    // Every accepted request's usage counts the runs before it: 2..5 in some order.
    expect(accepted.map((r) => r.body.capabilities.usage.runsThisPeriod).sort()).toEqual([2, 3, 4, 5]);
    expect(await count('SELECT count(*)::int AS n FROM runs WHERE org_id = $1')).toBe(5);
    expect(await count('SELECT coalesce(sum(runs), 0)::int AS n FROM run_usage WHERE org_id = $1')).toBe(5);
    expect(
      await count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'report.run' AND data->>'orgId' = $1`),
    ).toBe(5);
    expect(await count('SELECT count(*)::int AS n FROM run_inputs WHERE org_id = $1')).toBe(1 + acceptedStarts);
    expect(await count('SELECT count(*)::int AS n FROM projects WHERE org_id = $1')).toBe(1 + acceptedNew);
    // A refused start's inputs object is deleted again.
    expect((await inputObjects()) - objectsBefore).toBe(acceptedStarts);
    // Once used, every kind of start is refused with the plan's figures.
    const over = await api.post('/reports/start', { openapiText: PETSTORE, projectId: first.body.project.id });
    expect(over.status).toBe(402);
    expect(over.body.message).toMatch(/free plan allows 5 report runs per month; 5 were used/);
  });
});
