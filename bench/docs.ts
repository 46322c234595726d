/**
 * Docs generation (description in, site on disk) on the largest corpus descriptions, beside
 * `@redocly/cli build-docs` (one HTML page, no search index or SDK samples) on the same files in
 * the same run. Fresh process per sample; best of RUNS wall times; peak RSS.
 * Run: `node bench/docs.ts` (needs ../shared/corpus). BENCH_RUNS=n to change the repeat count.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILES = ['real-world/openai/openapi.yaml', 'real-world/plaid/2020-09-14.yml', 'real-world/asana/asana_oas.yaml', 'real-world/twilio/twilio_api_v2010.yaml'];
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface Sample {
  ms: number;
  maxRssMb: number;
  detail?: string;
}

/** Child mode: one whole job (analyze, emit, write) in this fresh process. */
async function child(file: string): Promise<void> {
  const { analyzeSpec } = await import('../workers/generators/model/analyze.ts');
  const { emitDocsSite } = await import('../workers/generators/docs/index.ts');
  const started = performance.now();
  const result = await analyzeSpec({ openapiText: readFileSync(file, 'utf8'), mode: 'flagship' });
  if (!result.model) throw new Error(`no model for ${file}`);
  const analyzed = performance.now();
  const files = emitDocsSite(result.model);
  const emitted = performance.now();
  const out = mkdtempSync(join(tmpdir(), 'bench-docs-'));
  let bytes = 0;
  for (const f of files) {
    mkdirSync(dirname(join(out, f.path)), { recursive: true });
    writeFileSync(join(out, f.path), f.content);
    bytes += Buffer.byteLength(f.content);
  }
  const ms = performance.now() - started;
  rmSync(out, { recursive: true, force: true });
  const detail = `analyze ${Math.round(analyzed - started)} ms + emit ${Math.round(emitted - analyzed)} ms + write; ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`;
  console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), detail }));
}

function ours(file: string): Sample {
  const out = execFileSync(process.execPath, [import.meta.filename, '--child', file], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.trim().split('\n').pop() as string) as Sample;
}

function redocly(file: string): Sample | undefined {
  if (!existsSync(REDOCLY) || !existsSync('/usr/bin/time')) return undefined;
  const out = mkdtempSync(join(tmpdir(), 'bench-redocly-'));
  try {
    const target = join(out, 'index.html');
    const run = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, REDOCLY, 'build-docs', file, '-o', target], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const last = run.stderr.trim().split('\n').pop() ?? '';
    const [seconds, kb] = last.split(' ').map(Number);
    if (run.status !== 0 || !seconds || !kb || !existsSync(target)) return { ms: NaN, maxRssMb: NaN, detail: `failed: ${run.stderr.trim().split('\n').slice(-3).join(' | ')}` };
    return { ms: Math.round(seconds * 1000), maxRssMb: Math.round(kb / 1024), detail: `1 file, ${(statSync(target).size / 1e6).toFixed(1)} MB` };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function best(run: () => Sample | undefined): Sample | undefined {
  let winner: Sample | undefined;
  for (let i = 0; i < RUNS; i++) {
    const sample = run();
    if (sample === undefined) return undefined;
    if (winner === undefined || !(winner.ms <= sample.ms)) winner = sample;
  }
  return winner;
}

if (process.argv[2] === '--child') await child(process.argv[3] as string);
else {
  console.log(`docs generation, best of ${RUNS} (fresh process each; wall ms, peak RSS MB)`);
  for (const rel of FILES) {
    const file = join(CORPUS, rel);
    if (!existsSync(file)) {
      console.log(`${rel}: missing (needs ../shared/corpus)`);
      continue;
    }
    const size = (statSync(file).size / 1e6).toFixed(1);
    const a = best(() => ours(file));
    const b = best(() => redocly(file));
    console.log(`\n${rel} (${size} MB)`);
    console.log(`  ours (site + search + samples): ${a?.ms} ms, ${a?.maxRssMb} MB  [${a?.detail}]`);
    console.log(`  redocly build-docs:             ${b ? `${b.ms} ms, ${b.maxRssMb} MB  [${b.detail}]` : 'not available'}`);
    if (a && b && Number.isFinite(b.ms)) console.log(`  ratio ours/redocly: ${(a.ms / b.ms).toFixed(2)}`);
  }
}
