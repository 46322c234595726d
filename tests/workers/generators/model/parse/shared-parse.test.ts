// A run's process parses its description once (keepLastParses, workers/pipeline/run-process.ts):
// the analysis, the wire tests' mock description and the diff against the previous description
// share the parsed value. Each is run here on a frozen one (an ES module is strict: a write to a
// frozen object throws) and must give what it gives on a fresh parse of its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripeLikeDescription } from '../../../../../bench/synthetic-stripe-like.ts';
import { analyzeSpec } from '../../../../../workers/generators/analyze.ts';
import { diffDescriptions } from '../../../../../workers/generators/diff/description/diff-descriptions.ts';
import { keepLastParses, parseDocument } from '../../../../../workers/generators/model/parse/parse-document.ts';
import { mockDescription } from '../../../../../workers/pipeline/mock-description.ts';

const FIXTURES = join(import.meta.dirname, '../../../../fixtures');
const read = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

/** [description, the previous description the diff compares it with] */
const CASES: [string, string, string][] = [
  ['the feature zoo', read('specs/zoo-3.1.yaml'), read('specs/legacy-3.0.json')],
  ['a revision', read('diff/families-revision.yaml'), read('diff/families-base.yaml')],
  ['Stripe-like, 12 resources', stripeLikeDescription(12), stripeLikeDescription(10)],
];

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

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
