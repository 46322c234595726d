// The CLI over the corpus, shard 1/2 (see corpus-check.ts): every accepted description gives a CLI package that passes
// tsc --strict (ONE TypeScript 7 run), and a sample of them runs `--help` at every level.

import { describe, expect, it } from 'vitest';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { runCliCorpus } from './corpus-check.ts';

if (!HAS_CORPUS) console.warn(`!!! The CLI corpus suite is SKIPPED: no corpus at ${CORPUS}`);

describe.skipIf(!HAS_CORPUS)('the CLI over the corpus (shard 1/2)', () => {
  it('every accepted description gives a CLI package that compiles, and sampled ones print help', async () => {
    const r = await runCliCorpus(0, 2, 70);
    const rate = r.accepted === 0 ? 0 : (100 * r.passed) / r.accepted;
    console.log(
      `[cli corpus shard 1/2] ${r.passed}/${r.accepted} CLI packages pass tsc --strict (${rate.toFixed(1)}%); ${r.considered} root descriptions, ` +
        `${r.considered - r.accepted} rejected by the model builder; --help ran ${r.helpRuns} times over ${r.sampled} sampled packages, ${r.helpFailures.length} failed; ` +
        `emit ${Math.round(r.emitMs)} ms, tsc ${Math.round(r.tscMs)} ms, help ${Math.round(r.helpMs)} ms`,
    );
    for (const failure of r.failures)
      console.log(`  FAIL ${failure.description}\n    ${failure.errors.join('\n    ')}`);
    for (const failure of r.helpFailures) console.log(`  HELP FAIL ${failure}`);
    expect(r.accepted).toBeGreaterThan(100);
    expect(r.sampled).toBeGreaterThan(3);
    expect(r.helpRuns).toBeGreaterThanOrEqual(2 * r.sampled);
    expect(r.helpFailures).toEqual([]);
    expect(r.failures).toEqual([]);
  }, 400_000);
});
