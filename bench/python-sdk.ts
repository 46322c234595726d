/**
 * The Python SDK on the largest corpus descriptions and a synthetic Stripe-sized one
 * (bench/synthetic-stripe-like.ts): analysis and generation time (emitPythonSdk alone, fresh
 * process), `mypy --strict` and strict `pyright` wall time on the written package, the python_sdk
 * step and the whole report (bench/pipeline-child.ts: every step, in one process), beside
 * hey-api's TypeScript SDK generation alone on the same description in the same run.
 *   node bench/python-sdk.ts            (parent: prints a table; BENCH_ONLY=<text in the label>, BENCH_CHECK_LIMIT_S, BENCH_STRIPE_RESOURCES)
 *   node bench/python-sdk.ts <file>     (child: prints one JSON line; leaves the package in `dir`)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { findExecutable, writeTreeNow } from '../workers/pipeline/check-with-tool.ts';
import { settleDisk, timeNodePeer } from './peer.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';
import { analyzeSpec } from '../workers/generators/analyze.ts';
import { emitPythonSdk } from '../workers/generators/python/index.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus');
/** Each checker is stopped after this long (the step's own limit is 180 s). */
const CHECK_LIMIT_S = Number(process.env.BENCH_CHECK_LIMIT_S ?? 200);
const FILES = ['real-world/openai/openapi.yaml', 'real-world/plaid/2020-09-14.yml', 'real-world/asana/asana_oas.yaml'];

const file = process.argv[2];
if (file !== undefined) {
  const text = readFileSync(file, 'utf8');
  const t0 = performance.now();
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  const t1 = performance.now();
  if (!result.model) throw new Error(`no model for ${file}`);
  const files = emitPythonSdk(result.model);
  const t2 = performance.now();
  // A second run, warm (the JIT and caches are hot): the steady-state cost in a long-lived worker.
  emitPythonSdk(result.model);
  const t3 = performance.now();
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
  const dir = writeTreeNow(files, 'bench-py-sdk-');
  console.log(
    JSON.stringify({
      dir,
      mb: +(text.length / 1e6).toFixed(1),
      analyzeMs: Math.round(t1 - t0),
      emitMs: Math.round(t2 - t1),
      emitWarmMs: Math.round(t3 - t2),
      files: files.length,
      outMb: +(bytes / 1e6).toFixed(1),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      operations: result.model.operations.length,
      schemas: Object.keys(result.model.schemas).length,
    }),
  );
} else {
  if (!existsSync(CORPUS)) console.warn(`corpus not found at ${CORPUS}; only the synthetic description is measured`);
  const synthetic = join(mkdtempSync(join(tmpdir(), 'bench-py-')), 'stripe-like.yaml');
  writeFileSync(synthetic, stripeLikeDescription(Number(process.env.BENCH_STRIPE_RESOURCES ?? 330)));
  const targets = [
    ...FILES.map((rel) => ({ label: rel, full: path.join(CORPUS, rel) })).filter((t) => existsSync(t.full)),
    { label: 'synthetic Stripe-like (bench/synthetic-stripe-like.ts)', full: synthetic },
  ];
  const heyApi = path.resolve(import.meta.dirname, '../node_modules/@hey-api/openapi-ts/bin/run.js');
  const mypy = findExecutable('mypy');
  const pyright = createRequire(import.meta.url).resolve('pyright/index.js');
  const cache = join(tmpdir(), 'bench-python-mypy-cache');
  console.log(
    `Python SDK: generation (fresh process per description), then mypy --strict and pyright strict on the package (limit ${CHECK_LIMIT_S} s each), the whole report (pipeline-child: every step in one process) beside hey-api's TypeScript SDK alone, same run`,
  );
  console.log(
    [
      'description',
      'MB',
      'ops',
      'schemas',
      'analyze ms',
      'emit ms',
      'files',
      'out MB',
      'mypy s',
      'pyright s',
      'python_sdk step s',
      'report s',
      'hey-api s',
      'report/hey',
    ].join('\t'),
  );
  for (const { label, full } of targets.filter((t) => t.label.includes(process.env.BENCH_ONLY ?? ''))) {
    const line = execFileSync(process.execPath, [import.meta.filename, full], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .trim()
      .split('\n')
      .pop() as string;
    const r = JSON.parse(line) as Record<string, number> & { dir: string };
    const timed = (argv: string[], cwd: string): string => {
      const t = performance.now();
      const run = spawnSync(argv[0] as string, argv.slice(1), {
        cwd,
        encoding: 'utf8',
        timeout: CHECK_LIMIT_S * 1000,
        maxBuffer: 256 * 1024 * 1024,
      });
      const s = ((performance.now() - t) / 1000).toFixed(1);
      if (run.error || run.signal) return `>${CHECK_LIMIT_S} (stopped)`;
      const errors = (run.stdout.match(/error:/g) ?? []).length;
      return run.status === 0 ? s : `${s} (${errors} errors)`;
    };
    const mypyS = mypy
      ? timed([mypy, '--strict', '--python-version', '3.10', '--cache-dir', cache, '--no-error-summary', 'src'], r.dir)
      : 'n/a';
    writeFileSync(
      join(r.dir, 'pyrightconfig.json'),
      JSON.stringify({ include: ['src'], typeCheckingMode: 'strict', pythonVersion: '3.10' }),
    );
    const pyrightS = timed([process.execPath, '--stack-size=7000', pyright, '-p', 'pyrightconfig.json'], r.dir);
    rmSync(r.dir, { recursive: true, force: true });
    settleDisk();
    const report = JSON.parse(
      execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'pipeline-child.ts'), full], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
        .trim()
        .split('\n')
        .pop() as string,
    ) as { totalMs: number; steps: { name: string; ms: number; status: string }[] };
    const step = report.steps.find((s) => s.name === 'python_sdk');
    const hey = timeNodePeer(heyApi, (out) => ['-i', full, '-o', out, '-s']);
    console.log(
      [
        label,
        r.mb,
        r.operations,
        r.schemas,
        r.analyzeMs,
        r.emitMs,
        r.files,
        r.outMb,
        mypyS,
        pyrightS,
        step ? `${(step.ms / 1000).toFixed(1)} ${step.status}` : 'n/a',
        (report.totalMs / 1000).toFixed(1),
        hey ? (hey.ms / 1000).toFixed(1) : 'n/a',
        hey ? (report.totalMs / hey.ms).toFixed(2) : 'n/a',
      ].join('\t'),
    );
  }
}
