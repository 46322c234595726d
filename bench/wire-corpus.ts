// The generated TypeScript and Python tests against a Prism mock, over the shared corpus
// (../shared/corpus, see its MANIFEST.md): per SDK, the share of operations whose tests pass out
// of those the mock can serve, then every other operation with its reason. Each description is
// run through the wire_tests step itself (its own mock, its own SDKs).
// `npm run bench:wire-corpus` (optional: folders or files under the corpus, default the OAI
// examples, the APIs.guru set and the real-world descriptions).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createLogger } from '../shared/logger.ts';
import { analyzeInputs } from '../workers/pipeline/analysis.ts';
import type { StepContext } from '../workers/pipeline/step.ts';
import { NO_CARRY_SOURCES } from '../workers/pipeline/custom-code/carry-sources.ts';
import { wireTestsStep } from '../workers/pipeline/steps/wire-tests.ts';

const CORPUS = join(import.meta.dirname, '..', '..', 'shared', 'corpus');
if (!existsSync(CORPUS)) {
  console.log(`SKIPPED: no corpus at ${CORPUS}`);
  process.exit(0);
}
const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['oai-examples', 'apis-guru', 'real-world'];

/**
 * An OpenAPI description: a top-level `openapi:` line anywhere in a YAML file (twilio's come after
 * thousands of lines of `components`), or an `"openapi": "3…"` member of a JSON one (jira's is on
 * its single line).
 */
const OPENAPI = /^["']?openapi["']?\s*:|"openapi"\s*:\s*"3\./m;

/** The descriptions in a folder (recursively), or the file itself when `path` is one. */
function descriptions(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  const out: string[] = [];
  for (const name of readdirSync(path).sort()) {
    const child = join(path, name);
    if (statSync(child).isDirectory()) out.push(...descriptions(child));
    else if (/\.(ya?ml|json)$/.test(name) && OPENAPI.test(readFileSync(child, 'utf8'))) out.push(child);
  }
  return out;
}

interface Report {
  sdks: { sdk: string; passed: number; failed: number; notServable: number; notRun?: string }[];
  diagnostics: { ruleId: string; message: string; sdk: string }[];
}

const totals = new Map<string, { passed: number; failed: number; notServable: number }>();
const others: string[] = [];
const notRun: string[] = [];
const started = performance.now();
for (const file of folders.flatMap((f) => descriptions(join(CORPUS, f)))) {
  const name = relative(CORPUS, file);
  const openapiText = readFileSync(file, 'utf8');
  const inputs = { openapiText, configText: null, oldSdkText: null, docsSourceText: null };
  const signal = new AbortController().signal;
  const stages = analyzeInputs(inputs, 'flagship', signal, { maxBytes: 64 * 1024 * 1024 });
  const context: StepContext = {
    runId: 'bench',
    mode: 'flagship',
    inputs,
    signal,
    logger: createLogger('silent'),
    analysis: () => stages.analysis,
    model: () => stages.model,
    previousDescription: async () => undefined,
    carry: NO_CARRY_SOURCES,
  };
  const t0 = performance.now();
  const outcome = await wireTestsStep.run(context);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const artifact = outcome.artifacts?.find((a) => a.kind === 'wire_tests');
  if (artifact === undefined || !('json' in artifact)) {
    console.log(`${name}: ${outcome.status}: ${outcome.summary.slice(0, 200)} (${seconds} s)`);
    notRun.push(`${name}: ${outcome.summary.slice(0, 200)}`);
    continue;
  }
  const report = artifact.json as Report;
  console.log(`${name}: ${outcome.status} (${seconds} s): ${outcome.summary.replace(/^.*?\): /, '')}`);
  for (const sdk of report.sdks) {
    if (sdk.notRun !== undefined) {
      notRun.push(`${name} ${sdk.sdk}: ${sdk.notRun.slice(0, 200)}`);
      continue;
    }
    const total = totals.get(sdk.sdk) ?? { passed: 0, failed: 0, notServable: 0 };
    total.passed += sdk.passed;
    total.failed += sdk.failed;
    total.notServable += sdk.notServable;
    totals.set(sdk.sdk, total);
  }
  for (const d of report.diagnostics) others.push(`${name}: [${d.ruleId}] ${d.message.slice(0, 400)}`);
}

console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s over ${folders.join(', ')}`);
for (const [sdk, t] of totals) {
  const servable = t.passed + t.failed;
  console.log(
    `${sdk}: ${t.passed} of ${servable} servable operations pass (${servable === 0 ? '-' : ((t.passed / servable) * 100).toFixed(1)}%); ${t.notServable} not servable (by the mock, or not testable: reasons below)`,
  );
}
if (others.length > 0) console.log(`\nOperations that did not pass, with the reason:\n${others.join('\n')}`);
if (notRun.length > 0) console.log(`\nNot run:\n${notRun.join('\n')}`);
