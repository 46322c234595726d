/**
 * One measurement in a fresh process (so peak memory is its own): prints
 * `{"ms": <wall ms>, "maxRssMb": <peak RSS>}`. Used by bench/parse-validate.ts.
 *   node bench/measure-child.ts floor|analyze <file>
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { analyzeSpec } from '../workers/generators/model/analyze.ts';

const [mode, file] = process.argv.slice(2);
if (!mode || !file) throw new Error('usage: measure-child.ts floor|analyze <file>');
const text = readFileSync(file, 'utf8');
const started = performance.now();
let detail = '';
if (mode === 'floor') {
  const value: unknown = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1, uniqueKeys: false });
  detail = typeof value;
} else {
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  detail = `${result.counts.operations} operations, ${result.counts.schemas} schemas, ${result.counts.errors} errors, ${result.counts.warnings} warnings`;
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), detail }));
