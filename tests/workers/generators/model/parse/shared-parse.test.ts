// A run's process parses its description once (keepLastParses, workers/pipeline/run-process.ts):
// the analysis, the wire tests' mock description and the diff against the previous description
// share the parsed value. Each is run here on a frozen one (an ES module is strict: a write to a
// frozen object throws) and must give what it gives on a fresh parse of its own.
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../../workers/generators/analyze.ts';
import { diffDescriptions } from '../../../../../workers/generators/diff/description/diff-descriptions.ts';
import { keepLastParses, parseDocument } from '../../../../../workers/generators/model/parse/parse-document.ts';
import { mockDescription } from '../../../../../workers/pipeline/mock-description.ts';
import { deepFreeze, SHARED_CASES as CASES } from '../shared-cases.ts';

async function results(text: string, previous: string) {
  const analysis = await analyzeSpec({ openapiText: text, mode: 'flagship' });
  const { timings: _, ...diff } = diffDescriptions(previous, text) as { timings?: unknown };
  return {
    diagnostics: JSON.stringify(analysis.diagnostics),
    model: JSON.stringify(analysis.model),
    mock: mockDescription(text),
    diff,
  };
}

describe('one parse of the description, shared', () => {
  it('gives the analysis, the mock and the diff what a fresh parse gives them, none writing to it', async () => {
    const fresh = [];
    for (const [, text, previous] of CASES) fresh.push(await results(text, previous));
    keepLastParses();
    for (const [i, [label, text, previous]] of CASES.entries()) {
      const first = parseDocument(text).document;
      expect(first, label).toBeDefined();
      deepFreeze(first?.value);
      expect(parseDocument(text).document, `${label}: answered from the kept parse`).toBe(first);
      expect(await results(text, previous), label).toEqual(fresh[i]);
      // The diff parsed the previous description too: both are kept.
      expect(parseDocument(text).document, `${label}: still kept after the diff`).toBe(first);
    }
  });

  it('parses again under other limits, and keeps the diagnostics of each answer its own', () => {
    keepLastParses();
    const text = 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n';
    const first = parseDocument(text);
    expect(parseDocument(text, { maxBytes: 10 }).document).toBeUndefined();
    const again = parseDocument(text);
    expect(again.document).toBe(first.document);
    again.diagnostics.push({ ruleId: 'x', severity: 'info', message: 'mine', pointer: '', line: 1, column: 1 });
    expect(parseDocument(text).diagnostics).toEqual(first.diagnostics);
  });
});
