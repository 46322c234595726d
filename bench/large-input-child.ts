/**
 * One description through the analysis and the emitters (no compilers) in this process, printing
 * one JSON line: parse/model/checks/emit wall times and peak RSS. With `unlimited`, the model
 * limits are lifted so the emitters see the whole size (what the limits protect the compilers from).
 *   node bench/large-input-child.ts <description> [unlimited]
 * Used by bench/large-inputs.ts.
 */
import { readFileSync } from 'node:fs';
import { emitCli } from '../workers/generators/cli/index.ts';
import { emitDocsSite } from '../workers/generators/docs/index.ts';
import { startAnalysis } from '../workers/generators/analyze.ts';
import { emitPythonSdk } from '../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../workers/generators/typescript/index.ts';

const [file, mode] = process.argv.slice(2);
if (!file) throw new Error('usage: large-input-child.ts <description> [unlimited]');
const text = readFileSync(file, 'utf8');
const big = Number.MAX_SAFE_INTEGER;
const limits = {
  maxBytes: 64 * 1024 * 1024,
  ...(mode === 'unlimited'
    ? {
        maxEnumMembers: big,
        maxUnionArms: big,
        maxAllOfArms: big,
        maxObjectProperties: big,
        maxSchemas: big,
        maxSchemaNodes: big,
      }
    : {}),
};
const started = performance.now();
const stages = startAnalysis({ openapiText: text, mode: 'flagship', limits });
const { model } = await stages.model;
const modelMs = performance.now() - started;
const result = await stages.result;
const analysisMs = performance.now() - started;
const emit: Record<string, number> = {};
for (const [name, generate] of [
  ['typescript', emitTypeScriptSdk],
  ['python', emitPythonSdk],
  ['cli', emitCli],
  ['docs', emitDocsSite],
] as const) {
  const t = performance.now();
  if (model) generate(model);
  emit[name] = Math.round(performance.now() - t);
}
console.log(
  JSON.stringify({
    modelMs: Math.round(modelMs),
    analysisMs: Math.round(analysisMs),
    timings: result.timings,
    emitMs: emit,
    emitTotalMs: Object.values(emit).reduce((a, b) => a + b, 0),
    limits: [...new Set(result.diagnostics.filter((d) => d.ruleId.startsWith('limits/')).map((d) => d.ruleId))],
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
