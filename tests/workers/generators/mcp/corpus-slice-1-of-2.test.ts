// The MCP server over the corpus, slice 1 of 2: every second description, from the first (expectMcpCorpusSlice
// in corpus-check.ts).

import { describe, it } from 'vitest';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { expectMcpCorpusSlice } from './corpus-check.ts';

if (!HAS_CORPUS) console.warn(`!!! The MCP server corpus suite is SKIPPED: no corpus at ${CORPUS}`);

describe.skipIf(!HAS_CORPUS)('the MCP server over the corpus (shard 1/2)', () => {
  it(
    'every accepted description gives a package that compiles and a server that lists valid tools',
    () => expectMcpCorpusSlice(0, 2),
    900_000,
  );
});
