// The Go SDK over the corpus, slice 2 of 2: every second OpenAPI 3 description, from the second
// (goCorpusTest in corpus-check.ts).

import { describe } from 'vitest';
import { goCorpusTest, GO_CORPUS_SKIP } from './corpus-check.ts';

describe.skipIf(GO_CORPUS_SKIP !== undefined)('Go SDK on the corpus, slice 2/2', () => goCorpusTest(1, 2));
