// Prometheus metrics and readiness through real HTTP: /metrics wants its token (and does not exist
// on the public port without one), the counters move with requests, runs, auth failures and
// rate-limit refusals, a route is labelled with its pattern (never the id a client sent), the
// queue gauges are read from the database at scrape time, and /readyz answers for an orchestrator.
// (Readiness with the database gone: tests/reliability/readiness.test.ts.)

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../setup/database.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { waitForRun } from '../setup/runs.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
/** A small description (Swagger 2.0: reported in milliseconds, the later steps skipped). */
const tiny = 'swagger: "2.0"\ninfo: {title: Tiny, version: "1"}\npaths: {}\n';
// In this process: API and worker, METRICS_TOKEN set, a low report rate limit.
let service: TestService;
// Real `npm start` processes, each on a database of its own, with metrics on a separate METRICS_PORT
// and no METRICS_TOKEN: an API-only one (nothing takes its jobs) and a worker-only one.
let plain: ServiceProcess;
let plainOps: string;
let worker: ServiceProcess;
let workerOps: string;
let plainDatabase: string;

beforeAll(async () => {
  service = await startTestService({ METRICS_TOKEN: TOKEN, REPORT_RATE_LIMIT: '3', AUTH_FAILURE_LIMIT: '1000' });
  plainDatabase = await createTestDatabase();
  // METRICS_PORT 0: the kernel chooses, and the "service started" line says which.
  [plain, worker] = await Promise.all([
    spawnService({ ROLE: 'api', DATABASE_URL: plainDatabase, BOOTSTRAP: 'false', METRICS_PORT: '0' }),
    spawnService({
      ROLE: 'worker',
      DATABASE_URL: await createTestDatabase(),
      WORKER_HEARTBEAT_SECONDS: '1',
      METRICS_PORT: '0',
    }),
  ]);
  plainOps = plain.opsUrl!;
  workerOps = worker.opsUrl!;
  expect([plainOps, workerOps]).toEqual([
    expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
  ]);
}, 90_000);
afterAll(async () => {
  await plain?.stop();
  await worker?.stop();
  await service?.stop();
});

/** Fetches /metrics with the token and returns its text. */
async function scrape(url = service.url, token = TOKEN): Promise<string> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return await res.text();
}

/** The value of one sample (`name{labels}`), 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(match[3]);
  }
  return 0;
}

describe('/metrics access', () => {
  it('answers 401 without the token or with a wrong one, and the metrics with it', async () => {
    const none = await fetch(`${service.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await none.json()).toEqual({
      error: 'unauthorized',
      message: 'Send the metrics token (METRICS_TOKEN) as a bearer token.',
    });
    const wrong = await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    // A workspace API key is not the metrics token.
    const key = (await newWorkspace(service, 'Metrics key')).token;
    expect((await fetch(`${service.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);

    const text = await scrape();
    expect(sample(text, 'report_service_info', { role: 'all' })).toBe(1);
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(sample(text, 'report_service_auth_failures_total', { kind: 'metrics_token' })).toBeGreaterThanOrEqual(3);
  });

  it('does not exist on the public port when no METRICS_TOKEN is set', async () => {
    const res = await fetch(`${plain.url}/metrics`);
    expect(res.status).toBe(404);
    // ... while its METRICS_PORT serves them.
    expect((await fetch(`${plainOps}/metrics`)).status).toBe(200);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No such endpoint.' });
  });

  it('METRICS_PORT: a separate listener serves /metrics and /readyz, token-free when no METRICS_TOKEN is set, in a worker-only process too', async () => {
    const metrics = await fetch(`${workerOps}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(sample(text, 'report_service_info', { role: 'worker' })).toBe(1);
    expect(sample(text, 'report_service_worker_heartbeats_total', { result: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'report_service_worker_last_heartbeat_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 30,
    );
    expect(sample(text, 'report_service_workers_alive')).toBe(1);
    const ready = await fetch(`${workerOps}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      role: 'worker',
      checks: {
        database: { ok: true, detail: 'answers' },
        migrations: { ok: true, detail: 'all applied' },
        worker: { ok: true, detail: 'subscribed to its queues' },
      },
    });
    const other = await fetch(`${workerOps}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'not_found', message: 'This port serves /metrics and /readyz only.' });
  });
});

describe('counters move', () => {
  it('HTTP requests by route pattern and status, with latency; the id a client sent is never a label', async () => {
    const client = rest(service.url, (await newWorkspace(service, 'Routes')).token);
    const before = await scrape();
    const route = { method: 'GET', route: '/api/runs/{runId}', status: '404' };
    for (const id of ['run_doesnotexist1', 'run_doesnotexist2', 'run_doesnotexist3'])
      expect((await client.get(`/runs/${id}`)).status).toBe(404);
    expect((await client.get('/health')).status).toBe(200);
    expect((await fetch(`${service.url}/api/no/such/thing`)).status).toBe(404);
    const after = await scrape();
    expect(
      sample(after, 'report_service_http_requests_total', route) -
        sample(before, 'report_service_http_requests_total', route),
    ).toBe(3);
    expect(
      sample(after, 'report_service_http_request_duration_seconds_count', route) -
        sample(before, 'report_service_http_request_duration_seconds_count', route),
    ).toBe(3);
    expect(
      sample(after, 'report_service_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(after, 'report_service_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBeGreaterThan(
      sample(before, 'report_service_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    );
    expect(
      sample(after, 'report_service_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('doesnotexist');
    expect(after).not.toContain('/no/such');
    // The web app's tRPC calls: the procedure's name.
    const trpcStatus = String((await fetch(`${service.url}/trpc/identity.health`)).status);
    expect((await fetch(`${service.url}/trpc/identity.nosuch`)).status).toBe(404);
    const trpcText = await scrape();
    expect(
      sample(trpcText, 'report_service_http_requests_total', {
        method: 'GET',
        route: '/trpc/identity.health',
        status: trpcStatus,
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(trpcText).not.toContain('nosuch');
  });

  it('auth failures and rate-limit refusals', async () => {
    const before = await scrape();
    const bad = rest(service.url, 'rsk_not_a_real_token');
    expect((await bad.get('/me')).status).toBe(401);
    expect((await bad.get('/me')).status).toBe(401);
    const client = rest(service.url, (await newWorkspace(service, 'Limited')).token);
    const statuses: number[] = [];
    let mode = '';
    for (let i = 0; i < 4; i += 1) {
      const res = await client.post('/reports/start', { openapiText: tiny, notes: `limit ${i}` });
      statuses.push(res.status);
      if (res.status === 202) mode = res.body.run.mode;
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('report_service_auth_failures_total', { kind: 'bearer' })).toBe(2);
    expect(delta('report_service_rate_limit_refusals_total', { limiter: 'report_starts' })).toBe(1);
    expect(delta('report_service_runs_started_total', { mode })).toBe(3);
  });

  it('runs finished by verdict and step durations by step, once the worker is done', async () => {
    const before = await scrape();
    const client = rest(service.url, (await newWorkspace(service, 'Finished')).token);
    const started = await client.post('/reports/start', { openapiText: tiny, notes: 'finish me' });
    expect(started.status).toBe(202);
    const run = await waitForRun(started.body.run.id, 60_000);
    const after = await scrape();
    const labels = { status: run.status, verdict: run.verdict };
    expect(sample(after, 'report_service_runs_finished_total', labels)).toBeGreaterThan(
      sample(before, 'report_service_runs_finished_total', labels),
    );
    for (const step of run.steps.filter((s) => s.status !== 'pending')) {
      const series = { step: step.name, status: step.status };
      expect(
        sample(after, 'report_service_step_duration_seconds_count', series) -
          sample(before, 'report_service_step_duration_seconds_count', series),
        step.name,
      ).toBeGreaterThanOrEqual(1);
    }
  }, 90_000);
});

describe('gauges read from the database at scrape time', () => {
  it('queue depth, the oldest waiting job and queued runs of an API-only deployment (no worker takes them)', async () => {
    // A workspace on plain's own database, the operator's way (the admin CLI).
    const created = execFileSync(
      process.execPath,
      [
        join(import.meta.dirname, '..', '..', 'bin', 'admin.ts'),
        'workspace',
        'create',
        '--name',
        'Queued',
        '--email',
        'queued@example.com',
      ],
      {
        env: { ...process.env, DATABASE_URL: plainDatabase },
        encoding: 'utf8',
      },
    );
    const client = rest(plain.url, (JSON.parse(created) as { token: string }).token);
    for (let i = 0; i < 2; i += 1)
      expect((await client.post('/reports/start', { openapiText: PETSTORE, notes: `q${i}` })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await fetch(`${plainOps}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'report_service_queue_jobs', { queue: 'report.run', state: 'created' })).toBe(2);
    expect(sample(text, 'report_service_queue_jobs', { queue: 'report.run', state: 'active' })).toBe(0);
    expect(sample(text, 'report_service_queue_oldest_job_age_seconds', { queue: 'report.run' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'report_service_runs_open', { status: 'queued' })).toBe(2);
    expect(sample(text, 'report_service_oldest_queued_run_age_seconds')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'report_service_workers_alive')).toBe(0);
    expect(sample(text, 'report_service_worker_heartbeat_age_seconds')).toBe(-1);
  });
});

describe('/readyz', () => {
  it('an API-only process: database and migrations, no worker check; /api/health keeps its contract', async () => {
    const res = await fetch(`${plain.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      ready: true,
      role: 'api',
      checks: { database: { ok: true, detail: 'answers' }, migrations: { ok: true, detail: 'all applied' } },
    });
    const health = await rest(plain.url).get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, service: 'report-service' });
  });

  it('a process with API and worker checks the worker too; a pending migration makes it not ready', async () => {
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: { worker: unknown } }).checks.worker).toEqual({
      ok: true,
      detail: 'subscribed to its queues',
    });
    const { sequelize } = service.deps.db;
    const [[latest]] = (await sequelize.query('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1')) as [
      Array<{ name: string }>,
      unknown,
    ];
    await sequelize.query('DELETE FROM schema_migrations WHERE name = $1', { bind: [latest!.name] });
    try {
      const res = await fetch(`${service.url}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { ready: boolean; checks: { migrations: unknown } };
      expect(body.ready).toBe(false);
      expect(body.checks.migrations).toEqual({ ok: false, detail: `1 pending: ${latest!.name}` });
    } finally {
      await sequelize.query('INSERT INTO schema_migrations (name) VALUES ($1)', { bind: [latest!.name] });
    }
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });

  it('a stopping worker is not ready: the orchestrator stops counting on it', async () => {
    const stopping = service.worker!.stop();
    const res = await fetch(`${service.url}/readyz`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { checks: { worker: unknown } }).checks.worker).toEqual({
      ok: false,
      detail: 'not subscribed (stopping)',
    });
    await stopping;
  });
});
