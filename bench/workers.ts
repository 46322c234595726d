/**
 * Worker scale-out: runs per minute of 1, 2 and 4 worker processes (`ROLE=worker`, real
 * `node bin/start.mjs` children, WORKER_CONCURRENCY each, default 2) on one PostgreSQL, beside the
 * 1-process figure times the process count (linear scaling) in the same run. For each count: a
 * fresh database, the workers started and subscribed, then BENCH_RUNS report starts sent at once
 * through an API in this process; the clock runs from the first start to the last run's terminal
 * state. On 2 cores the curve flattens once the cores are busy; what matters is that it rises
 * until then and that every run ends (the benchmark fails loudly otherwise).
 *
 * Run: `npm run bench:workers` (BENCH_WORKERS=1,2,4 BENCH_RUNS=40 BENCH_SPEC=tiny|petstore).
 * `tiny` (default) is a Swagger 2.0 description, reported in milliseconds: the figure is the
 * queue, claim, isolation process and recording overhead per run. `petstore` runs every step
 * (SDKs compiled and checked), minutes per size on a small machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startRoles } from '../bin/roles.ts';
import { ensureDatabase } from '../db/connection.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createWorkspace } from '../server/services/workspaces/create-workspace.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';

const ROOT = resolve(import.meta.dirname, '..');
const COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CONCURRENCY = process.env.WORKER_CONCURRENCY ?? '2';
const TINY = 'swagger: "2.0"\ninfo: {title: Tiny, version: "1"}\npaths: {}\n';
const PETSTORE = `openapi: 3.0.3
info: {title: Petstore, version: 1.0.0}
servers: [{url: https://petstore.example.com}]
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}}}}
  /pets/{petId}:
    get:
      operationId: getPet
      parameters: [{name: petId, in: path, required: true, schema: {type: string}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
components:
  schemas:
    Pet: {type: object, required: [id, name], properties: {id: {type: string}, name: {type: string}}}
`;
const SPEC = process.env.BENCH_SPEC === 'petstore' ? PETSTORE : TINY;

/** A worker process; resolves once it logged "service started" (subscribed to its queues). */
async function startWorkerProcess(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: CONCURRENCY,
      WORKER_HEARTBEAT_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolveStarted, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"msg":"service started"')) resolveStarted();
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before starting:\n${out}`)));
  });
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return child;
}

async function measure(adminUrl: string, workers: number): Promise<{ runsPerMinute: number; seconds: number }> {
  const name = `bench_workers_${workers}_${Date.now()}`;
  await ensureDatabase(adminUrl, name);
  const databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    BOOTSTRAP: 'false',
    REPORT_RATE_LIMIT: '1000000',
    PLAN_RUNS_FREE: '100000000',
  });
  const api = await startRoles(config, createLogger('silent'));
  const children: ChildProcess[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { token } = await createWorkspace(api.deps.db.sequelize, { name: 'Bench', email: 'bench@example.com' });
    children.push(...(await Promise.all(Array.from({ length: workers }, () => startWorkerProcess(databaseUrl)))));
    const started = Date.now();
    await Promise.all(
      Array.from({ length: RUNS }, async (_, i) => {
        const res = await fetch(`${api.url}/api/reports/start`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ openapiText: SPEC, notes: `bench ${i}` }),
        });
        if (res.status !== 202) throw new Error(`start ${i}: ${res.status} ${await res.text()}`);
      }),
    );
    for (;;) {
      const { rows } = await pool.query<{ open: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open,
                count(*) FILTER (WHERE status = 'failed')::int AS failed FROM runs`,
      );
      if (rows[0]!.failed > 0) throw new Error(`${rows[0]!.failed} runs failed with ${workers} workers`);
      if (rows[0]!.open === 0) break;
      if (Date.now() - started > 30 * 60_000) throw new Error(`runs still open after 30 minutes (${workers} workers)`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    return { runsPerMinute: (RUNS / seconds) * 60, seconds };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await pool.end();
    await api.stop();
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-bench-workers-'));
  await chmod(dataDir, 0o755);
  // Durable, as `npm start` runs it (BENCH_DATABASE_URL: a server of your own instead).
  const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir, port: 0 });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  try {
    const rows: Array<{ workers: number; runsPerMinute: number; seconds: number }> = [];
    for (const workers of COUNTS) rows.push({ workers, ...(await measure(adminUrl, workers)) });
    const base = rows.find((r) => r.workers === 1) ?? rows[0]!;
    console.log(
      `Worker scale-out: ${RUNS} runs of the ${process.env.BENCH_SPEC === 'petstore' ? 'petstore' : 'tiny'} description per row, ` +
        `WORKER_CONCURRENCY=${CONCURRENCY}, ${cpus().length} CPUs, Node ${process.version}`,
    );
    console.log(
      'workers'.padEnd(8),
      'runs/min'.padStart(9),
      'seconds'.padStart(8),
      'vs 1'.padStart(6),
      `linear (1 × n)`.padStart(15),
    );
    for (const r of rows) {
      const linear = (base.runsPerMinute / base.workers) * r.workers;
      console.log(
        String(r.workers).padEnd(8),
        r.runsPerMinute.toFixed(0).padStart(9),
        r.seconds.toFixed(1).padStart(8),
        `${(r.runsPerMinute / base.runsPerMinute).toFixed(2)}×`.padStart(6),
        linear.toFixed(0).padStart(15),
      );
    }
  } finally {
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
