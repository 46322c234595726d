/**
 * The mcp_server step beside the cli step, on the largest corpus descriptions (by bytes), in the
 * same process and run: the API model is built once per description (both steps wait for the same
 * one), then each step's work as the worker does it, alternating which goes first: emit (the
 * generator, a pure function) and the compile gate (`tsc --strict` with TypeScript 7, which also
 * builds `dist/`). Best of RUNS; the tool count and the package size are printed too.
 * Run: `npm run bench:mcp` (needs ../shared/corpus); BENCH_RUNS=5; BENCH_FILES=3 descriptions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeSpec } from '../workers/generators/analyze.ts';
import { emitCli } from '../workers/generators/cli/index.ts';
import { emitMcpServer, planTools } from '../workers/generators/mcp/index.ts';
import { planSdk, resolveOptions } from '../workers/generators/typescript/naming.ts';
import { compiledPackageOutcome, MCP_SDK_RESOLUTION } from '../workers/pipeline/tsc-check.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COUNT = Number(process.env.BENCH_FILES ?? 3);

if (!existsSync(join(CORPUS, 'manifest.json'))) {
  console.log(`corpus not found at ${CORPUS}: nothing to measure`);
  process.exit(0);
}

interface Entry {
  file: string;
  bytes: number;
  openapi: string;
}
const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as Entry[];
const largest = manifest
  .filter((e) => /^openapi 3/.test(e.openapi))
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, COUNT);

interface Timing {
  emitMs: number;
  checkMs: number;
  status: string;
  bytes: number;
}

async function step(kind: 'cli' | 'mcp', model: Parameters<typeof emitCli>[0]): Promise<Timing> {
  const signal = new AbortController().signal;
  const started = performance.now();
  const files = kind === 'cli' ? emitCli(model) : emitMcpServer(model);
  const emitMs = performance.now() - started;
  const outcome =
    kind === 'cli'
      ? await compiledPackageOutcome('cli', 'cli', files, signal)
      : await compiledPackageOutcome('mcp_server', 'mcp-server', files, signal, [MCP_SDK_RESOLUTION]);
  const checkMs = performance.now() - started - emitMs;
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
  return { emitMs, checkMs, status: outcome.status, bytes };
}

const best = (samples: Timing[]): Timing =>
  samples.reduce((a, b) => (a.emitMs + a.checkMs <= b.emitMs + b.checkMs ? a : b));
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

console.log(
  `mcp_server step beside the cli step, best of ${RUNS} (same process, order alternating); Node ${process.version}`,
);
console.log(
  'file'.padEnd(36),
  'MB'.padStart(4),
  'tools'.padStart(6),
  'mcp emit'.padStart(9),
  'mcp tsc'.padStart(8),
  'mcp ms'.padStart(7),
  'cli emit'.padStart(9),
  'cli tsc'.padStart(8),
  'cli ms'.padStart(7),
  'mcp/cli'.padStart(8),
  'mcp src KB'.padStart(11),
  'cli src KB'.padStart(11),
);
for (const entry of largest) {
  const analysis = await analyzeSpec({ openapiText: readFileSync(join(CORPUS, entry.file), 'utf8'), mode: 'flagship' });
  const model = analysis.model;
  if (!model) {
    console.log(entry.file.padEnd(36), 'no model');
    continue;
  }
  const tools = planTools(model, planSdk(model, resolveOptions(model))).length;
  const mcp: Timing[] = [];
  const cli: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 0) {
      mcp.push(await step('mcp', model));
      cli.push(await step('cli', model));
    } else {
      cli.push(await step('cli', model));
      mcp.push(await step('mcp', model));
    }
  }
  const m = best(mcp);
  const c = best(cli);
  if (m.status !== 'passed' || c.status !== 'passed') console.log(`  (statuses: mcp ${m.status}, cli ${c.status})`);
  console.log(
    entry.file.padEnd(36),
    (entry.bytes / 1e6).toFixed(1).padStart(4),
    String(tools).padStart(6),
    fmt(m.emitMs).padStart(9),
    fmt(m.checkMs).padStart(8),
    fmt(m.emitMs + m.checkMs).padStart(7),
    fmt(c.emitMs).padStart(9),
    fmt(c.checkMs).padStart(8),
    fmt(c.emitMs + c.checkMs).padStart(7),
    ((m.emitMs + m.checkMs) / (c.emitMs + c.checkMs)).toFixed(2).padStart(8),
    fmt(m.bytes / 1024).padStart(11),
    fmt(c.bytes / 1024).padStart(11),
  );
}
