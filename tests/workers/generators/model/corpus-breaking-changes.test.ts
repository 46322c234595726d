// Every root description under breaking-changes/ runs through parse -> validate -> model without a
// crash or an internal fault.

import { describe, expect, it } from 'vitest';
import { HAS_CORPUS, analyzeCorpusFile, expectSound, rootDescriptions } from '../corpus-helpers.ts';

describe.skipIf(!HAS_CORPUS)('corpus breadth: breaking-changes', () => {
  const entries = rootDescriptions().filter((e) => e.file.startsWith('breaking-changes/'));
  it('has them', () => {
    expect(entries.length).toBeGreaterThan(500);
  });
  it.each(entries.map((e) => [e.file, e] as const))('%s', async (_, entry) => {
    expectSound(entry, await analyzeCorpusFile(entry.file));
  });
});
