// The Python SDK over the corpus, slice 2 of 3: every third OpenAPI 3 description, from the second
// (pythonCorpusTest in corpus-check.ts).

import { describe } from 'vitest';
import { pythonCorpusTest, PYTHON_CORPUS_SKIP } from './corpus-check.ts';

describe.skipIf(PYTHON_CORPUS_SKIP !== undefined)('Python SDK on the corpus, slice 2/3', () => pythonCorpusTest(1, 3));
