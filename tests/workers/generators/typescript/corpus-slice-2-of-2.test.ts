// The TypeScript SDK over the corpus, slice 2 of 2: every second description, from the second (typescriptCorpusTest in
// corpus-check.ts).

import { describe } from 'vitest';
import { HAS_CORPUS } from '../corpus-helpers.ts';
import { typescriptCorpusTest } from './corpus-check.ts';

describe.skipIf(!HAS_CORPUS)('TypeScript SDK over the corpus (shard 2/2)', () => typescriptCorpusTest(1, 2));
