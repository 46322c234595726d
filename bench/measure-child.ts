/**
 * One measurement in a fresh process (so peak memory is its own): prints
 * `{"ms": <wall ms>, "maxRssMb": <peak RSS>}`. Used by bench/parse-validate.ts and bench/typescript-sdk.ts.
 *   node bench/measure-child.ts floor|analyze|typescript-sdk|typescript-sdk-checked|typescript-artifact <file>
 * - analyze: the whole analysis (parse, model, official-schema check, rules).
 * - typescript-sdk: what the typescript_sdk step waits for, then its output: the API model
 *   (`startAnalysis(...).model`; the description's checks, which only validate's report needs, are
 *   cancelled here) and the SDK's files on disk, as a local generator leaves them. The same work
 *   as hey-api's: neither validates the description.
 * - typescript-sdk-checked: the same after the whole analysis, checks included.
 * - typescript-artifact: the model, then the SDK packed as the .tar.gz the service stores.
 * The clock stops before the written folder is removed (the peers' folders are removed untimed).
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { analyzeSpec, startAnalysis } from '../workers/generators/analyze.ts';
import type { ApiModel } from '../workers/generators/model/types.ts';
import { emitTypeScriptSdk } from '../workers/generators/typescript/index.ts';
import { writeTree } from '../workers/pipeline/check-with-tool.ts';
import { packArtifact } from '../workers/pipeline/pack-artifact.ts';

/** The API model alone: the analysis is stopped once it is built. */
async function modelOnly(text: string): Promise<ApiModel | undefined> {
  const stop = new AbortController();
  const stages = startAnalysis({ openapiText: text, mode: 'flagship', signal: stop.signal });
  const { model } = await stages.model;
  stop.abort();
  return model;
}

const [mode, file] = process.argv.slice(2);
if (!mode || !file)
  throw new Error(
    'usage: measure-child.ts floor|analyze|typescript-sdk|typescript-sdk-checked|typescript-artifact <file>',
  );
const text = readFileSync(file, 'utf8');
const started = performance.now();
let detail = '';
let written: string | undefined;
if (mode === 'floor') {
  const value: unknown = file.endsWith('.json')
    ? JSON.parse(text)
    : parseYaml(text, { maxAliasCount: -1, uniqueKeys: false });
  detail = typeof value;
} else if (mode === 'analyze') {
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  detail = `${result.counts.operations} operations, ${result.counts.schemas} schemas, ${result.counts.errors} errors, ${result.counts.warnings} warnings`;
} else if (mode === 'typescript-sdk' || mode === 'typescript-sdk-checked') {
  const model =
    mode === 'typescript-sdk'
      ? await modelOnly(text)
      : (await analyzeSpec({ openapiText: text, mode: 'flagship' })).model;
  if (!model) throw new Error(`no model for ${file}`);
  const files = emitTypeScriptSdk(model);
  written = await writeTree(files, 'bench-ts-sdk-');
  detail = `${files.length} files, ${Math.round(files.reduce((n, f) => n + f.content.length, 0) / 1024)} KB`;
} else if (mode === 'typescript-artifact') {
  const model = await modelOnly(text);
  if (!model) throw new Error(`no model for ${file}`);
  const files = emitTypeScriptSdk(model);
  const packed = await packArtifact({ kind: 'typescript_sdk', name: 'typescript-sdk', files });
  detail = `${files.length} files, ${Math.round(packed.sizeBytes / 1024)} KB .tar.gz`;
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = performance.now() - started;
if (written) await rm(written, { recursive: true, force: true });
console.log(
  JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), detail }),
);
