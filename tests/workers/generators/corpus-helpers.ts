// Reading the shared corpus (../shared/corpus from the repo root). When it is absent the corpus
// suites skip, loudly.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzeSpec, type AnalyzeResult } from '../../../workers/generators/analyze.ts';

export const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
export const HAS_CORPUS = existsSync(path.join(CORPUS, 'manifest.json'));
if (!HAS_CORPUS) console.warn(`corpus not found at ${CORPUS}, corpus suites skipped`);

export interface ManifestEntry {
  file: string;
  openapi: string;
  bytes: number;
}

/** Root descriptions (files with an `openapi`/`swagger` key, plus deliberately unparsable ones). */
export function rootDescriptions(): ManifestEntry[] {
  if (!HAS_CORPUS) return [];
  const manifest = JSON.parse(readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as ManifestEntry[];
  return manifest.filter((e) => /^(openapi|swagger)/.test(e.openapi) || e.openapi.startsWith('PARSE ERROR'));
}

const cache = new Map<string, Promise<AnalyzeResult>>();

/** Analyses a corpus file once per test file (the large ones take seconds). */
export function analyzeCorpusFile(file: string): Promise<AnalyzeResult> {
  let result = cache.get(file);
  if (result === undefined) {
    result = analyzeSpec({ openapiText: readFileSync(path.join(CORPUS, file), 'utf8'), mode: 'flagship' });
    cache.set(file, result);
  }
  return result;
}

/** What every corpus description must satisfy: no crash, no internal fault, a model when readable. */
export function expectSound(entry: ManifestEntry, result: AnalyzeResult): void {
  expect(result.diagnostics.filter((d) => d.ruleId.startsWith('internal/'))).toEqual([]);
  for (const d of result.diagnostics) {
    expect(['error', 'warning', 'info']).toContain(d.severity);
    expect(typeof d.pointer).toBe('string');
  }
  const supported = /^openapi 3\.[012]\./.test(entry.openapi);
  if (supported && !result.diagnostics.some((d) => d.ruleId.startsWith('parse/'))) {
    expect(result.model, entry.file).toBeDefined();
    expect(result.counts.operations).toBe(result.model?.operations.length);
  }
  if (entry.openapi.startsWith('swagger')) {
    expect(result.diagnostics.map((d) => d.ruleId)).toContain('oas/unsupported-version');
    expect(result.model).toBeUndefined();
  }
}

/**
 * One test that `entries` has at least `min` descriptions, and one per description that it goes
 * through parse -> validate -> model soundly (expectSound), each within a minute.
 */
export function soundEach(entries: readonly ManifestEntry[], min: number): void {
  it('lists them', () => {
    expect(entries.length).toBeGreaterThanOrEqual(min);
  });
  for (const entry of entries) {
    it(`${entry.file}`, { timeout: 60_000 }, async () => {
      expectSound(entry, await analyzeCorpusFile(entry.file));
    });
  }
}
