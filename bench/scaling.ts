/**
 * Scaling: synthetic descriptions of 100, 1,000 and 10,000 operations (bench/synthetic-description.ts)
 * through the whole pipeline (bench/pipeline-child.ts, a fresh process each), printing each step's
 * time and the peak memory, and the ratios between sizes: linear growth is a ratio of about 10
 * per tenfold size. The compat diff compares each description with a re-versioned copy.
 * Run: `npm run bench:scaling` (SCALING_SIZES=100,1000 to choose sizes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { syntheticDescription } from './synthetic-description.ts';

interface StepFigure {
  name: string;
  ms: number;
  status: string;
  maxRssMb: number;
  artifactKb: number;
}
interface Figures {
  totalMs: number;
  steps: StepFigure[];
}

const ROOT = resolve(import.meta.dirname, '..');
const SIZES = (process.env.SCALING_SIZES ?? '100,1000,10000').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'bench-scaling-'));
const results = new Map<number, Figures>();
try {
  for (const size of SIZES) {
    const file = join(dir, `synthetic-${size}.yaml`);
    const previous = join(dir, `synthetic-${size}-previous.yaml`);
    const text = syntheticDescription(size);
    writeFileSync(file, text);
    writeFileSync(previous, syntheticDescription(size, 1));
    const out = execFileSync(
      process.execPath,
      ['--max-old-space-size=8192', join(ROOT, 'bench', 'pipeline-child.ts'), file, previous],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const figures = JSON.parse(out.trim().split('\n').pop()!) as Figures;
    results.set(size, figures);
    console.log(`${size} operations (${(text.length / 1e6).toFixed(2)} MB): ${figures.totalMs} ms total`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const steps = results.get(SIZES[0]!)!.steps.map((s) => s.name);
const header = ['step', ...SIZES.map((s) => `${s} ops ms`), ...SIZES.slice(1).map((s, i) => `x ${SIZES[i]}->${s}`)];
console.log(`\nPer step (wall ms), Node ${process.version}; a tenfold size should cost about 10x:`);
console.log(header.map((h, i) => (i === 0 ? h.padEnd(16) : h.padStart(14))).join(''));
for (const name of [...steps, 'total']) {
  const ms = SIZES.map((size) => {
    const f = results.get(size)!;
    return name === 'total' ? f.totalMs : (f.steps.find((s) => s.name === name)?.ms ?? 0);
  });
  const ratios = ms.slice(1).map((m, i) => (ms[i]! > 0 ? (m / ms[i]!).toFixed(1) : 'n/a'));
  console.log(
    [name.padEnd(16), ...ms.map((m) => String(m).padStart(14)), ...ratios.map((r) => r.padStart(14))].join(''),
  );
}
console.log('\nPeak RSS after each step (MB; the analysis is shared by all steps):');
for (const size of SIZES) {
  const f = results.get(size)!;
  console.log(
    `${String(size).padStart(6)} ops: ${f.steps.map((s) => `${s.name} ${s.maxRssMb} (${s.status}, ${s.artifactKb} KB)`).join(', ')}`,
  );
}
