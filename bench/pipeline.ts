/**
 * The pipeline end to end, as users meet it: the API in this process on an embedded PostgreSQL
 * (temp dir), workers as separate `ROLE=worker` processes, reports started over HTTP and polled
 * until their terminal status.
 *   1. Start → terminal time for a small, a medium and the largest corpus description, with each
 *      step's duration (from `run.steps`) and the worker's peak RSS; beside it, in the same run,
 *      `@hey-api/openapi-ts` generating its TypeScript SDK alone for the largest description.
 *   2. Throughput: runs per minute for a batch of medium runs with one worker process, then two.
 * Run: `npm run bench:pipeline` (needs ../shared/corpus; PIPELINE_BATCH=12 sets the batch size).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { startRoles } from '../bin/roles.ts';
import { createWorkspace } from '../server/services/workspaces/create-workspace.ts';
import { timeNodePeer } from './peer.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const BATCH = Number(process.env.PIPELINE_BATCH ?? 12);
const DESCRIPTIONS = [
  ['small', 'oai-examples/v3.0/petstore.yaml'],
  ['medium', 'real-world/twilio/twilio_messaging_v1.yaml'],
  ['largest', 'real-world/asana/asana_oas.yaml'],
] as const;
const TERMINAL = new Set(['complete', 'failed', 'canceled', 'blocked', 'expired']);

interface RunView {
  id: string;
  status: string;
  verdict: string | null;
  steps: { name: string; status: string; durationMs?: number | null }[];
}

/**
 * A worker process. Its temp folder (and with it mypy's cache, which workers share) is this bench
 * run's own: no package checked by an earlier run is cached. The small and medium runs warm the
 * cache with typeshed's standard library, as a worker's first runs do; the largest description's
 * package is checked from scratch. (The throughput batch repeats one description: its later runs
 * find their modules in the cache, as a user re-running an unchanged description would.)
 */
function startWorker(databaseUrl: string, tempDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      TMPDIR: tempDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"msg":"service started"')) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/** Peak RSS of a live process in MB (Linux VmHWM). */
function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function main(): Promise<void> {
  if (!existsSync(CORPUS)) {
    console.log(`corpus not found at ${CORPUS}: nothing to measure`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'report-service-bench-'));
  await chmod(dataDir, 0o755);
  const workerTemp = join(dataDir, 'worker-tmp');
  await mkdir(workerTemp);
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '0',
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    BOOTSTRAP: 'false',
    REPORT_RATE_LIMIT: '1000000',
    PLAN_RUNS_FREE: '100000000',
  });
  const service = await startRoles(config, createLogger('silent'));
  const workers: ChildProcess[] = [];
  try {
    const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Bench', email: 'bench@example.com' });
    const headers = { authorization: `Bearer ${ws.token}`, 'content-type': 'application/json' };
    const start = async (openapiText: string): Promise<string> => {
      const response = await fetch(`${service.url}/api/reports/start`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ openapiText }),
      });
      if (response.status !== 202) throw new Error(`start answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { run: { id: string } }).run.id;
    };
    const finish = async (runId: string): Promise<RunView> => {
      for (;;) {
        const response = await fetch(`${service.url}/api/runs/${runId}`, { headers });
        const run = ((await response.json()) as { run: RunView }).run;
        if (TERMINAL.has(run.status)) return run;
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    workers.push(await startWorker(service.deps.db.url, workerTemp));
    console.log(
      `Pipeline end to end (API in process, workers as processes, WORKER_CONCURRENCY default); Node ${process.version}`,
    );
    const stepNames = ['validate', 'typescript_sdk', 'python_sdk', 'cli', 'mcp_server', 'docs', 'compat_diff'];
    console.log(
      'description'.padEnd(52),
      'MB'.padStart(5),
      'total ms'.padStart(9),
      ...stepNames.map((s) => s.padStart(15)),
      'worker peak MB'.padStart(15),
      '  outcome',
    );
    let largestMs = 0;
    let largestFile = '';
    for (const [label, relative] of DESCRIPTIONS) {
      const file = join(CORPUS, relative);
      const text = readFileSync(file, 'utf8');
      const t = performance.now();
      const run = await finish(await start(text));
      const ms = Math.round(performance.now() - t);
      if (label === 'largest') {
        largestMs = ms;
        largestFile = file;
      }
      const durations = stepNames.map((name) =>
        String(run.steps.find((s) => s.name === name)?.durationMs ?? '-').padStart(15),
      );
      console.log(
        `${label} ${relative}`.padEnd(52),
        (text.length / 1e6).toFixed(2).padStart(5),
        String(ms).padStart(9),
        ...durations,
        String(peakRssMb(workers[0]!.pid)).padStart(15),
        `  ${run.status}/${run.verdict}`,
      );
    }

    const heyApi = join(ROOT, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js');
    const hey = timeNodePeer(heyApi, (out) => ['-i', largestFile, '-o', out, '-s']);
    if (hey) {
      console.log(
        `\n@hey-api/openapi-ts, TypeScript SDK alone for the largest: ${hey.ms} ms, ${hey.maxRssMb} MB peak.`,
      );
      console.log(
        `Our whole report (six steps, artifacts stored) / hey-api's SDK alone: ${(largestMs / hey.ms).toFixed(2)} (target <= 0.5).`,
      );
    } else {
      console.log('\n@hey-api/openapi-ts could not be measured (not installed, no /usr/bin/time, or it failed).');
    }

    const medium = readFileSync(join(CORPUS, DESCRIPTIONS[1][1]), 'utf8');
    console.log(`\nThroughput: ${BATCH} medium runs queued at once`);
    for (const count of [1, 2]) {
      while (workers.length < count) workers.push(await startWorker(service.deps.db.url, workerTemp));
      const t = performance.now();
      const ids = await Promise.all(Array.from({ length: BATCH }, () => start(medium)));
      const runs = await Promise.all(ids.map(finish));
      const minutes = (performance.now() - t) / 60_000;
      const complete = runs.filter((r) => r.status === 'complete').length;
      console.log(
        `${count} worker process${count > 1 ? 'es' : ''}: ${(BATCH / minutes).toFixed(1)} runs/min (${(minutes * 60).toFixed(1)} s for ${BATCH}; ${complete} complete)`,
      );
    }
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
