// Every root description of the corpus (first half: apis-guru, edge-cases, oai-examples, oai-schema-tests)
// runs through parse -> validate -> model without a crash or an internal fault.

import { describe, expect, it } from 'vitest';
import { HAS_CORPUS, analyzeCorpusFile, expectSound, rootDescriptions } from '../corpus-helpers.ts';

describe.skipIf(!HAS_CORPUS)('corpus breadth: everything but real-world and breaking-changes', () => {
  const entries = rootDescriptions().filter(
    (e) => !e.file.startsWith('real-world/') && !e.file.startsWith('breaking-changes/'),
  );
  it('has them', () => {
    expect(entries.length).toBeGreaterThan(200);
  });
  it.each(entries.map((e) => [e.file, e] as const))('%s', async (_, entry) => {
    expectSound(entry, await analyzeCorpusFile(entry.file));
  });
});
