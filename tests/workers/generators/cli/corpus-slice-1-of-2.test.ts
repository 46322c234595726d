// The CLI over the corpus, slice 1 of 2: every second description, from the first (expectCliCorpusSlice
// in corpus-check.ts).

import { describe, it } from 'vitest';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { expectCliCorpusSlice } from './corpus-check.ts';

if (!HAS_CORPUS) console.warn(`!!! The CLI corpus suite is SKIPPED: no corpus at ${CORPUS}`);

describe.skipIf(!HAS_CORPUS)('the CLI over the corpus (shard 1/2)', () => {
  it(
    'every accepted description gives a CLI package that compiles, and sampled ones print help',
    () => expectCliCorpusSlice(0, 2),
    400_000,
  );
});
