// The MCP server over the corpus, slice 2 of 2: every second description, from the second (mcpCorpusTest in
// corpus-check.ts).

import { describe } from 'vitest';
import { HAS_CORPUS } from '../corpus-helpers.ts';
import { mcpCorpusTest } from './corpus-check.ts';

describe.skipIf(!HAS_CORPUS)('the MCP server over the corpus (shard 2/2)', () => mcpCorpusTest(1, 2));
