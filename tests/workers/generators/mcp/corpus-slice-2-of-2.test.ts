// The MCP server over the corpus, shard 2/2 (see corpus-check.ts): every accepted description gives an MCP server
// package that passes tsc --strict (ONE TypeScript 7 run), and every one of them lists its
// tools (a sample also started with node over stdio) to an MCP SDK client with input schemas that are valid JSON Schema 2020-12.

import { describe, expect, it } from 'vitest';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { runMcpCorpus } from './corpus-check.ts';

if (!HAS_CORPUS) console.warn(`!!! The MCP server corpus suite is SKIPPED: no corpus at ${CORPUS}`);

describe.skipIf(!HAS_CORPUS)('the MCP server over the corpus (shard 2/2)', () => {
  it('every accepted description gives a package that compiles and a server that lists valid tools', async () => {
    const r = await runMcpCorpus(1, 2);
    const rate = r.accepted === 0 ? 0 : (100 * r.passed) / r.accepted;
    console.log(
      `[mcp corpus shard 2/2] ${r.passed}/${r.accepted} MCP server packages pass tsc --strict (${rate.toFixed(1)}%); ${r.considered} root descriptions, ` +
        `${r.considered - r.accepted} rejected by the model builder; ${r.listed} servers listed ${r.tools} tools (${r.stdioListed} also over stdio), ${r.listFailures.length} failed; ` +
        `${r.schemaFailures.length} invalid input schemas; emit ${Math.round(r.emitMs)} ms, tsc ${Math.round(r.tscMs)} ms, list ${Math.round(r.listMs)} ms`,
    );
    for (const failure of r.failures)
      console.log(`  FAIL ${failure.description}\n    ${failure.errors.join('\n    ')}`);
    for (const failure of r.listFailures) console.log(`  LIST FAIL ${failure}`);
    for (const failure of r.schemaFailures.slice(0, 50)) console.log(`  SCHEMA FAIL ${failure}`);
    expect(r.accepted).toBeGreaterThan(100);
    expect(r.failures).toEqual([]);
    expect(r.listed).toBe(r.accepted);
    expect(r.stdioListed).toBeGreaterThan(10);
    expect(r.listFailures).toEqual([]);
    expect(r.schemaFailures).toEqual([]);
  }, 900_000);
});
