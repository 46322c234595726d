// The largest real descriptions (split over three files so vitest runs them in parallel): parse -> validate -> model without a crash, at the expected
// size, with exact locations, within a time budget.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, HAS_CORPUS, analyzeCorpusFile, rootDescriptions, soundEach } from '../corpus-helpers.ts';

describe.skipIf(!HAS_CORPUS)('corpus: real-world descriptions (OpenAI, Asana)', () => {
  const entries = rootDescriptions().filter(
    (e) =>
      e.file.startsWith('real-world/') &&
      ['real-world/openai/openapi.yaml', 'real-world/asana/asana_oas.yaml'].includes(e.file),
  );
  soundEach(entries, 2);

  it('models OpenAI 3.1 at full size with correct locations', { timeout: 60_000 }, async () => {
    const file = 'real-world/openai/openapi.yaml';
    const result = await analyzeCorpusFile(file);
    expect(result.model?.specVersion).toBe('3.1');
    expect(result.counts.operations).toBeGreaterThanOrEqual(280);
    expect(result.counts.schemas).toBeGreaterThanOrEqual(1400);
    expect(result.model?.operations.some((o) => o.streaming)).toBe(true);
    const lines = readFileSync(path.join(CORPUS, file), 'utf8').split('\n');
    for (const op of result.model?.operations.slice(0, 50) ?? []) {
      const text = (lines[op.source.line - 1] ?? '').slice(op.source.column - 1);
      expect(text.startsWith(`${op.method}:`), `${op.key} at ${op.source.line}:${op.source.column}`).toBe(true);
    }
  });
});
