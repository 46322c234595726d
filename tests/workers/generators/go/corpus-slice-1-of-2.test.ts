// The Go SDK over the corpus, slice 1 of 2: every second OpenAPI 3 description, from the first
// (expectGoCorpusSlice in corpus-check.ts).

import { describe, it } from 'vitest';
import { expectGoCorpusSlice, GO_CORPUS_SKIP } from './corpus-check.ts';

if (GO_CORPUS_SKIP !== undefined) console.warn(`\n!!! Go SDK corpus suite 1/2 SKIPPED: ${GO_CORPUS_SKIP}.\n`);

describe.skipIf(GO_CORPUS_SKIP !== undefined)('Go SDK on the corpus, slice 1/2', () => {
  it(
    'generates modules that pass gofmt -l, go vet and staticcheck (one run of each)',
    () => expectGoCorpusSlice(0, 2),
    1_500_000,
  );
});
