// The Python SDK over the corpus, slice 3 of 3: every third OpenAPI 3 description, from the third
// (expectPythonCorpusSlice in corpus-check.ts).

import { describe, it } from 'vitest';
import { expectPythonCorpusSlice, PYTHON_CORPUS_SKIP } from './corpus-check.ts';

if (PYTHON_CORPUS_SKIP !== undefined)
  console.warn(`\n!!! Python SDK corpus suite 3/3 SKIPPED: ${PYTHON_CORPUS_SKIP}.\n`);

describe.skipIf(PYTHON_CORPUS_SKIP !== undefined)('Python SDK on the corpus, slice 3/3', () => {
  it(
    'generates packages that pass compileall, mypy --strict and pyright strict (one run of each)',
    () => expectPythonCorpusSlice(2, 3),
    1_500_000,
  );
});
