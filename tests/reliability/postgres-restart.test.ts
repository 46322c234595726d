import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSequelize, ensureDatabase } from '../../db/connection.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../../db/embedded.ts';
import { setupModels } from '../../db/models/index.ts';
import { createWorkspace } from '../../server/services/workspaces/create-workspace.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { largeSpec } from '../setup/runs.ts';
import { openLedger, orphans, unfinished } from './ledger.ts';

// A PostgreSQL of this file's own (temp data dir, free port), so stopping it disturbs no other
// test; the service is a real `node bin/start.mjs` process (API + worker) on it. Under load we
// stop PostgreSQL, check the service answers quickly and cleanly, start PostgreSQL again on the
// same port and data dir, and check the same process recovers by itself.
let dir: string;
let port: number;
let postgres: EmbeddedServer | undefined;
let databaseUrl: string;
let service: ServiceProcess;
let token: string;
let ledger: ReturnType<typeof openLedger>;

const SMALL = `swagger: "2.0"\ninfo: {title: Tiny, version: "1"}\npaths: {}\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-service-pg-restart-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as a created `postgres` user that must enter it
  port = await freePort();
  postgres = await startEmbeddedPostgres({ dataDir: dir, port, durable: false });
  await ensureDatabase(postgres.url, 'reliability');
  databaseUrl = postgres.url.replace(/\/postgres$/, '/reliability');
  service = await spawnService({
    ROLE: 'all',
    DATABASE_URL: databaseUrl,
    BOOTSTRAP: 'false',
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_CONCURRENCY: '2',
    REPORT_RATE_LIMIT: '100000',
  });
  const sequelize = createSequelize(databaseUrl, 1);
  setupModels(sequelize);
  token = (await createWorkspace(sequelize, { name: 'Outage', email: 'outage@example.com' })).token;
  await sequelize.close();
  ledger = openLedger(databaseUrl);
}, 90_000);
afterAll(async () => {
  await service?.stop('SIGKILL');
  await ledger?.close().catch(() => {});
  await postgres?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Sample {
  phase: string;
  kind: string;
  status: number | undefined;
  ms: number;
  endedAt: number;
  contentType: string | null;
  retryAfter?: string | null;
  body: any;
  error?: string;
  key?: string;
}

/** One request with a client-side deadline: a hang shows up as an error, not a stuck test. */
async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 15_000,
) {
  const started = Date.now();
  try {
    const res = await fetch(`${service.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: the assertions say so
    }
    return {
      status: res.status as number | undefined,
      ms: Date.now() - started,
      endedAt: Date.now(),
      contentType: res.headers.get('content-type'),
      retryAfter: res.headers.get('retry-after'),
      body: parsed,
      error: undefined as string | undefined,
    };
  } catch (error) {
    return {
      status: undefined,
      ms: Date.now() - started,
      endedAt: Date.now(),
      contentType: null,
      body: undefined,
      error: String((error as Error).cause ?? error),
    };
  }
}

const TERMINAL = new Set(['blocked', 'complete', 'ready', 'failed', 'expired', 'canceled']);

describe('PostgreSQL stops and comes back under load', () => {
  it('health reports the outage, requests fail fast with JSON 5xx, and the same process (API and worker) recovers by itself', async () => {
    const pid = service.child.pid;
    let phase = 'before';
    let loading = true;
    let counter = 0;
    const samples: Sample[] = [];
    const accepted = new Map<string, string>(); // Idempotency-Key → run id
    let acceptedAfter = 0; // starts sent after recovery and accepted
    let lastRunId: string | undefined;

    // Four clients: reads of /me and of a run, and report starts (each with an Idempotency-Key).
    const loops = Array.from({ length: 4 }, async (_, c) => {
      while (loading) {
        const at = phase;
        const pick = counter++ % 3;
        if (pick === 0) samples.push({ phase: at, kind: 'me', ...(await call('GET', '/me')) });
        else if (pick === 1 && lastRunId)
          samples.push({ phase: at, kind: 'run', ...(await call('GET', `/runs/${lastRunId}`)) });
        else {
          const key = `outage-c${c}-${counter}`;
          const res = await call(
            'POST',
            '/reports/start',
            { openapiText: SMALL, notes: key },
            { 'idempotency-key': key },
          );
          samples.push({ phase: at, kind: 'start', key, ...res });
          if (res.status === 202) {
            accepted.set(key, res.body.run.id);
            lastRunId = res.body.run.id;
            if (at === 'after') acceptedAfter++;
          }
        }
        await sleep(25);
      }
    });
    const waitFor = async (what: string, timeoutMs: number, check: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
        await sleep(100);
      }
    };

    // Healthy: health ok with a live worker, starts accepted and processed.
    await waitFor('starts accepted before the outage', 30_000, () => accepted.size >= 5);
    const healthy = await call('GET', '/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({
      ok: true,
      service: 'report-service',
      queue: true,
      pipeline: { databaseReachable: true, workerAlive: true },
    });

    // A run in the middle of its pipeline when the database goes away.
    const big = await call(
      'POST',
      '/reports/start',
      { openapiText: largeSpec(150), notes: 'mid-pipeline' },
      { 'idempotency-key': 'mid-pipeline' },
    );
    expect(big.status).toBe(202);
    const bigId = big.body.run.id as string;
    accepted.set('mid-pipeline', bigId);
    await waitFor(
      'the large run running',
      30_000,
      async () => (await call('GET', `/runs/${bigId}`)).body?.run?.status === 'running',
    );

    // Outage.
    phase = 'outage';
    const stoppedAt = Date.now();
    await postgres!.stop();
    const down = await call('GET', '/health');
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.ms).toBeLessThan(5_000);
    // The documented shape (service-api.md HealthStatus) with the outage in it.
    expect(down.body).toMatchObject({
      ok: false,
      service: 'report-service',
      mode: 'managed-db-control-plane',
      accounts: false,
      persistedRuns: false,
      storage: false,
      queue: false,
      hostedReports: false,
      pipeline: { databaseReachable: false, workerAlive: false },
    });
    expect(typeof down.body.generatedAt).toBe('string');
    // Readiness (GET /readyz, for an orchestrator) says not ready, and why, just as fast.
    const readyStarted = Date.now();
    const notReady = await fetch(`${service.url}/readyz`);
    expect(Date.now() - readyStarted).toBeLessThan(5_000);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({
      ready: false,
      role: 'all',
      checks: { database: { ok: false }, migrations: { ok: false } },
    });
    // Each kind of request once more, for certain during the outage.
    const probes = [
      await call('GET', '/me'),
      await call('GET', `/runs/${lastRunId}`),
      await call('POST', '/reports/start', { openapiText: SMALL }, { 'idempotency-key': 'outage-probe' }),
    ];
    await sleep(4000);

    // PostgreSQL back on the same port and data dir; the service is not touched.
    phase = 'recovering';
    postgres = await startEmbeddedPostgres({ dataDir: dir, port, durable: false });
    const restartedAt = Date.now();
    let recoveredHealth: Awaited<ReturnType<typeof call>> | undefined;
    await waitFor('health ok with a live worker again', 60_000, async () => {
      const res = await call('GET', '/health');
      if (res.body?.ok === true && res.body.pipeline?.workerAlive === true) recoveredHealth = res;
      return !!recoveredHealth;
    });
    const recoveredMs = Date.now() - restartedAt;
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, checks: { database: { ok: true }, worker: { ok: true } } });
    phase = 'after';
    // Counted by the phase a start was sent in: one sent while recovering may be answered after.
    await waitFor('starts accepted after the outage', 30_000, () => acceptedAfter >= 10);
    loading = false;
    await Promise.all(loops);

    // The same process served throughout.
    expect(service.child.exitCode).toBeNull();
    expect(service.child.pid).toBe(pid);
    expect(service.output().split('"msg":"service started"').length - 1).toBe(1);

    // Nothing hung and nothing broke the connection: every request got an HTTP answer, quickly.
    expect(samples.filter((s) => s.error !== undefined)).toEqual([]);
    expect(probes.filter((p) => p.error !== undefined)).toEqual([]);
    expect(Math.max(...samples.map((s) => s.ms), ...probes.map((p) => p.ms))).toBeLessThan(10_000);
    // Before the stop everything succeeded; from then on each answer is a success or a clean JSON
    // 5xx, never a 4xx (a valid token must not turn into 401 because its lookup failed).
    expect(
      samples.filter((s) => s.endedAt < stoppedAt && s.status! >= 400).map((s) => `${s.kind} ${s.status}`),
    ).toEqual([]);
    const during = samples.filter((s) => s.phase === 'outage' || s.phase === 'recovering');
    expect(during.length).toBeGreaterThan(0);
    const failures = [
      ...samples.filter((s) => s.status! >= 400),
      ...probes.map((p) => ({ ...p, phase: 'probe', kind: 'probe' })),
    ];
    for (const failure of failures) {
      expect(failure.status, `${failure.phase} ${failure.kind} ${JSON.stringify(failure.body)}`).toBeGreaterThanOrEqual(
        500,
      );
      expect(failure.contentType).toMatch(/^application\/json/);
      expect(Object.keys(failure.body).sort()).toEqual(['error', 'message']);
      // The database being down is said as such: 503 service_unavailable with Retry-After.
      expect(failure.status, `${failure.phase} ${failure.kind} ${JSON.stringify(failure.body)}`).toBe(503);
      expect(failure.body.error).toBe('service_unavailable');
      expect(failure.retryAfter).toBe('5');
    }
    expect(probes.map((p) => p.status).every((s) => s! >= 500)).toBe(true);
    // After recovery every request succeeds.
    const after = samples.filter((s) => s.phase === 'after');
    expect(
      after
        .filter((s) => s.status !== 200 && s.status !== 202)
        .map((s) => `${s.kind} ${s.status} ${JSON.stringify(s.body)}`),
    ).toEqual([]);

    // Every accepted start has its run; every run, including those caught by the outage, ends once;
    // runs and jobs still match one to one. (One of them is a full pipeline, wire tests included:
    // it took past 60 s once on a loaded machine.)
    const done = await ledger.waitAllTerminal(180_000);
    expect(orphans(done)).toEqual([]);
    expect(done.runs.flatMap(unfinished)).toEqual([]);
    const byId = new Map(done.runs.map((r) => [r.id, r]));
    for (const [key, runId] of accepted) expect(byId.get(runId)?.notes, key).toBe(key);
    const afterRuns = [...accepted]
      .filter(([key]) => samples.find((s) => s.key === key)?.phase === 'after')
      .map(([, id]) => byId.get(id)!);
    expect(afterRuns.length).toBeGreaterThanOrEqual(10);
    for (const run of afterRuns) expect(run).toMatchObject({ status: 'complete', verdict: 'not_ready' });
    // The run the outage interrupted resumed and finished as it would have (clean, nothing to compare).
    expect(byId.get(bigId)).toMatchObject({ status: 'ready', verdict: 'ready' });
    // The API reads them too.
    const last = await call('GET', `/runs/${afterRuns.at(-1)!.id}`);
    expect(last.status).toBe(200);
    expect(TERMINAL.has(last.body.run.status)).toBe(true);

    const statuses: Record<string, number> = {};
    for (const r of done.runs) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    console.log(
      `postgres restart: health down in ${down.ms} ms, ${during.length} requests during the ${restartedAt - stoppedAt} ms outage (max ${Math.max(...during.map((s) => s.ms))} ms), ` +
        `recovered ${recoveredMs} ms after restart, runs ${JSON.stringify(statuses)}`,
    );
  }, 240_000);
});
