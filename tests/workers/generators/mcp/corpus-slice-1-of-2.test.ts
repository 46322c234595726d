// The MCP server over the corpus, slice 1 of 2: every second description, from the first (mcpCorpusTest in
// corpus-check.ts).

import { describe } from 'vitest';
import { HAS_CORPUS } from '../corpus-helpers.ts';
import { mcpCorpusTest } from './corpus-check.ts';

describe.skipIf(!HAS_CORPUS)('the MCP server over the corpus (shard 1/2)', () => mcpCorpusTest(0, 2));
