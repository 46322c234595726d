// The CLI over the corpus, slice 1 of 2: every second description, from the first (cliCorpusTest in
// corpus-check.ts).

import { describe } from 'vitest';
import { HAS_CORPUS } from '../corpus-helpers.ts';
import { cliCorpusTest } from './corpus-check.ts';

describe.skipIf(!HAS_CORPUS)('the CLI over the corpus (shard 1/2)', () => cliCorpusTest(0, 2));
