/**
 * Runs the whole pipeline in this process on one description file, step by step as the worker
 * does (the same step definitions, each artifact packed as it would be stored), without the
 * database: prints one JSON line with each step's wall time, status and the peak RSS so far.
 *   node bench/pipeline-child.ts <description> [previous-description]
 * Used by bench/scaling.ts.
 */
import { readFileSync } from 'node:fs';
import { createLogger } from '../shared/logger.ts';
import { analyzeInputs } from '../workers/pipeline/analysis.ts';
import { NO_CARRY_SOURCES } from '../workers/pipeline/custom-code/carry-sources.ts';
import { packArtifact } from '../workers/pipeline/pack-artifact.ts';
import type { StepContext } from '../workers/pipeline/step.ts';
import { STEPS } from '../workers/pipeline/step-list.ts';

const [file, previous] = process.argv.slice(2);
if (!file) throw new Error('usage: pipeline-child.ts <description> [previous-description]');
const inputs = { openapiText: readFileSync(file, 'utf8'), configText: null, oldSdkText: null, docsSourceText: null };
const signal = new AbortController().signal;
let stages: ReturnType<typeof analyzeInputs> | undefined;
const analyze = (): NonNullable<typeof stages> =>
  (stages ??= analyzeInputs(inputs, 'flagship', signal, { maxBytes: 25 * 1024 * 1024 }));
const context: StepContext = {
  runId: 'bench',
  mode: 'flagship',
  inputs,
  signal,
  logger: createLogger('silent'),
  analysis: () => analyze().analysis,
  model: () => analyze().model,
  previousDescription: async () => (previous ? readFileSync(previous, 'utf8') : undefined),
  carry: NO_CARRY_SOURCES,
};
const steps: { name: string; ms: number; status: string; maxRssMb: number; artifactKb: number }[] = [];
const started = performance.now();
for (const step of STEPS) {
  const t = performance.now();
  const outcome = await step.run(context);
  let bytes = 0;
  for (const draft of outcome.artifacts ?? []) bytes += (await packArtifact(draft)).sizeBytes;
  steps.push({
    name: step.name,
    ms: Math.round(performance.now() - t),
    status: outcome.status,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    artifactKb: Math.round(bytes / 1024),
    // A step that failed says why, so a bench run names it.
    ...(outcome.status === 'failed' ? { summary: outcome.summary } : {}),
  });
}
console.log(JSON.stringify({ totalMs: Math.round(performance.now() - started), steps }));
