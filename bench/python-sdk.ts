/**
 * Python SDK generation on the largest corpus descriptions: analysis time, generation time
 * (emitPythonSdk alone), output size and peak memory, each description in a fresh process.
 *   node bench/python-sdk.ts            (parent: runs one child per description, prints a table)
 *   node bench/python-sdk.ts <file>     (child: prints one JSON line)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeSpec } from '../workers/generators/model/analyze.ts';
import { emitPythonSdk } from '../workers/generators/python/index.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus');
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
  console.log(JSON.stringify({
    mb: +(text.length / 1e6).toFixed(1),
    analyzeMs: Math.round(t1 - t0),
    emitMs: Math.round(t2 - t1),
    emitWarmMs: Math.round(t3 - t2),
    files: files.length,
    outMb: +(bytes / 1e6).toFixed(1),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    operations: result.model.operations.length,
    schemas: Object.keys(result.model.schemas).length,
  }));
} else {
  if (!existsSync(CORPUS)) {
    console.warn(`corpus not found at ${CORPUS}; nothing to measure`);
    process.exit(0);
  }
  console.log('Python SDK generation (fresh process per description)');
  console.log(['description', 'MB', 'ops', 'schemas', 'analyze ms', 'emit ms', 'emit warm ms', 'files', 'out MB', 'peak RSS MB'].join('\t'));
  for (const rel of FILES) {
    const full = path.join(CORPUS, rel);
    if (!existsSync(full)) {
      console.log(`${rel}\t(missing)`);
      continue;
    }
    const line = execFileSync(process.execPath, [import.meta.filename, full], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim().split('\n').pop() as string;
    const r = JSON.parse(line) as Record<string, number>;
    console.log([rel, r.mb, r.operations, r.schemas, r.analyzeMs, r.emitMs, r.emitWarmMs, r.files, r.outMb, r.maxRssMb].join('\t'));
  }
}
