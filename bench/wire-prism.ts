// Prism under the wire tests' load on the Stripe-sized description: the suites the wire_tests step
// runs (TypeScript, CLI, MCP server, Python; built as the step builds them) run one after another
// against one Prism, and the Prism process's own CPU (user + system, from /proc) is printed per
// suite with the number of requests it answered, so a change to how Prism is run (its log level,
// Node's flags) or to what the suites send can be measured without the whole report.
// `npm run bench:wire-prism` — options in the environment:
//   WIRE_PRISM_VARIANTS  semicolon-separated variants, each `name=node flags` (Prism as
//                        mock-server.ts runs it) or `name=node flags|prism flags` (`prism mock`
//                        with those flags); default: mock-server.ts's, then `prism mock -v info`
//   WIRE_PRISM_SUITES    comma-separated suites (default typescript,cli,mcp,python)
//   WIRE_PRISM_RESOURCES Stripe-like resources (default 330)
//   WIRE_PRISM_PROFILE   a folder: Prism runs with `--cpu-prof` and writes its profile there
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeInputs } from '../workers/pipeline/analysis.ts';
import { mockDescription } from '../workers/pipeline/mock-description.ts';
import { startMockServer } from '../workers/pipeline/mock-server.ts';
import { wireSuites } from '../workers/pipeline/wire-suites.ts';
import { operationVerdicts, runSuite, type WireSdk, type WireSuite } from '../workers/pipeline/wire-run.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';

const resources = Number(process.env.WIRE_PRISM_RESOURCES ?? 330);
const wanted = (process.env.WIRE_PRISM_SUITES ?? 'typescript,cli,mcp,python').split(',') as WireSdk[];
const variants = (process.env.WIRE_PRISM_VARIANTS ?? 'mock-server=;prism-mock=|-v info')
  .split(';')
  .filter(Boolean)
  .map((spec) => {
    const at = spec.indexOf('=');
    const name = at < 0 ? spec : spec.slice(0, at);
    const flags = at < 0 ? '' : spec.slice(at + 1);
    const [node = '', prism] = flags.split('|');
    return {
      name,
      node: node.split(' ').filter(Boolean),
      cli: prism !== undefined,
      prism: (prism ?? '').split(' ').filter(Boolean),
    };
  });
const profileDir = process.env.WIRE_PRISM_PROFILE;

const TICKS = 100; // USER_HZ on Linux
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** CPU of this process's reaped children (the suites' processes and what they started). */
async function childrenCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

const text = stripeLikeDescription(resources);
const inputs = { openapiText: text, configText: null, oldSdkText: null, docsSourceText: null };
const signal = new AbortController().signal;
const { model } = await analyzeInputs(inputs, 'flagship', signal, { maxBytes: 64 * 1024 * 1024 }).model;
if (!model) throw new Error('no model');
const described = mockDescription(text);
if (!described || described.tooLarge) throw new Error('the mock cannot be given this description');
const dir = await mkdtemp(join(tmpdir(), 'bench-wire-prism-'));
const file = join(dir, 'openapi.json');
await writeFile(file, described.json);
const t0 = performance.now();
const skip = new Set((['typescript', 'cli', 'mcp', 'python', 'go'] as const).filter((s) => !wanted.includes(s)));
const suites: WireSuite[] = [];
for (const entry of await Promise.all(wireSuites(model, signal, skip))) {
  if ('suite' in entry) suites.push(entry.suite);
  else console.log(`${entry.sdk}: not run: ${entry.reason}`);
}
console.log(
  `Stripe-like, ${resources} resources: ${model.operations.length} operations; suites built in ${((performance.now() - t0) / 1000).toFixed(1)} s; load ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`,
);

try {
  for (const variant of variants) {
    const mock = await startMockServer(file, undefined, 120_000, {
      nodeFlags: [...variant.node, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
      ...(variant.cli ? { prismCli: variant.prism } : {}),
      exitOnTerm: profileDir !== undefined,
    });
    try {
      const startCpu = await cpuSeconds(mock.pid);
      let total = startCpu;
      let clients = 0;
      const rows: string[] = [];
      for (const suite of suites) {
        const before = await cpuSeconds(mock.pid);
        const clientBefore = await childrenCpuSeconds();
        const ran = await runSuite(suite, mock.url, signal);
        const after = await cpuSeconds(mock.pid);
        const client = (await childrenCpuSeconds()) - clientBefore;
        clients += client;
        total = after;
        const verdicts = operationVerdicts(ran.outcomes);
        const passed = verdicts.filter((v) => v.status === 'passed').length;
        rows.push(
          `  ${suite.sdk.padEnd(10)} ${(ran.durationMs / 1000).toFixed(1).padStart(5)} s wall, Prism ${(after - before).toFixed(2).padStart(5)} CPU-s, the suite's processes ${client.toFixed(2).padStart(5)} CPU-s; ${ran.outcomes.length} tests, ${passed}/${verdicts.length} operations passed`,
        );
      }
      console.log(
        `${variant.name} (node ${variant.node.join(' ') || '-'}; ${variant.cli ? `prism mock ${variant.prism.join(' ')}` : 'mock-server.ts'}): listening after ${mock.startMs} ms, ${startCpu.toFixed(2)} CPU-s; all suites ${(total - startCpu).toFixed(2)} CPU-s (their own processes ${clients.toFixed(2)} CPU-s)`,
      );
      for (const row of rows) console.log(row);
    } finally {
      await mock.stop();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
