// The Go SDK over the corpus, slice 1 of 2: every second OpenAPI 3 description, from the first
// (goCorpusTest in corpus-check.ts).

import { describe } from 'vitest';
import { goCorpusTest, GO_CORPUS_SKIP } from './corpus-check.ts';

describe.skipIf(GO_CORPUS_SKIP !== undefined)('Go SDK on the corpus, slice 1/2', () => goCorpusTest(0, 2));
