// The TypeScript SDK over the corpus, slice 1 of 2: every second description, from the first (expectTypeScriptCorpusSlice
// in corpus-check.ts).

import { describe, it } from 'vitest';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { expectTypeScriptCorpusSlice } from './corpus-check.ts';

if (!HAS_CORPUS) console.warn(`!!! The TypeScript SDK corpus suite is SKIPPED: no corpus at ${CORPUS}`);

describe.skipIf(!HAS_CORPUS)('TypeScript SDK over the corpus (shard 1/2)', () => {
  it(
    'every accepted description gives a package that passes tsc --strict',
    () => expectTypeScriptCorpusSlice(0, 2),
    240_000,
  );
});
