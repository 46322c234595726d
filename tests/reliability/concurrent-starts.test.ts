import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE, rest, type HttpResult } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { keyWithScopes, newWorkspace } from '../setup/workspace.ts';
import { openLedger, orphans, unfinished } from './ledger.ts';

// 200 report starts from 20 concurrent clients (4 workspaces × 5 keys, 10 starts each) against a
// rate limit of 5 starts per 2 s per workspace, so most clients are refused at some point and
// retry after Retry-After with the same Idempotency-Key until every start is accepted.
const WORKSPACES = 4;
const CLIENTS_PER_WORKSPACE = 5;
const STARTS_PER_CLIENT = 10;
const RATE_LIMIT = 5;
const RATE_WINDOW_SECONDS = 2;

// Small descriptions: Swagger 2.0 is read and reported (oas/unsupported-version) in milliseconds,
// every later step skipped; one full pipeline on the Petstore (the first workspace's first start).
const SWAGGER = `swagger: "2.0"\ninfo: {title: Tiny, version: "1"}\npaths: {}\n`;

let service: TestService;
let worker: ServiceProcess | undefined;
let ledger: ReturnType<typeof openLedger>;

beforeAll(async () => {
  // The API in this process; the worker in its own, as deployed (its parsing does not stall the API).
  service = await startTestService({
    ROLE: 'api',
    REPORT_RATE_LIMIT: String(RATE_LIMIT),
    REPORT_RATE_WINDOW_SECONDS: String(RATE_WINDOW_SECONDS),
  });
  worker = await spawnService({
    ROLE: 'worker',
    DATABASE_URL: service.databaseUrl,
    BOOTSTRAP: 'false',
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_CONCURRENCY: '4',
  });
  ledger = openLedger(service.databaseUrl);
}, 60_000);
afterAll(async () => {
  await ledger?.close();
  await worker?.stop();
  await service?.stop();
});

interface Refusal {
  key: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

interface Accepted {
  key: string;
  orgId: string;
  token: string;
  petstore: boolean;
  first: HttpResult<Record<string, any>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrent report starts under a rate limit', () => {
  it('200 starts from 20 clients: every 202 is one run with one job and one terminal state; every 429 is clean; retries never duplicate', async () => {
    const refusals: Refusal[] = [];
    const accepted: Accepted[] = [];

    /** Sends the start until it is accepted, waiting Retry-After after each 429. */
    const startUntilAccepted = async (
      client: ReturnType<typeof rest>,
      key: string,
      body: object,
    ): Promise<HttpResult<Record<string, any>>> => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const res = await client.post('/reports/start', body, { 'idempotency-key': key });
        if (res.status === 202) return res;
        if (res.status !== 429) throw new Error(`start ${key}: unexpected ${res.status} ${JSON.stringify(res.body)}`);
        const retryAfter = res.headers.get('retry-after');
        refusals.push({ key, status: res.status, retryAfter, body: res.body });
        await sleep(Number(retryAfter ?? 1) * 1000);
      }
      throw new Error(`start ${key} was never accepted`);
    };

    const clients: Array<{ orgId: string; token: string; index: number }> = [];
    for (let w = 0; w < WORKSPACES; w += 1) {
      const workspace = await newWorkspace(service, `Load ${w}`);
      for (let c = 0; c < CLIENTS_PER_WORKSPACE; c += 1) {
        const token =
          c === 0
            ? workspace.token
            : await keyWithScopes(workspace.organization.id, workspace.user.id, ['runs:write', 'workspace:read']);
        clients.push({ orgId: workspace.organization.id, token, index: clients.length });
      }
    }

    const began = Date.now();
    await Promise.all(
      clients.map(async ({ orgId, token, index }) => {
        const client = rest(service.url, token);
        for (let s = 0; s < STARTS_PER_CLIENT; s += 1) {
          const key = `load-c${index}-s${s}`;
          // One full pipeline (every check and the wire tests, about 45 s of CPU) in the first workspace:
          // the queue is what is under test here, and four of them on 2 cores took most of the wait.
          const petstore = s === 0 && index === 0;
          const body = { openapiText: petstore ? PETSTORE : SWAGGER, notes: key };
          // Every third start is sent twice at once (a double click): both get the same run.
          const [first, twin] = await Promise.all([
            startUntilAccepted(client, key, body),
            s % 3 === 0 ? startUntilAccepted(client, key, body) : undefined,
          ]);
          if (twin) expect(twin.body.run.id, `${key}: concurrent duplicate`).toBe(first.body.run.id);
          // A retry after a lost response replays the first answer at once, whatever the rate limit.
          const replay = await client.post('/reports/start', body, { 'idempotency-key': key });
          expect(replay.status, `${key}: replay ${JSON.stringify(replay.body)}`).toBe(202);
          expect(replay.body.run.id).toBe(first.body.run.id);
          expect(replay.body.project.id).toBe(first.body.project.id);
          accepted.push({ key, orgId, token, petstore, first });
        }
      }),
    );
    const startsMs = Date.now() - began;

    // The limit did bite, and every refusal was a clean 429.
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(refusal.retryAfter ?? 'missing', `${refusal.key}: Retry-After`).toMatch(/^\d+$/);
      expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refusal.retryAfter)).toBeLessThanOrEqual(RATE_WINDOW_SECONDS);
      expect(refusal.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    }
    expect(accepted).toHaveLength(WORKSPACES * CLIENTS_PER_WORKSPACE * STARTS_PER_CLIENT);
    const runIds = accepted.map((a) => a.first.body.run.id as string);
    expect(new Set(runIds).size).toBe(runIds.length);
    // Each workspace got its 50 starts through a limit of 5 per 2 s: at least 9 windows.
    expect(startsMs).toBeGreaterThanOrEqual(
      ((STARTS_PER_CLIENT * CLIENTS_PER_WORKSPACE) / RATE_LIMIT - 1) * RATE_WINDOW_SECONDS * 1000,
    );

    // The database holds exactly the accepted runs, one job each, one stored response per key.
    const queued = await ledger.read();
    expect(queued.runs.map((r) => r.id).sort()).toEqual([...runIds].sort());
    expect(
      queued.jobs
        .filter((j) => j.name === 'report.run')
        .map((j) => j.runId)
        .sort(),
    ).toEqual([...runIds].sort());
    expect(queued.keys).toHaveLength(runIds.length);
    const byKey = new Map(queued.keys.map((k) => [k.key, k.runId]));
    for (const a of accepted) expect(byKey.get(a.key), a.key).toBe(a.first.body.run.id);
    expect(orphans(queued)).toEqual([]);

    // Every run ends once: terminal, completedAt set, its one job completed on the first attempt.
    const done = await ledger.waitAllTerminal(180_000);
    const processedMs = Date.now() - began;
    expect(orphans(done)).toEqual([]);
    expect(done.runs.flatMap(unfinished)).toEqual([]);
    for (const job of done.jobs)
      expect(job, `job of ${job.runId}`).toMatchObject({ name: 'report.run', state: 'completed', retryCount: 0 });
    const rows = new Map(done.runs.map((r) => [r.id, r]));
    for (const a of accepted) {
      const row = rows.get(a.first.body.run.id)!;
      expect(row.notes).toBe(a.key);
      expect(row.orgId).toBe(a.orgId);
      expect({ status: row.status, verdict: row.verdict }, a.key).toEqual(
        a.petstore ? { status: 'complete', verdict: 'needs_review' } : { status: 'complete', verdict: 'not_ready' },
      );
    }

    // The API agrees with the rows, and a moment later nothing has moved (no second terminal state).
    await sleep(1000);
    const later = await ledger.read();
    expect(later.runs.map((r) => [r.id, r.status, r.verdict, r.completedAt?.toISOString()])).toEqual(
      done.runs.map((r) => [r.id, r.status, r.verdict, r.completedAt?.toISOString()]),
    );
    for (const a of accepted.filter((_, i) => i % 4 === 0)) {
      const res = await rest(service.url, a.token).get(`/runs/${a.first.body.run.id}`);
      expect(res.status).toBe(200);
      const row = rows.get(a.first.body.run.id)!;
      expect(res.body.run).toMatchObject({
        id: row.id,
        status: row.status,
        verdict: row.verdict,
        completedAt: row.completedAt!.toISOString(),
        notes: a.key,
      });
    }
    console.log(
      `concurrent starts: ${accepted.length} accepted, ${refusals.length} refused with 429, starts ${startsMs} ms, all terminal after ${processedMs} ms`,
    );
  }, 300_000);
});
