// The Python SDK over the corpus, slice 3 of 3: every third OpenAPI 3 description, from the third
// (pythonCorpusTest in corpus-check.ts).

import { describe } from 'vitest';
import { pythonCorpusTest, PYTHON_CORPUS_SKIP } from './corpus-check.ts';

describe.skipIf(PYTHON_CORPUS_SKIP !== undefined)('Python SDK on the corpus, slice 3/3', () => pythonCorpusTest(2, 3));
