/**
 * One measurement in a fresh process (so peak memory is its own): prints
 * `{"ms": <wall ms>, "maxRssMb": <peak RSS>}`. Used by bench/parse-validate.ts.
 *   node bench/measure-child.ts floor|analyze|typescript-sdk|typescript-artifact <file>
 * typescript-sdk ends with the SDK's files on disk (as a local generator leaves them);
 * typescript-artifact with the SDK packed as the .tar.gz the service stores and users download.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { analyzeSpec } from '../workers/generators/model/analyze.ts';
import { emitTypeScriptSdk } from '../workers/generators/typescript/index.ts';
import { writeTree } from '../workers/pipeline/check-with-tool.ts';
import { packArtifact } from '../workers/pipeline/pack-artifact.ts';

const [mode, file] = process.argv.slice(2);
if (!mode || !file) throw new Error('usage: measure-child.ts floor|analyze|typescript-sdk|typescript-artifact <file>');
const text = readFileSync(file, 'utf8');
const started = performance.now();
let detail = '';
if (mode === 'floor') {
  const value: unknown = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1, uniqueKeys: false });
  detail = typeof value;
} else if (mode === 'analyze') {
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  detail = `${result.counts.operations} operations, ${result.counts.schemas} schemas, ${result.counts.errors} errors, ${result.counts.warnings} warnings`;
} else if (mode === 'typescript-sdk') {
  // The whole job as a user sees it: description in, SDK files on disk.
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  if (!result.model) throw new Error(`no model for ${file}`);
  const files = emitTypeScriptSdk(result.model);
  const dir = await writeTree(files, 'bench-ts-sdk-');
  await rm(dir, { recursive: true, force: true });
  detail = `${files.length} files, ${Math.round(files.reduce((n, f) => n + f.content.length, 0) / 1024)} KB`;
} else if (mode === 'typescript-artifact') {
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  if (!result.model) throw new Error(`no model for ${file}`);
  const files = emitTypeScriptSdk(result.model);
  const packed = await packArtifact({ kind: 'typescript_sdk', name: 'typescript-sdk', files });
  detail = `${files.length} files, ${Math.round(packed.sizeBytes / 1024)} KB .tar.gz`;
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), detail }));
