// The scale-out shape (docs/deployment.md): two API processes and two worker processes
// (`ROLE=api`, `ROLE=worker`, real `node bin/start.mjs` children) on one PostgreSQL. Clients send
// a stream of report starts through both APIs; in the middle one API and one worker are killed
// with SIGKILL. A client whose request died with its API sends it again, with the same
// idempotency key, to the other one (what the SDKs do). Afterwards: every start has exactly one
// run, holding exactly the input that was sent; every run reached a terminal state once and
// stays there; no run has two artifacts of a kind; runs and jobs match one to one.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../setup/database.ts';
import { rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { openLedger, orphans, unfinished } from './ledger.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const STARTS = 40;
const KILL_AFTER = 14;
const CLIENTS = 6;

let databaseUrl: string;
let ledger: ReturnType<typeof openLedger>;
const children: ServiceProcess[] = [];

async function spawn(role: 'api' | 'worker'): Promise<ServiceProcess> {
  const child = await spawnService({
    ROLE: role,
    DATABASE_URL: databaseUrl,
    BOOTSTRAP: 'false',
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_CONCURRENCY: '2',
    REPORT_RATE_LIMIT: '100000',
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  ledger = openLedger(databaseUrl);
}, 60_000);
afterAll(async () => {
  for (const child of children) await child.stop('SIGKILL');
  await ledger?.close();
});

/** A small description (Swagger 2.0: reported in milliseconds) that carries its key, so the stored input can be matched to its start. */
const description = (key: string) => `swagger: "2.0"\ninfo: {title: "Start ${key}", version: "1"}\npaths: {}\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two APIs and two workers on one database', () => {
  it('SIGKILL of one API and one worker mid-stream: every accepted start ends exactly once, no duplicate artifacts, no lost input', async () => {
    // Start-up in pairs: the two processes of a role race for the migrations' advisory lock too.
    const [apiA, apiB] = await Promise.all([spawn('api'), spawn('api')]);
    const [workerA, workerB] = await Promise.all([spawn('worker'), spawn('worker')]);
    const created = execFileSync(
      process.execPath,
      [join(ROOT, 'bin', 'admin.ts'), 'workspace', 'create', '--name', 'Scale out', '--email', 'scale@example.com'],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
    );
    const { token } = JSON.parse(created) as { token: string };
    const apis = [rest(apiA.url, token), rest(apiB.url, token)];

    const accepted = new Map<string, string>(); // key → run id
    let resent = 0;
    let next = 0;
    let killed: { at: number; activeJobs: number } | undefined;
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (let n = next++; n < STARTS; n = next++) {
        const key = `start-${n}`;
        // Alternate between the APIs; a request that dies with its process goes to the other one.
        let api = n % 2;
        for (let attempt = 0; ; attempt += 1) {
          try {
            const res = await apis[api]!.post(
              '/reports/start',
              { openapiText: description(key), notes: key },
              { 'idempotency-key': key },
            );
            expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(202);
            const earlier = accepted.get(key);
            if (earlier) expect(res.body.run.id, key).toBe(earlier);
            accepted.set(key, res.body.run.id);
            break;
          } catch (error) {
            if (attempt >= 3 || !(error instanceof TypeError)) throw error; // fetch failed: connection reset or refused
            resent += 1;
            api = 1 - api;
          }
        }
      }
    });
    const killer = (async () => {
      while (accepted.size < KILL_AFTER) await sleep(10);
      const activeJobs = (await ledger.read()).jobs.filter((j) => j.state === 'active').length;
      killed = { at: Date.now(), activeJobs };
      await Promise.all([apiA.stop('SIGKILL'), workerA.stop('SIGKILL')]);
    })();
    await Promise.all([...clients, killer]);
    expect(apiA.child.signalCode).toBe('SIGKILL');
    expect(workerA.child.signalCode).toBe('SIGKILL');
    expect(accepted.size).toBe(STARTS);

    const done = await ledger.waitAllTerminal(75_000);
    const finishedMs = Date.now() - killed!.at;
    expect(orphans(done)).toEqual([]);
    expect(done.runs.flatMap(unfinished)).toEqual([]);
    // One run per start, and it is the run the API answered with.
    expect(done.runs).toHaveLength(STARTS);
    for (const [key, runId] of accepted) {
      const runs = done.runs.filter((r) => r.notes === key);
      expect(
        runs.map((r) => r.id),
        key,
      ).toEqual([runId]);
      expect(runs[0], key).toMatchObject({ status: 'complete', verdict: 'not_ready' });
    }
    for (const job of done.jobs)
      expect(job, `job of ${job.runId}`).toMatchObject({ name: 'report.run', state: 'completed' });

    // No lost input: each run holds the description its start sent.
    const inputs = await ledger.pool.query<{ notes: string; text: string | null }>(
      // The inputs are one JSON object in the artifact store (the default: PostgreSQL's stored_objects).
      `SELECT r.notes, convert_from(o.content, 'UTF8')::json->>'openapiText' AS text
         FROM runs r LEFT JOIN run_inputs i ON i.id = r.input_id LEFT JOIN stored_objects o ON o.key = i.object_key`,
    );
    for (const row of inputs.rows) expect(row.text, row.notes).toBe(description(row.notes));
    // No duplicate artifacts: at most one of each kind per run, and every run has its validation report.
    const artifacts = await ledger.pool.query<{ run_id: string; kind: string; n: number }>(
      'SELECT run_id, kind, count(*)::int AS n FROM artifacts GROUP BY run_id, kind',
    );
    expect(artifacts.rows.filter((a) => a.n !== 1)).toEqual([]);
    const reported = new Set(artifacts.rows.filter((a) => a.kind === 'validation_report').map((a) => a.run_id));
    expect(done.runs.filter((r) => !reported.has(r.id)).map((r) => r.id)).toEqual([]);

    // Terminal once: a moment later nothing has moved.
    await sleep(1500);
    const later = await ledger.read();
    expect(later.runs.map((r) => [r.id, r.status, r.completedAt?.toISOString()])).toEqual(
      done.runs.map((r) => [r.id, r.status, r.completedAt?.toISOString()]),
    );
    // The survivors are still the same healthy processes.
    expect(apiB.child.exitCode).toBeNull();
    expect(workerB.child.exitCode).toBeNull();
    expect((await fetch(`${apiB.url}/readyz`)).status).toBe(200);
    const retried = done.jobs.filter((j) => j.retryCount > 0).length;
    console.log(
      `many processes: ${STARTS} starts, ${resent} resent after the API kill, ${killed!.activeJobs} jobs active at the kill, ${retried} retried, all terminal ${finishedMs} ms after the kill`,
    );
  }, 150_000);
});
