/**
 * Parse + validate + model on the largest corpus descriptions, beside the floor (a bare
 * JSON.parse / yaml.parse of the same text) and `redocly lint` on the same file, in the same
 * run. Each measurement is a fresh process; the best of RUNS wall times is reported, with peak
 * RSS. Run: `npm run bench:parse` (needs ../shared/corpus).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { best, timeCommand, type Sample } from './peer.ts';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILES = [
  'real-world/asana/asana_oas.yaml',
  'real-world/plaid/2020-09-14.yml',
  'real-world/openai/openapi.yaml',
  'real-world/jira/jira-software.v3.json',
];

function child(mode: string, file: string): Sample {
  const out = execFileSync(process.execPath, [join(ROOT, 'bench', 'measure-child.ts'), mode, file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Sample;
}

/** `redocly lint` timed by /usr/bin/time (wall seconds and max RSS); its exit code is ignored (lint findings exit 1). */
function redocly(file: string): Sample | undefined {
  const bin = join(ROOT, 'node_modules', '.bin', 'redocly');
  return timeCommand([bin, 'lint', file, '--format=json'], {
    allowFailure: true,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
}

if (!existsSync(CORPUS)) {
  console.log(`corpus not found at ${CORPUS}: nothing to measure`);
  process.exit(0);
}
console.log(`parse + validate + model, best of ${RUNS} fresh processes; Node ${process.version}`);
console.log(
  'file'.padEnd(40),
  'MB'.padStart(5),
  'floor ms'.padStart(9),
  'ours ms'.padStart(8),
  'x floor'.padStart(8),
  'redocly ms'.padStart(11),
  'ours/redocly'.padStart(13),
  'ours MB'.padStart(8),
  'redocly MB'.padStart(11),
);
for (const relative of FILES) {
  const file = join(CORPUS, relative);
  if (!existsSync(file)) continue;
  const size = (execFileSync('stat', ['-c', '%s', file], { encoding: 'utf8' }).trim() as unknown as number) / 1e6;
  const floor = best(Array.from({ length: RUNS }, () => child('floor', file)))!;
  const ours = best(Array.from({ length: RUNS }, () => child('analyze', file)))!;
  const theirs = best(Array.from({ length: RUNS }, () => redocly(file)));
  console.log(
    relative.padEnd(40),
    size.toFixed(1).padStart(5),
    String(floor.ms).padStart(9),
    String(ours.ms).padStart(8),
    (ours.ms / floor.ms).toFixed(2).padStart(8),
    (theirs ? String(theirs.ms) : 'n/a').padStart(11),
    (theirs ? (ours.ms / theirs.ms).toFixed(2) : 'n/a').padStart(13),
    String(ours.maxRssMb).padStart(8),
    (theirs ? String(theirs.maxRssMb) : 'n/a').padStart(11),
  );
  console.log(''.padEnd(40), `  ${ours.detail}`);
}
