/**
 * API throughput and latency on 127.0.0.1, beside floor handlers in the same run (the ratio is the
 * figure): bare express, and bare express running one and two indexed PostgreSQL queries per
 * request through a `pg` Pool of the service's size on the same database. The `queries` column
 * counts the SQL statements one request of that row sends (every pg client in the process, so
 * pg-boss's too). `cpu ms/req`: CPU time per request of this process (the handlers and autocannon;
 * the floors pay the same autocannon share) and, on the embedded PostgreSQL, of its server
 * processes (read from /proc; Linux). Run: `npm run bench:api` (uses the embedded PostgreSQL in a
 * temp dir, or BENCH_DATABASE_URL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import express from 'express';
import pg from 'pg';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { startRoles } from '../bin/roles.ts';
import { hashToken } from '../server/services/auth/tokens.ts';
import { createWorkspace } from '../server/services/workspaces/create-workspace.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  queries: number;
  nodeCpuMs: number;
  pgCpuMs: number | undefined;
}

/**
 * CPU milliseconds used so far by each process of the embedded PostgreSQL server whose data
 * directory is `dataDir` (postmaster and its backends, from /proc), by pid; undefined when it is
 * not found (another server, or no /proc).
 */
function postgresCpu(dataDir: string): Map<string, number> | undefined {
  if (!dataDir) return undefined;
  try {
    const procs: Array<{ pid: string; ppid: string; ms: number; ours: boolean }> = [];
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        // utime + stime in clock ticks of 10 ms (USER_HZ 100).
        const ms = (Number(fields[11]) + Number(fields[12])) * 10;
        procs.push({ pid, ppid: fields[1]!, ms, ours: cmd.includes(dataDir) && cmd.includes('postgres') });
      } catch {
        // The process ended while we read it.
      }
    }
    const master = procs.find((p) => p.ours)?.pid;
    if (!master) return undefined;
    return new Map(procs.filter((p) => p.pid === master || p.ppid === master).map((p) => [p.pid, p.ms]));
  } catch {
    return undefined;
  }
}

/** CPU ms the server's processes used between two readings (a backend that exited meanwhile is not counted). */
function postgresCpuBetween(before: Map<string, number> | undefined, after: Map<string, number> | undefined) {
  if (!before || !after) return undefined;
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}
let benchDataDir = '';

/** SQL statements sent by any pg client of this process while `counting` is on. */
let counting = false;
let queryCount = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  if (counting) queryCount += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/**
 * How many statements one request sends: the fewest seen over three requests after a first one
 * (first-use work, and background statements of pg-boss or the rate limiter landing in the same
 * moment, are not counted).
 */
async function queriesPerRequest(url: string, init: RequestInit): Promise<number> {
  await (await fetch(url, init)).arrayBuffer();
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i += 1) {
    queryCount = 0;
    counting = true;
    try {
      await (await fetch(url, init)).arrayBuffer();
    } finally {
      counting = false;
    }
    fewest = Math.min(fewest, queryCount);
  }
  return fewest;
}

async function measure(name: string, url: string, options: Partial<autocannon.Options> = {}): Promise<Figures> {
  const queries = await queriesPerRequest(url, {
    method: options.method ?? 'GET',
    headers: options.headers as Record<string, string> | undefined,
    body: options.body as string | undefined,
  });
  const cpuBefore = process.cpuUsage();
  const pgBefore = postgresCpu(benchDataDir);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options });
  const cpu = process.cpuUsage(cpuBefore);
  const pgMs = postgresCpuBetween(pgBefore, postgresCpu(benchDataDir));
  const requests = Math.max(1, result.requests.total);
  return {
    queries,
    nodeCpuMs: (cpu.user + cpu.system) / 1000 / requests,
    pgCpuMs: pgMs === undefined ? undefined : pgMs / requests,
    name,
    rps: result.requests.total / DURATION,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-bench-'));
  await chmod(dataDir, 0o755);
  if (!process.env.BENCH_DATABASE_URL) benchDataDir = dataDir;
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '0',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    BOOTSTRAP: 'false',
    REPORT_RATE_LIMIT: '1000000',
    PLAN_RUNS_FREE: '100000000',
  });
  const service = await startRoles(config, createLogger('silent'));
  // The floors: the same database and pool size as the service's Sequelize pool.
  const pool = new pg.Pool({
    connectionString: service.deps.db.url,
    max: service.deps.db.sequelize.config.pool?.max ?? 10,
  });
  let floorKeyHash = '';
  let floorRun = { id: '', orgId: '' };
  const bare = express();
  bare.get('/health', (_req, res) => res.json({ ok: true }));
  bare.get('/one-query', async (_req, res) => {
    const run = await pool.query('SELECT * FROM runs WHERE id = $1 AND org_id = $2', [floorRun.id, floorRun.orgId]);
    res.json({ run: run.rows[0] });
  });
  bare.get('/two-queries', async (_req, res) => {
    const key = await pool.query('SELECT * FROM api_keys WHERE token_hash = $1', [floorKeyHash]);
    const run = await pool.query('SELECT * FROM runs WHERE id = $1 AND org_id = $2', [floorRun.id, key.rows[0].org_id]);
    res.json({ run: run.rows[0] });
  });
  const bareServer: Server = await new Promise((resolve) => {
    const s = bare.listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Bench', email: 'bench@example.com' });
    const auth = { authorization: `Bearer ${ws.token}` };
    const spec = 'openapi: 3.0.3\ninfo: {title: Bench, version: 1.0.0}\npaths: {}\n';
    const started = await fetch(`${service.url}/api/reports/start`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ openapiText: spec }),
    });
    const runId = ((await started.json()) as { run: { id: string } }).run.id;
    const barePort = (bareServer.address() as AddressInfo).port;
    floorKeyHash = hashToken(ws.token);
    floorRun = { id: runId, orgId: ws.organization.id };

    const rows: Figures[] = [];
    rows.push(await measure('bare express GET /health', `http://127.0.0.1:${barePort}/health`));
    rows.push(await measure('floor: express + 1 query', `http://127.0.0.1:${barePort}/one-query`));
    rows.push(await measure('floor: express + 2 queries', `http://127.0.0.1:${barePort}/two-queries`));
    rows.push(await measure('GET /api/health', `${service.url}/api/health`));
    rows.push(await measure('GET /api/me', `${service.url}/api/me`, { headers: auth }));
    rows.push(await measure(`GET /api/runs/{id}`, `${service.url}/api/runs/${runId}`, { headers: auth }));
    rows.push(
      await measure('POST /api/reports/start', `${service.url}/api/reports/start`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ openapiText: spec }),
      }),
    );
    const bareFloor = rows[0]!.rps;
    const twoQueryFloor = rows[2]!.rps;
    console.log(`API benchmark: ${CONNECTIONS} connections, ${DURATION} s each, Node ${process.version}, 127.0.0.1`);
    console.log(
      'endpoint'.padEnd(28),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'vs bare'.padStart(9),
      'vs 2-query'.padStart(11),
      'queries'.padStart(8),
      'cpu ms/req node+pg'.padStart(19),
      'errors'.padStart(7),
      'non2xx'.padStart(7),
    );
    for (const r of rows) {
      console.log(
        r.name.padEnd(28),
        r.rps.toFixed(0).padStart(9),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        `${((r.rps / bareFloor) * 100).toFixed(1)}%`.padStart(9),
        `${((r.rps / twoQueryFloor) * 100).toFixed(1)}%`.padStart(11),
        String(r.queries).padStart(8),
        `${r.nodeCpuMs.toFixed(2)}+${r.pgCpuMs === undefined ? '?' : r.pgCpuMs.toFixed(2)}`.padStart(19),
        String(r.errors).padStart(7),
        String(r.non2xx).padStart(7),
      );
    }
  } finally {
    bareServer.close();
    await pool.end();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
