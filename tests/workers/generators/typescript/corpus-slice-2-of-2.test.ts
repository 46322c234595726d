// Corpus shard 2 of 2: generated packages pass tsc --strict --noEmit (see corpus-check.ts).

import { describe, expect, it } from 'vitest';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { runCorpusShard } from './corpus-check.ts';

if (!HAS_CORPUS) console.warn(`!!! The TypeScript SDK corpus suite is SKIPPED: no corpus at ${CORPUS}`);

describe.skipIf(!HAS_CORPUS)('TypeScript SDK over the corpus (shard 2/2)', () => {
  it('every accepted description gives a package that passes tsc --strict', async () => {
    const r = await runCorpusShard(1, 2);
    const rate = r.accepted === 0 ? 0 : (100 * r.passed) / r.accepted;
    console.log(
      `[typescript corpus shard 2/2] ${r.passed}/${r.accepted} packages pass tsc --strict (${rate.toFixed(1)}%); ` +
        `${r.considered} root descriptions, ${r.considered - r.accepted} rejected by the model builder; ${r.oauthPackages} with OAuth2 client credentials, ${r.webhookPackages} with webhooks; emit ${Math.round(r.emitMs)} ms, tsc ${Math.round(r.tscMs)} ms`,
    );
    for (const failure of r.failures)
      console.log(`  FAIL ${failure.description}\n    ${failure.errors.join('\n    ')}`);
    expect(r.accepted).toBeGreaterThan(100);
    expect(r.failures).toEqual([]);
  }, 240_000);
});
