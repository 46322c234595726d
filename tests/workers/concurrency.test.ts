import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Run } from '../../db/models/index.ts';
import { PETSTORE, rest } from '../setup/http.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';
import { largeSpec, waitForRun } from '../setup/runs.ts';
import { startTestService, type TestService } from '../setup/service.ts';
import { newWorkspace } from '../setup/workspace.ts';

// The API runs in this process without a worker; workers are separate processes we can kill.
let api: TestService;
let client: ReturnType<typeof rest>;
const workers: ServiceProcess[] = [];

function spawnWorker() {
  return spawnService({
    ROLE: 'worker',
    DATABASE_URL: api.databaseUrl,
    BOOTSTRAP: 'false',
    WORKER_HEARTBEAT_SECONDS: '1',
    WORKER_CONCURRENCY: '2',
  }).then((w) => {
    workers.push(w);
    return w;
  });
}

beforeAll(async () => {
  api = await startTestService({ ROLE: 'api', REPORT_RATE_LIMIT: '1000' });
  client = rest(api.url, (await newWorkspace(api)).token);
}, 60_000);
afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL');
  await api?.stop();
});

async function jobsOf(runId: string) {
  return await api.deps.db.sequelize.query<{ state: string; retry_count: number; name: string }>(
    `SELECT state, retry_count, name FROM pgboss.job WHERE data->>'runId' = $1`,
    { bind: [runId], type: QueryTypes.SELECT },
  );
}

describe('workers', () => {
  // 8 runs: every run is a full pipeline (five SDKs' checks, a mock and their wire tests; about 18 s
  // of CPU with warm caches), and two workers of concurrency 2 still share the queue twice over.
  it('two workers process 8 runs: each reaches one terminal state, each job runs once', async () => {
    const first = await spawnWorker();
    const second = await spawnWorker();
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await client.post('/reports/start', { openapiText: PETSTORE });
      expect(res.status).toBe(202);
      ids.push(res.body.run.id);
    }
    const runs = await Promise.all(ids.map((id) => waitForRun(id, 280_000)));
    expect(runs.every((r) => r.status === 'complete' && r.verdict === 'needs_review')).toBe(true);
    for (const id of ids) {
      const jobs = await jobsOf(id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ name: 'report.run', state: 'completed', retry_count: 0 });
    }
    await first.stop();
    await second.stop();
  }, 300_000);

  it('cancel while running: the run ends canceled and never flips back', async () => {
    const worker = await spawnWorker();
    const res = await client.post('/reports/start', { openapiText: largeSpec(1500) });
    const runId = res.body.run.id as string;
    await waitForRun(runId, 60_000, (run) => run.status === 'running');
    const canceled = await client.post(`/runs/${runId}/cancel`, { reason: 'changed my mind' });
    expect(canceled.status).toBe(200);
    // Let the worker notice and stop; the row must stay canceled.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const run = await Run.findByPk(runId);
    expect(run).toMatchObject({ status: 'canceled', verdict: 'canceled' });
    expect(run!.steps.some((s) => s.status === 'passed' && s.name !== 'validate')).toBe(false);
    await worker.stop();
  }, 120_000);
  // A worker killed with SIGKILL mid-run: tests/reliability/process-kill.test.ts.
});
