/**
 * Profile of the whole report, as users meet it, beside hey-api in the same run.
 *
 * The API runs in this process on an embedded PostgreSQL (temp dir), the worker as a separate
 * `ROLE=worker` process; a report is started over HTTP and polled until its terminal status (so
 * queue pickup, the isolated run process, packing and storing the artifacts all count). While it
 * runs, every process under the worker is sampled from /proc every SAMPLE_MS: CPU (utime+stime)
 * and RSS per process, named by what it is (tsc, mypy, pyright, the compile of every file, wheel/sdist, esbuild,
 * the run process) and by the step whose temp folder is its working directory. Printed per
 * description:
 *   - wall time of each round, ours and `@hey-api/openapi-ts` (TypeScript SDK only) alternating,
 *     and the ratio of the medians (the target of issue #33: <= 1.0, goal 0.5);
 *   - each step's start and end offsets in the last round (the critical path is the step that
 *     ends last) and its duration;
 *   - CPU seconds per child process kind and per step (checkers), the run process's own CPU
 *     (analysis, emitting, packing: one thread for every step), peak RSS of the whole tree;
 *   - emit CPU per generator, measured alone in a fresh process (what the run process's CPU is made of);
 *   - a re-run of the unchanged description on the same worker (its caches warm).
 * Every round starts a fresh worker with a fresh TMPDIR, so no cache of an earlier round helps,
 * but for the Go build cache (GO_CACHE_DIR, the standard library compiled once per machine).
 * `uptime`'s load is printed beside each round: the machine is shared. hey-api runs at the run
 * process's priority (niceness +10, as isolated-run.ts sets it), so both meet the same competition.
 *
 *   npm run bench:profile                      (Stripe-sized + OpenAI, Asana, Plaid when ../shared/corpus exists)
 *   PROFILE_ONLY=stripe PROFILE_ROUNDS=3 npm run bench:profile   (PROFILE_RERUN=0: no warm re-run)
 *   PROFILE_FILE=path/to/openapi.yaml npm run bench:profile   (any one description)
 *   PROFILE_TARGETS_OFF=go …   (targets turned off in each round's project settings)
 *   node bench/report-profile.ts --emit <file> (child: emit CPU per generator, one JSON line)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../shared/config.ts';
import { PIPELINE_STEPS } from '../shared/enums.ts';
import { createLogger } from '../shared/logger.ts';
import { startRoles } from '../bin/roles.ts';
import { createWorkspace } from '../server/services/workspaces/create-workspace.ts';
import { analyzeSpec } from '../workers/generators/analyze.ts';
import { emitCli } from '../workers/generators/cli/index.ts';
import { emitDocsSite } from '../workers/generators/docs/index.ts';
import { emitGoSdk } from '../workers/generators/go/index.ts';
import { emitMcpServer } from '../workers/generators/mcp/index.ts';
import { emitPythonSdk } from '../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../workers/generators/typescript/index.ts';
import { GO_CACHE_DIR } from '../workers/pipeline/go-tools.ts';
import { settleDisk, timeCommand } from './peer.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3);
const SAMPLE_MS = Number(process.env.PROFILE_SAMPLE_MS ?? 100);
/**
 * How often the run is polled. Each poll is a GET /api/runs/:id: the API reads the run with its
 * steps from PostgreSQL. Every 100 ms, as before 2026-11-29, it cost the machine about 2 CPU-s over
 * a 27 s report (the bench's own process, PostgreSQL besides), beside the report it measures.
 */
const POLL_MS = Number(process.env.PROFILE_POLL_MS ?? 1000);
/** The run that makes a project before its settings turn targets off (PROFILE_TARGETS_OFF). */
const TINY_DESCRIPTION = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Tiny', version: '1.0.0' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'pong' } } } } },
});
const TERMINAL = new Set(['ready', 'complete', 'failed', 'canceled', 'blocked', 'expired']);
const STEPS = PIPELINE_STEPS;
const TICKS = 100; // USER_HZ on Linux
const PAGE_KB = 4;

// ---------------------------------------------------------------- child mode: emit CPU per generator
if (process.argv[2] === '--emit') {
  const text = readFileSync(process.argv[3]!, 'utf8');
  const cpu = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let t = cpu();
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  const analyzeMs = Math.round(cpu() - t);
  const model = result.model!;
  const emits: Record<string, number> = {};
  for (const [name, emit] of [
    ['typescript_sdk', () => emitTypeScriptSdk(model)],
    ['python_sdk', () => emitPythonSdk(model)],
    ['go_sdk', () => emitGoSdk(model)],
    ['cli', () => emitCli(model)],
    ['mcp_server', () => emitMcpServer(model)],
    ['docs', () => emitDocsSite(model, {})],
  ] as const) {
    t = cpu();
    emit();
    emits[name] = Math.round(cpu() - t);
  }
  console.log(JSON.stringify({ analyzeMs, emits }));
  process.exit(0);
}

// ---------------------------------------------------------------- /proc sampling
interface ProcSample {
  pid: number;
  kind: string;
  step: string;
  cpuMs: number;
  /** CPU the process had already used when sampling started (the worker's and the spare's loading). */
  baseMs: number;
  /** `cpuMs` at each sample (`at`: Date.now()), so the figures can be cut at the run's own end. */
  history: { at: number; cpuMs: number }[];
  maxRssMb: number;
}

/** The machine's idle and total CPU time so far, in ms (all cores; /proc/stat's first line). */
function machineCpu(): { idleMs: number; totalMs: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const ticks = (n: number) => (n * 1000) / TICKS;
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  return { idleMs: ticks((fields[3] ?? 0) + (fields[4] ?? 0)), totalMs: ticks(total) };
}

function readStat(pid: string): { ppid: number; cpuTicks: number; start: number; rssPages: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is state (field 3); utime is field 14, stime 15, starttime 22, rss 24.
    return {
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      start: Number(fields[19]),
      rssPages: Number(fields[21]),
    };
  } catch {
    return undefined;
  }
}

function describe(pid: number): { kind: string; step: string } {
  let cmd = '';
  let cwd = '';
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    // gone already
  }
  const step = /report-(?:check|pydist)-([a-z_]+?)-[A-Za-z0-9]{6}/.exec(cwd)?.[1] ?? '';
  const kind = /run-process\.mjs/.test(cmd)
    ? 'run process (analysis, emit, pack)'
    : /@stoplight\/prism-cli|prism-mock-main/.test(cmd)
      ? "prism (the wire tests' mock)"
      : /tsgo|typescript-native|\btsc\b/.test(cmd)
        ? 'tsc (TS 7)'
        : /esbuild/.test(cmd)
          ? 'esbuild'
          : /pyright/.test(cmd)
            ? 'pyright'
            : /\bmypy\b/.test(cmd)
              ? 'mypy'
              : /compileall|rglob\("\*\.py"\)/.test(cmd)
                ? 'python compile (every file)'
                : /pyproject-build|_in_process|setuptools|\bbuild\b/.test(cmd)
                  ? 'wheel + sdist (build)'
                  : /twine/.test(cmd)
                    ? 'twine check'
                    : /start\.mjs|bin\/start/.test(cmd)
                      ? 'worker'
                      : (cmd.split(' ')[0]?.split('/').pop() ?? '?');
  return { kind, step };
}

/**
 * Waits until the machine is quiet (at least 90% of both cores idle over half a second; at most
 * 20 s): what one side left running (the worker's next spare run process loading, PostgreSQL
 * writing the artifacts) must not slow the other down. The seconds waited.
 */
async function settleCpu(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const a = machineCpu();
    await new Promise((r) => setTimeout(r, 500));
    const b = machineCpu();
    const idle = (b.idleMs - a.idleMs) / Math.max(1, b.totalMs - a.totalMs);
    if (idle >= 0.9 || Date.now() - started > 20_000) return (Date.now() - started) / 1000;
  }
}

/** Samples the process tree under `rootPid` until stopped. */
class TreeSampler {
  readonly procs = new Map<string, ProcSample>();
  peakTreeMb = 0;
  readonly rootPid: number;
  readonly startedAt = Date.now();
  /** The machine's CPU over the sampled window: idle core-seconds say what the report left unused. */
  readonly machineStart = machineCpu();
  machineEnd = this.machineStart;
  /** This bench process's own CPU over the window: the API answering the polls, and this sampler. */
  benchMs = 0;
  readonly #benchStart = process.cpuUsage();
  #timeline: { at: number; machine: ReturnType<typeof machineCpu>; benchMs: number }[] = [];
  #timer: NodeJS.Timeout;
  #first = true;
  constructor(rootPid: number) {
    this.rootPid = rootPid;
    this.#timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.sample();
    this.#first = false;
  }
  sample(): void {
    const at = Date.now();
    const own = process.cpuUsage(this.#benchStart);
    this.#timeline.push({ at, machine: machineCpu(), benchMs: (own.user + own.system) / 1000 });
    const stats = new Map<number, NonNullable<ReturnType<typeof readStat>>>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = readStat(name);
      if (s) stats.set(Number(name), s);
    }
    const children = new Map<number, number[]>();
    for (const [pid, s] of stats) {
      const list = children.get(s.ppid) ?? [];
      list.push(pid);
      children.set(s.ppid, list);
    }
    let treeKb = 0;
    const stack = [this.rootPid];
    while (stack.length) {
      const pid = stack.pop()!;
      const s = stats.get(pid);
      if (!s) continue;
      stack.push(...(children.get(pid) ?? []));
      treeKb += s.rssPages * PAGE_KB;
      const key = `${pid}:${s.start}`;
      let entry = this.procs.get(key);
      if (!entry) {
        // A process already running when sampling starts counts from here on only.
        const now = (s.cpuTicks * 1000) / TICKS;
        entry = { pid, ...describe(pid), cpuMs: 0, baseMs: this.#first ? now : 0, history: [], maxRssMb: 0 };
        this.procs.set(key, entry);
      } else if (entry.kind !== 'worker') {
        // The working directory is set right after the fork, and a process seen between its fork
        // and its exec still shows its parent's command line (a Prism started by the run process
        // was counted as the run process): look again.
        const again = describe(pid);
        if (!entry.step) entry.step = again.step;
        if (again.kind !== '' && again.kind !== '?') entry.kind = again.kind;
      }
      entry.cpuMs = (s.cpuTicks * 1000) / TICKS - entry.baseMs;
      entry.history.push({ at, cpuMs: entry.cpuMs });
      entry.maxRssMb = Math.max(entry.maxRssMb, Math.round((s.rssPages * PAGE_KB) / 1024));
    }
    this.peakTreeMb = Math.max(this.peakTreeMb, Math.round(treeKb / 1024));
  }
  /**
   * The machine's idle core-seconds in each `windowMs` from `startAt` to the end of the sampled
   * window: where in the report the cores went unused (its start, while only the run process
   * works; its end, while the last suite runs).
   */
  idleByWindow(startAt: number, windowMs: number): number[] {
    const samples = this.#timeline.filter((t) => t.at >= startAt - SAMPLE_MS && t.at <= this.#endAt);
    const out: number[] = [];
    for (let i = 1; i < samples.length; i++) {
      const a = samples[i - 1]!;
      const b = samples[i]!;
      const bucket = Math.max(0, Math.floor((b.at - startAt) / windowMs));
      out[bucket] = (out[bucket] ?? 0) + (b.machine.idleMs - a.machine.idleMs) / 1000;
    }
    return Array.from(out, (v) => v ?? 0);
  }
  /** Per `windowMs` from `startAt`: each kind's CPU-seconds in it, largest first. */
  cpuByWindow(startAt: number, windowMs: number): [string, number][][] {
    const out: Map<string, number>[] = [];
    for (const p of this.procs.values()) {
      let before = { at: startAt, cpuMs: 0 };
      for (const h of p.history) {
        if (h.at > this.#endAt) break;
        const bucket = Math.max(0, Math.floor((h.at - startAt) / windowMs));
        const m = (out[bucket] ??= new Map());
        m.set(p.kind, (m.get(p.kind) ?? 0) + (h.cpuMs - before.cpuMs) / 1000);
        before = h;
      }
    }
    return Array.from(out, (m) => [...(m ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]));
  }
  #endAt = Number.POSITIVE_INFINITY;
  /**
   * Stops, and cuts every figure at `endAt` (the run's own completion time): what the processes did
   * after it (the next spare run process loading) and before the poll saw it does not count.
   */
  stop(endAt = Date.now()): void {
    clearInterval(this.#timer);
    this.sample();
    const cut = endAt + SAMPLE_MS / 2;
    this.#endAt = cut;
    for (const [key, entry] of this.procs) {
      const seen = entry.history.filter((h) => h.at <= cut);
      if (seen.length === 0) this.procs.delete(key);
      else entry.cpuMs = seen[seen.length - 1]!.cpuMs;
    }
    const last = this.#timeline.filter((t) => t.at <= cut).pop() ?? this.#timeline[this.#timeline.length - 1]!;
    this.machineEnd = last.machine;
    this.benchMs = last.benchMs;
  }
}

// ---------------------------------------------------------------- the service
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
      // The Go standard library compiled once per machine (as a deployed worker keeps it), not per
      // round: the machine's Go caches (go-tools.ts), warmed before the first round.
      GO_CACHE_DIR: GO_CACHE_DIR,
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
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${out.slice(-2000)}`)));
  });
}

async function stopWorker(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null) return;
  const exited = new Promise((r) => worker.once('exit', r));
  worker.kill('SIGTERM');
  await exited;
}

function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const s1 = (ms: number): string => (ms / 1000).toFixed(1);

interface RunView {
  id: string;
  projectId: string;
  status: string;
  verdict: string | null;
  startedAt?: string | null;
  createdAt: string;
  completedAt?: string | null;
  steps: {
    name: string;
    status: string;
    startedAt?: string;
    completedAt?: string;
    durationMs?: number | null;
    summary?: string;
    counts?: Record<string, number>;
  }[];
}

async function main(): Promise<void> {
  const only = process.env.PROFILE_ONLY;
  const scratch = mkdtempSync(join(tmpdir(), 'report-profile-'));
  const stripeFile = join(scratch, 'stripe-like.yaml');
  writeFileSync(stripeFile, stripeLikeDescription(Number(process.env.BENCH_STRIPE_RESOURCES ?? 330)));
  const descriptions: [string, string][] = [['Stripe-sized (synthetic, bench/synthetic-stripe-like.ts)', stripeFile]];
  if (existsSync(CORPUS)) {
    descriptions.push(
      ['OpenAI (corpus)', join(CORPUS, 'real-world/openai/openapi.yaml')],
      ['Asana (corpus)', join(CORPUS, 'real-world/asana/asana_oas.yaml')],
      ['Plaid (corpus)', join(CORPUS, 'real-world/plaid/2020-09-14.yml')],
    );
  } else {
    console.log(`corpus not found at ${CORPUS}: the Stripe-sized description only`);
  }
  // PROFILE_FILE=<path>: profile that description instead (a small one shows a run's fixed costs).
  if (process.env.PROFILE_FILE)
    descriptions.splice(0, descriptions.length, [process.env.PROFILE_FILE, process.env.PROFILE_FILE]);
  const chosen = descriptions.filter(([label]) => !only || label.toLowerCase().includes(only.toLowerCase()));

  const dataDir = await mkdtemp(join(tmpdir(), 'report-profile-data-'));
  await chmod(dataDir, 0o755);
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
  let worker: ChildProcess | undefined;
  const heyApi = join(ROOT, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js');
  console.log(
    `Report profile: whole report (npm start's worker, artifacts stored) vs @hey-api/openapi-ts (TypeScript SDK only); Node ${process.version}; ${ROUNDS} alternating rounds; load at start ${load()}${process.env.PROFILE_TARGETS_OFF ? `; targets turned off in the projects' settings: ${process.env.PROFILE_TARGETS_OFF}` : ''}`,
  );
  try {
    const ws = await createWorkspace(service.deps.db.sequelize, { name: 'Profile', email: 'profile@example.com' });
    const headers = { authorization: `Bearer ${ws.token}`, 'content-type': 'application/json' };
    const start = async (openapiText: string, projectName: string, projectId?: string): Promise<string> => {
      const response = await fetch(`${service.url}/api/reports/start`, {
        method: 'POST',
        headers,
        body: JSON.stringify(projectId ? { openapiText, projectId } : { openapiText, projectName }),
      });
      if (response.status !== 202) throw new Error(`start answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { run: { id: string } }).run.id;
    };
    const finish = async (runId: string): Promise<RunView> => {
      for (;;) {
        const response = await fetch(`${service.url}/api/runs/${runId}`, { headers });
        const run = ((await response.json()) as { run: RunView }).run;
        if (TERMINAL.has(run.status)) return run;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    // PROFILE_TARGETS_OFF=go (comma-separated targets): each round's project is first made by a
    // run of a tiny description, then its settings turn those targets off, as a team would.
    const targetsOff = (process.env.PROFILE_TARGETS_OFF ?? '').split(',').filter(Boolean);
    const prepare = async (project: string): Promise<string | undefined> => {
      if (targetsOff.length === 0) return undefined;
      const run = await finish(await start(TINY_DESCRIPTION, project));
      const response = await fetch(`${service.url}/api/projects/${run.projectId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ settings: { targets: Object.fromEntries(targetsOff.map((t) => [t, false])) } }),
      });
      if (response.status !== 200) throw new Error(`settings answered ${response.status}: ${await response.text()}`);
      return run.projectId;
    };
    /** Seconds each side waited for a quiet machine, printed with its round. */
    const settled: number[] = [];
    const ours = async (text: string, project: string, tempDir?: string) => {
      if (tempDir) {
        if (worker) await stopWorker(worker);
        await mkdir(tempDir, { recursive: true });
        worker = await startWorker(service.deps.db.url, tempDir);
        // The worker's spare run process loads its modules before the run is started.
        await new Promise((r) => setTimeout(r, 3000));
      }
      const projectId = await prepare(project);
      // A run's process is the spare loaded after the worker's previous run (isolated-run.ts):
      // let it load, as it has between a team's runs.
      if (projectId !== undefined) await new Promise((r) => setTimeout(r, 1500));
      settled.push(await settleCpu());
      const sampler = new TreeSampler(worker!.pid!);
      const started = Date.now();
      const t = performance.now();
      const run = await finish(await start(text, project, projectId));
      const polledMs = Math.round(performance.now() - t);
      // The report's time ends at the run's own completion time (the service's clock, this machine's),
      // not when a poll saw it: polls once a second (as the web app's run page) cost the service
      // little, and the figure does not depend on how often they come.
      const completed = run.completedAt ? Date.parse(run.completedAt) : Number.NaN;
      const ms = Number.isFinite(completed) ? Math.max(0, completed - started) : polledMs;
      sampler.stop(Number.isFinite(completed) ? completed : undefined);
      return { ms, polledMs, run, sampler };
    };

    for (const [label, file] of chosen) {
      const text = readFileSync(file, 'utf8');
      console.log(`\n=== ${label}: ${(text.length / 1e6).toFixed(2)} MB`);
      const emit = spawnSync(process.execPath, [import.meta.filename, '--emit', file], { encoding: 'utf8' });
      const emitCpu =
        emit.status === 0
          ? (JSON.parse(emit.stdout.trim().split('\n').pop()!) as { analyzeMs: number; emits: Record<string, number> })
          : undefined;
      const oursMs: number[] = [];
      const heyMs: number[] = [];
      let last: Awaited<ReturnType<typeof ours>> | undefined;
      const project = `profile ${label}`;
      for (let round = 1; round <= ROUNDS; round += 1) {
        const before = load();
        const runOurs = () =>
          ours(text, `${project} ${round}`, join(scratch, `worker-${label.split(' ')[0]}-${round}`));
        const runHey = () => {
          // At the run process's priority (isolated-run.ts renices it by 10), so that on a shared
          // machine neither side gets more of the CPU than the other.
          const out = mkdtempSync(join(scratch, 'hey-'));
          settleDisk();
          try {
            return timeCommand(['/usr/bin/nice', '-n', '10', process.execPath, heyApi, '-i', file, '-o', out, '-s']);
          } finally {
            rmSync(out, { recursive: true, force: true });
          }
        };
        let hey: ReturnType<typeof runHey>;
        // Alternate which goes first, so neither always meets the other's leftovers; each starts on
        // a quiet machine (settleCpu) all the same.
        if (round % 2 === 1) {
          last = await runOurs();
          settled.push(await settleCpu());
          hey = runHey();
        } else {
          settled.push(await settleCpu());
          hey = runHey();
          last = await runOurs();
        }
        oursMs.push(last.ms);
        if (hey) heyMs.push(hey.ms);
        const failed = last.run.steps.filter((s) => s.status !== 'passed' && s.name !== 'compat_diff');
        console.log(
          `round ${round} (waited ${settled
            .splice(0)
            .map((w) => `${w.toFixed(1)} s`)
            .join(
              ', ',
            )} for a quiet machine): ours ${s1(last.ms)} s (${last.run.status}/${last.run.verdict}${failed.length ? `; not passed: ${failed.map((s) => `${s.name} ${s.status}: ${s.summary?.slice(0, 160)}`).join('; ')}` : ''}), hey-api ${hey ? `${s1(hey.ms)} s, ${hey.maxRssMb} MB` : 'not measured'}; ratio ${hey ? (last.ms / hey.ms).toFixed(2) : '-'}; load before ${before}, after ${load()}`,
        );
      }
      const ratio = heyMs.length ? median(oursMs) / median(heyMs) : undefined;
      console.log(
        `median: ours ${s1(median(oursMs))} s, hey-api ${heyMs.length ? `${s1(median(heyMs))} s` : '-'}; ratio ${ratio?.toFixed(2) ?? '-'} (target <= 1.0, goal 0.5)`,
      );
      if (!last) continue;
      // The last round in detail.
      const { run, sampler } = last;
      const t0 = Date.parse(run.steps.find((s) => s.name === 'validate')?.startedAt ?? run.createdAt);
      console.log(`steps of the last round (offsets from the run's start; the last to end is the critical path):`);
      const ended = run.steps
        .filter((s) => s.completedAt)
        .sort((a, b) => Date.parse(b.completedAt!) - Date.parse(a.completedAt!));
      for (const name of STEPS) {
        const step = run.steps.find((s) => s.name === name);
        if (!step?.startedAt || !step.completedAt) {
          console.log(`  ${name.padEnd(15)} ${step?.status ?? '-'}`);
          continue;
        }
        const checkerCpu = [...sampler.procs.values()].filter((p) => p.step === name).reduce((n, p) => n + p.cpuMs, 0);
        console.log(
          `  ${name.padEnd(15)} ${step.status.padEnd(8)} start ${s1(Date.parse(step.startedAt) - t0).padStart(5)} s  end ${s1(Date.parse(step.completedAt) - t0).padStart(5)} s  duration ${s1(step.durationMs ?? 0).padStart(5)} s  checker CPU ${s1(checkerCpu).padStart(5)} s${emitCpu?.emits[name] !== undefined ? `  emit CPU (alone) ${s1(emitCpu.emits[name]!).padStart(4)} s` : ''}${ended[0]?.name === name ? '  <- critical path' : ''}`,
        );
      }
      const wire = run.steps.find((s) => s.name === 'wire_tests')?.counts;
      if (wire?.mockStartMs !== undefined) {
        // Each suite's start and end, from the step's start: which one the step waited for last.
        const suites = ['python', 'typescript', 'cli', 'mcp', 'go']
          .filter((sdk) => wire[`${sdk}StartMs`] !== undefined)
          .map((sdk) => {
            const start = wire[`${sdk}StartMs`]!;
            const bytecode = wire[`${sdk}BytecodeFiles`];
            return `${sdk} ${s1(start)}-${s1(start + (wire[`${sdk}Ms`] ?? 0))} s${bytecode !== undefined ? ` (${bytecode} .pyc given)` : ''}`;
          });
        console.log(
          `  wire suites (from wire_tests' start): mock took ${s1(wire.mockStartMs)} s to listen; ${suites.join(', ')}`,
        );
      }
      const byKind = new Map<string, { cpuMs: number; count: number; maxRssMb: number }>();
      for (const p of sampler.procs.values()) {
        const k = byKind.get(p.kind) ?? { cpuMs: 0, count: 0, maxRssMb: 0 };
        k.cpuMs += p.cpuMs;
        k.count += 1;
        k.maxRssMb = Math.max(k.maxRssMb, p.maxRssMb);
        byKind.set(p.kind, k);
      }
      const total = [...byKind.values()].reduce((n, k) => n + k.cpuMs, 0);
      console.log(
        `CPU by process within the report (sampled every ${SAMPLE_MS} ms; the worker's and the spare run process's loading before it left out): total ${s1(total)} s over ${s1(last.ms)} s wall`,
      );
      const machine = {
        idle: sampler.machineEnd.idleMs - sampler.machineStart.idleMs,
        total: sampler.machineEnd.totalMs - sampler.machineStart.totalMs,
      };
      console.log(
        `  the machine over the same window: ${s1(machine.total - machine.idle)} of ${s1(machine.total)} core-seconds busy, ${s1(machine.idle)} idle; of it this bench's own process (the API answering the polls, the /proc sampler) ${s1(sampler.benchMs)} s`,
      );
      const idle = sampler.idleByWindow(sampler.startedAt, 2000);
      console.log(
        `  idle core-seconds per 2 s of the report (2.0 = both cores idle): ${idle.map((v) => v.toFixed(1)).join(' ')}`,
      );
      sampler.cpuByWindow(sampler.startedAt, 2000).forEach((kinds, i) => {
        const shown = kinds
          .filter(([, cpu]) => cpu >= 0.2)
          .map(([kind, cpu]) => `${kind.split(' ')[0]} ${cpu.toFixed(1)}`);
        console.log(
          `    ${String(i * 2).padStart(3)}-${String(i * 2 + 2).padEnd(3)} s  idle ${(idle[i] ?? 0).toFixed(1)}  ${shown.join(', ')}`,
        );
      });
      for (const [kind, k] of [...byKind].sort((a, b) => b[1].cpuMs - a[1].cpuMs)) {
        console.log(
          `  ${kind.padEnd(36)} ${s1(k.cpuMs).padStart(6)} s CPU  ${String(k.count).padStart(3)} process(es)  peak ${k.maxRssMb} MB`,
        );
      }
      console.log(`peak RSS of the worker's whole process tree: ${sampler.peakTreeMb} MB`);
      if (emitCpu) console.log(`analysis alone (parse, validate, model): ${s1(emitCpu.analyzeMs)} s CPU`);

      // The same description again, unchanged, on the same worker: its caches are warm.
      if (process.env.PROFILE_RERUN === '0') continue;
      const again = await ours(text, `${project} ${ROUNDS}`);
      console.log(
        `re-run of the unchanged description on the same worker and project: ${s1(again.ms)} s (${again.run.status}/${again.run.verdict}); load ${load()}`,
      );
    }
  } finally {
    if (worker) await stopWorker(worker);
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
