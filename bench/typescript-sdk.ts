/**
 * TypeScript SDK generation (description in, files on disk) on the largest corpus descriptions,
 * beside @hey-api/openapi-ts (SDK + types, fetch client) and openapi-typescript (types only) on
 * the same files in the same run. Fresh process per sample; best of RUNS wall times; peak RSS.
 * Ours is timed inside its fresh process from the start of the job (node start and module loading
 * are not counted: a worker pays them once, not per run); the peers are CLIs, timed from spawn to exit.
 * Ours is the API model (parse, index, model: what the typescript_sdk step waits for; neither peer
 * validates, and our description checks run beside the generating steps) and the SDK's files on
 * disk; also printed: the same after the whole analysis with its checks, and the SDK packed as the
 * stored .tar.gz instead of files.
 * Run: `npm run bench:typescript` (needs ../shared/corpus); BENCH_ONLY=plaid for the descriptions whose path has that text.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { best, settleDisk, timeNodePeer, type Sample } from './peer.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILES = ['real-world/openai/openapi.yaml', 'real-world/plaid/2020-09-14.yml', 'real-world/asana/asana_oas.yaml'];

/** Modes of bench/measure-child.ts (see there): model + files on disk; the same after the checks; model + .tar.gz. */
function ours(
  file: string,
  mode: 'typescript-sdk' | 'typescript-sdk-checked' | 'typescript-artifact' = 'typescript-sdk',
): Sample {
  settleDisk();
  const out = execFileSync(process.execPath, [join(ROOT, 'bench', 'measure-child.ts'), mode, file], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Sample;
}

if (!existsSync(CORPUS)) {
  console.log(`corpus not found at ${CORPUS}: nothing to measure`);
  process.exit(0);
}
const heyApi = join(ROOT, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js');
const openapiTs = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
console.log(`TypeScript SDK generation, best of ${RUNS} fresh processes; Node ${process.version}`);
console.log(
  'ours = description in, API model, SDK files on disk; +checks = after the whole analysis (schema check, rules); .tgz = SDK packed as the stored artifact',
);
console.log(
  'file'.padEnd(34),
  'MB'.padStart(4),
  'ours ms'.padStart(8),
  '+checks ms'.padStart(11),
  '.tgz ms'.padStart(8),
  'hey-api ms'.padStart(11),
  'ours/hey'.padStart(9),
  '+checks/hey'.padStart(12),
  'oa-ts ms'.padStart(9),
  'ours/oa-ts'.padStart(11),
  'ours MB'.padStart(8),
  'hey MB'.padStart(7),
);
for (const relative of FILES.filter((f) => f.includes(process.env.BENCH_ONLY ?? ''))) {
  const file = join(CORPUS, relative);
  if (!existsSync(file)) continue;
  const mine = best(Array.from({ length: RUNS }, () => ours(file)))!;
  const checked = best(Array.from({ length: RUNS }, () => ours(file, 'typescript-sdk-checked')))!;
  const packed = best(Array.from({ length: RUNS }, () => ours(file, 'typescript-artifact')))!;
  const hey = best(Array.from({ length: RUNS }, () => timeNodePeer(heyApi, (out) => ['-i', file, '-o', out, '-s'])));
  const types = best(
    Array.from({ length: RUNS }, () => timeNodePeer(openapiTs, (out) => [file, '-o', join(out, 'schema.d.ts')])),
  );
  const ratio = (a: Sample, b: Sample | undefined) => (b ? (a.ms / b.ms).toFixed(2) : 'n/a');
  console.log(
    relative.padEnd(34),
    (statSync(file).size / 1e6).toFixed(1).padStart(4),
    String(mine.ms).padStart(8),
    String(checked.ms).padStart(11),
    String(packed.ms).padStart(8),
    (hey ? String(hey.ms) : 'n/a').padStart(11),
    ratio(mine, hey).padStart(9),
    ratio(checked, hey).padStart(12),
    (types ? String(types.ms) : 'n/a').padStart(9),
    ratio(mine, types).padStart(11),
    String(mine.maxRssMb).padStart(8),
    (hey ? String(hey.maxRssMb) : 'n/a').padStart(7),
  );
  console.log(''.padEnd(34), `  ours: ${mine.detail}`);
}
