import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE, rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { largeSpec, waitForRun } from '../setup/runs.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';
import { openLedger, orphans, unfinished } from './ledger.ts';

// This process holds a control API (ROLE=api) for setup and checks; the processes we kill with
// SIGKILL (workers, a second API) are real `node bin/start.mjs` children on the same database.
let control: TestService;
let ledger: ReturnType<typeof openLedger>;
const children: ServiceProcess[] = [];

async function spawn(role: 'api' | 'worker'): Promise<ServiceProcess> {
  const child = await spawnService({
    ROLE: role,
    DATABASE_URL: control.databaseUrl,
    BOOTSTRAP: 'false',
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_CONCURRENCY: '2',
    REPORT_RATE_LIMIT: '100000',
  });
  children.push(child);
  return child;
}

beforeAll(async () => {
  control = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '100000' });
  ledger = openLedger(control.databaseUrl);
}, 60_000);
afterAll(async () => {
  for (const child of children) await child.stop('SIGKILL');
  await ledger?.close();
  await control?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('killed processes', () => {
  it('a worker killed with SIGKILL mid-run: a restarted worker finishes every run exactly once, nothing lost', async () => {
    const client = rest(control.url, (await newWorkspace(control)).token);
    const doomed = await spawn('worker');
    const large = await client.post('/reports/start', { openapiText: largeSpec(200), notes: 'large' });
    expect(large.status).toBe(202);
    const small: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await client.post('/reports/start', { openapiText: PETSTORE, notes: `small ${i}` });
      expect(res.status).toBe(202);
      small.push(res.body.run.id);
    }
    const largeId = large.body.run.id as string;
    await waitForRun(largeId, 60_000, (run) => run.status === 'running');
    const killedAt = Date.now();
    expect(await doomed.stop('SIGKILL')).toBeNull();
    const atKill = await ledger.read();
    expect(atKill.runs.find((r) => r.id === largeId)?.status).toBe('running');
    expect(atKill.runs.filter((r) => r.status === 'queued' || r.status === 'running').length).toBeGreaterThanOrEqual(2);
    expect(orphans(atKill)).toEqual([]);

    const replacement = await spawn('worker');
    // pg-boss notices the dead worker through the job heartbeat (QUEUE_JOB_HEARTBEAT_SECONDS, 10 s)
    // and retries its job: well within 40 s of the kill, not after its default one-minute supervision.
    let noticedMs = 0;
    while (!noticedMs) {
      const job = (await ledger.read()).jobs.find((j) => j.runId === largeId)!;
      if (job.state !== 'active' || job.retryCount > 0) noticedMs = Date.now() - killedAt;
      else if (Date.now() - killedAt > 90_000) throw new Error("the dead worker's job was never retried");
      else await sleep(250);
    }
    expect(noticedMs).toBeLessThan(40_000);
    const done = await ledger.waitAllTerminal(90_000);
    const recoveredMs = Date.now() - killedAt;
    expect(orphans(done)).toEqual([]);
    expect(done.runs.flatMap(unfinished)).toEqual([]);
    const largeRun = done.runs.find((r) => r.id === largeId)!;
    // The large description is clean and has nothing to compare: ready, every step once.
    expect(largeRun).toMatchObject({ status: 'ready', verdict: 'ready' });
    expect(largeRun.steps.map((s) => [s.name, s.status])).toEqual([
      ['validate', 'passed'],
      ['typescript_sdk', 'passed'],
      ['python_sdk', 'passed'],
      ['go_sdk', 'passed'],
      ['cli', 'passed'],
      ['mcp_server', 'passed'],
      ['docs', 'passed'],
      ['compat_diff', 'skipped'],
      ['wire_tests', 'passed'],
    ]);
    for (const id of small)
      expect(
        done.runs.find((r) => r.id === id),
        id,
      ).toMatchObject({ status: 'complete', verdict: 'needs_review' });
    for (const job of done.jobs)
      expect(job, `job of ${job.runId}`).toMatchObject({ name: 'report.run', state: 'completed' });
    expect(done.jobs.find((j) => j.runId === largeId)!.retryCount).toBeGreaterThanOrEqual(1);
    // One terminal state: a moment later nothing has moved.
    await sleep(1500);
    const later = await ledger.read();
    expect(later.runs.map((r) => [r.id, r.status, r.completedAt?.toISOString()])).toEqual(
      done.runs.map((r) => [r.id, r.status, r.completedAt?.toISOString()]),
    );
    await replacement.stop();
    console.log(
      `killed worker: its job retried ${noticedMs} ms after the kill, all ${done.runs.length} runs terminal after ${recoveredMs} ms`,
    );
  }, 150_000);

  it('an API killed with SIGKILL while clients start reports: answered starts have their run, unanswered ones none or one, no orphan jobs', async () => {
    const before = new Set((await ledger.read()).runs.map((r) => r.id));
    const workspace = await newWorkspace(control, 'Kill API');
    const doomed = await spawn('api');
    const client = rest(doomed.url, workspace.token);

    type Outcome =
      | { key: string; status: 'accepted'; runId: string }
      | { key: string; status: 'unanswered'; error: string }
      | { key: string; status: 'refused'; code: number };
    const outcomes: Outcome[] = [];
    // A small description (Swagger 2.0: reported in milliseconds) keeps the many runs cheap.
    const body = (key: string) => ({
      openapiText: 'swagger: "2.0"\ninfo: {title: Tiny, version: "1"}\npaths: {}\n',
      notes: key,
    });
    // Each client sends starts back to back until one fails for want of the process: its last.
    const clients = Array.from({ length: 10 }, async (_, c) => {
      for (let s = 0; ; s += 1) {
        const key = `kill-c${c}-s${s}`;
        try {
          const res = await client.post('/reports/start', body(key), { 'idempotency-key': key });
          if (res.status === 202) outcomes.push({ key, status: 'accepted', runId: res.body.run.id });
          else outcomes.push({ key, status: 'refused', code: res.status });
        } catch (error) {
          // The connection died with the process (reset mid-request, or refused afterwards).
          outcomes.push({ key, status: 'unanswered', error: String((error as Error).cause ?? error) });
          return;
        }
      }
    });
    // Let starts flow, then kill the API in the middle of them.
    const deadline = Date.now() + 20_000;
    while (outcomes.filter((o) => o.status === 'accepted').length < 20 && Date.now() < deadline) await sleep(20);
    expect(await doomed.stop('SIGKILL')).toBeNull();
    await Promise.all(clients);

    const accepted = outcomes.filter((o) => o.status === 'accepted');
    const unanswered = outcomes.filter((o) => o.status === 'unanswered');
    expect(outcomes.filter((o) => o.status === 'refused')).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    expect(unanswered).toHaveLength(10); // each client's last request
    // Most were cut off in flight (reset), not refused after the fact.
    const inFlight = unanswered.filter((u) => !/ECONNREFUSED/.test((u as { error: string }).error));
    expect(inFlight.length).toBeGreaterThan(0);

    const afterKill = await ledger.read();
    expect(orphans(afterKill)).toEqual([]);
    const runs = afterKill.runs.filter((r) => !before.has(r.id));
    const runsByKey = new Map<string, string[]>();
    for (const run of runs) runsByKey.set(run.notes!, [...(runsByKey.get(run.notes!) ?? []), run.id]);
    const keyRows = new Map(afterKill.keys.map((k) => [k.key, k.runId]));
    // Every answered start has exactly its run, recorded under its key.
    for (const a of accepted) {
      expect(runsByKey.get(a.key), a.key).toEqual([a.runId]);
      expect(keyRows.get(a.key), a.key).toBe(a.runId);
    }
    // Every unanswered start has no run, or exactly one that its key names (the commit won the race).
    let committedUnanswered = 0;
    for (const u of unanswered) {
      const ids = runsByKey.get(u.key) ?? [];
      expect(ids.length, u.key).toBeLessThanOrEqual(1);
      expect(keyRows.get(u.key), u.key).toBe(ids[0]);
      if (ids.length) committedUnanswered += 1;
    }
    // And no run that no start asked for.
    expect(runs).toHaveLength(accepted.length + committedUnanswered);

    // The client retries the unanswered starts with the same key on another API process: the ones
    // that committed replay their run, the others start one now. Still one run per key.
    const survivor = rest(control.url, workspace.token);
    for (const u of unanswered) {
      const res = await survivor.post('/reports/start', body(u.key), { 'idempotency-key': u.key });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const existing = runsByKey.get(u.key)?.[0];
      if (existing) expect(res.body.run.id).toBe(existing);
    }
    const retried = await ledger.read();
    const ourRuns = retried.runs.filter((r) => !before.has(r.id));
    expect(ourRuns).toHaveLength(accepted.length + unanswered.length);
    expect(new Set(ourRuns.map((r) => r.notes)).size).toBe(ourRuns.length);
    expect(orphans(retried)).toEqual([]);

    // No worker ran so far: every run waits queued with its job; a worker finishes them all.
    expect(ourRuns.every((r) => r.status === 'queued')).toBe(true);
    const worker = await spawn('worker');
    const done = await ledger.waitAllTerminal(100_000);
    expect(orphans(done)).toEqual([]);
    expect(done.runs.flatMap(unfinished)).toEqual([]);
    for (const run of done.runs.filter((r) => !before.has(r.id)))
      expect(run, run.notes!).toMatchObject({ status: 'complete', verdict: 'not_ready' });
    for (const job of done.jobs) expect(job.state, `job of ${job.runId}`).toBe('completed');
    await worker.stop();
    console.log(
      `killed API: ${accepted.length} answered, ${unanswered.length} unanswered (${inFlight.length} in flight, ${committedUnanswered} had committed)`,
    );
  }, 150_000);
});
