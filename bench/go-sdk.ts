/**
 * The go_sdk step on the synthetic Stripe-sized description (bench/synthetic-stripe-like.ts),
 * beside the typescript_sdk step on the same model in the same run: each step as the worker runs
 * it (emit, write, then its checkers: gofmt, go vet, go build, staticcheck and go test for Go; tsc
 * for TypeScript), one after the other so neither takes the other's core. Also the Go emitter alone
 * and the module's size. The Go caches are the worker's (warm after the first run on a machine).
 *   node bench/go-sdk.ts        (BENCH_STRIPE_RESOURCES=330 resources by default)
 */
import { analyzeSpec } from '../workers/generators/analyze.ts';
import { emitGoSdk } from '../workers/generators/go/index.ts';
import { NO_CARRY_SOURCES } from '../workers/pipeline/custom-code/carry-sources.ts';
import type { StepContext, StepDefinition } from '../workers/pipeline/step.ts';
import { goSdkStep } from '../workers/pipeline/steps/go-sdk.ts';
import { typescriptSdkStep } from '../workers/pipeline/steps/typescript-sdk.ts';
import { stripeLikeDescription } from './synthetic-stripe-like.ts';

const text = stripeLikeDescription(Number(process.env.BENCH_STRIPE_RESOURCES ?? 330));
const t0 = performance.now();
const analysis = await analyzeSpec({ openapiText: text, mode: 'flagship' });
const model = analysis.model;
if (model === undefined) throw new Error('the synthetic description has no model');
const t1 = performance.now();
const files = emitGoSdk(model);
const t2 = performance.now();
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);

/** Only what the two steps read from their context. */
const context = {
  runId: 'bench',
  mode: 'flagship',
  signal: new AbortController().signal,
  inputs: { openapiText: text, configText: null, oldSdkText: null, docsSourceText: null },
  carry: NO_CARRY_SOURCES,
  model: async () => ({ model }),
} as unknown as StepContext;

async function time(step: StepDefinition): Promise<{ ms: number; status: string; summary: string }> {
  const started = performance.now();
  const outcome = await step.run(context);
  return { ms: Math.round(performance.now() - started), status: outcome.status, summary: outcome.summary };
}

const go = await time(goSdkStep);
console.log(`go_sdk: ${(go.ms / 1000).toFixed(1)} s, ${go.status}`);
const ts = await time(typescriptSdkStep);
console.log(
  `Synthetic Stripe-like description: ${(text.length / 1e6).toFixed(1)} MB, ${model.operations.length} operations, ${Object.keys(model.schemas).length} schemas; analysis ${Math.round(t1 - t0)} ms`,
);
console.log(`Go emitter alone: ${Math.round(t2 - t1)} ms, ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB`);
console.log('| step | wall time | status | summary |');
console.log('| --- | --- | --- | --- |');
for (const [name, r] of [
  ['go_sdk', go],
  ['typescript_sdk', ts],
] as const)
  console.log(`| ${name} | ${(r.ms / 1000).toFixed(1)} s | ${r.status} | ${r.summary.slice(0, 400)} |`);
