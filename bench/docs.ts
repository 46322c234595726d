/**
 * Docs generation (description in, site on disk) on the largest corpus descriptions, beside
 * `@redocly/cli build-docs` (one HTML page, no search index or SDK samples) on the same files in
 * the same run. Every sample is a fresh process, ours and redocly's alternating so that load on the
 * machine falls on both; best of RUNS. Reported for ours:
 * - process: spawn to exit, as for redocly (node start, module loading, the job, exit);
 * - job: model (parse, index, model: what the docs step waits for; the description's checks are not
 *   run, as redocly does not lint) + emit + write; "docs" is emit + write, everything after the API
 *   model is built (the model is shared by every step).
 * Run: `npm run bench:docs` (needs ../shared/corpus). BENCH_RUNS=n to change the repeat count; BENCH_ONLY=plaid for the descriptions whose path has that text.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { settleDisk } from './peer.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILES = [
  'real-world/openai/openapi.yaml',
  'real-world/plaid/2020-09-14.yml',
  'real-world/asana/asana_oas.yaml',
  'real-world/twilio/twilio_api_v2010.yaml',
];
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface Job {
  analyzeMs: number;
  emitMs: number;
  writeMs: number;
  files: number;
  bytes: number;
}

interface Sample {
  /** Spawn to exit, measured by the parent. */
  ms: number;
  maxRssMb: number;
  job?: Job;
  failed?: string;
}

/** Child mode: one whole job (model, emit, write) in this fresh process. */
async function child(file: string, out: string): Promise<void> {
  // Started through bench/launch.mjs, as the service's processes start (bin/start.mjs) and as
  // redocly's entry does (bin/cli.js): V8's on-disk code cache (and Node's type-stripped sources)
  // for the modules imported below.
  const { startAnalysis } = await import('../workers/generators/analyze.ts');
  const { emitDocsSite } = await import('../workers/generators/docs/index.ts');
  const started = performance.now();
  // What the docs step waits for: the API model. The description's checks (official schema,
  // rules) only feed validate's report and run beside the generating steps; redocly's build-docs
  // does not lint either. They are stopped here once the model is built.
  const stop = new AbortController();
  const stages = startAnalysis({ openapiText: readFileSync(file, 'utf8'), mode: 'flagship', signal: stop.signal });
  const result = await stages.model;
  stop.abort();
  if (!result.model) throw new Error(`no model for ${file}`);
  const analyzed = performance.now();
  const files = emitDocsSite(result.model);
  const emitted = performance.now();
  let bytes = 0;
  const dirs = new Set<string>();
  for (const f of files) {
    const target = join(out, f.path);
    const dir = dirname(target);
    if (!dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      dirs.add(dir);
    }
    writeFileSync(target, f.content);
    bytes += Buffer.byteLength(f.content);
  }
  const written = performance.now();
  const job: Job = {
    analyzeMs: Math.round(analyzed - started),
    emitMs: Math.round(emitted - analyzed),
    writeMs: Math.round(written - emitted),
    files: files.length,
    bytes,
  };
  console.log(JSON.stringify(job));
  // As redocly does: exit once the job is done instead of tearing the heap down or finishing the
  // collector's pending work (0.05-0.2 s at ~250 MB here), which a process about to end has no use for.
  process.exit(0);
}

/** Runs `argv` under /usr/bin/time (peak RSS); wall time from spawn to exit is measured here. */
function timed(argv: string[], check: (stdout: string) => Job | undefined): Sample {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', ...argv], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const ms = Math.round(performance.now() - started);
  const kb = Number(run.stderr.trim().split('\n').pop());
  if (run.status !== 0 || !kb)
    return { ms: NaN, maxRssMb: NaN, failed: run.stderr.trim().split('\n').slice(-3).join(' | ') };
  const job = check(run.stdout);
  return { ms, maxRssMb: Math.round(kb / 1024), ...(job ? { job } : {}) };
}

function ours(file: string): Sample {
  const out = mkdtempSync(join(tmpdir(), 'bench-docs-'));
  settleDisk();
  try {
    return timed(
      [process.execPath, join(ROOT, 'bench', 'launch.mjs'), import.meta.filename, '--child', file, out],
      (stdout) => JSON.parse(stdout.trim().split('\n').pop() as string) as Job,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function redocly(file: string): Sample & { bytes?: number } {
  const out = mkdtempSync(join(tmpdir(), 'bench-redocly-'));
  settleDisk();
  try {
    const target = join(out, 'index.html');
    const sample = timed([process.execPath, REDOCLY, 'build-docs', file, '-o', target], () => undefined);
    return existsSync(target)
      ? { ...sample, bytes: statSync(target).size }
      : { ...sample, failed: sample.failed ?? 'no output' };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const fastest = <T extends Sample>(samples: T[]): T | undefined =>
  samples.filter((s) => Number.isFinite(s.ms)).sort((a, b) => a.ms - b.ms)[0];
const jobMs = (j: Job): number => j.analyzeMs + j.emitMs + j.writeMs;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

if (process.argv[2] === '--child') await child(process.argv[3] as string, process.argv[4] as string);
else {
  const withRedocly = existsSync(REDOCLY) && existsSync('/usr/bin/time');
  console.log(
    `docs generation, best of ${RUNS} fresh processes (ours and redocly alternating); ms; Node ${process.version}`,
  );
  for (const rel of FILES.filter((f) => f.includes(process.env.BENCH_ONLY ?? ''))) {
    const file = join(CORPUS, rel);
    if (!existsSync(file)) {
      console.log(`${rel}: missing (needs ../shared/corpus)`);
      continue;
    }
    const a: Sample[] = [];
    const b: (Sample & { bytes?: number })[] = [];
    for (let i = 0; i < RUNS; i++) {
      a.push(ours(file));
      if (withRedocly) b.push(redocly(file));
    }
    const us = fastest(a);
    const them = fastest(b);
    console.log(`\n${rel} (${(statSync(file).size / 1e6).toFixed(1)} MB)`);
    if (!us?.job) {
      console.log(`  ours failed: ${a.map((s) => s.failed).join(' / ')}`);
      continue;
    }
    // The job's parts are those of the run with the fastest job (process and job may be different runs).
    const best = a.flatMap((s) => (s.job ? [s.job] : [])).sort((x, y) => jobMs(x) - jobMs(y))[0] as Job;
    const docs = best.emitMs + best.writeMs;
    console.log(
      `  ours process ${us.ms}, ${us.maxRssMb} MB peak; job ${jobMs(best)} = model ${best.analyzeMs} + docs ${docs} (emit ${best.emitMs} + write ${best.writeMs}); ${best.files} files, ${mb(best.bytes)}`,
    );
    if (!them)
      console.log(
        `  redocly build-docs: ${withRedocly ? `failed: ${b.map((s) => s.failed).join(' / ')}` : 'not available'}`,
      );
    else {
      console.log(`  redocly process ${them.ms}, ${them.maxRssMb} MB peak; 1 file, ${mb(them.bytes ?? 0)}`);
      console.log(
        `  ours/redocly: process ${(us.ms / them.ms).toFixed(2)}, job ${(jobMs(best) / them.ms).toFixed(2)}, docs part alone ${(docs / them.ms).toFixed(2)}`,
      );
    }
  }
}
