// The corpus check for the Go SDK: every corpus description that yields a model is generated into
// one temp tree and checked with ONE run each of gofmt -l, go vet and staticcheck per slice (a
// go.work over all the slice's modules). The corpus is split into slices (one per test file) so
// vitest runs them in parallel.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { GeneratedFile } from '../../../../workers/generators/core/files.ts';
import { emitGoSdk } from '../../../../workers/generators/go/index.ts';
import { analyzeCorpusFile, HAS_CORPUS, rootDescriptions } from '../corpus-helpers.ts';
import { checkModules, GO_MISSING, GO_TOOLS } from './helpers.ts';

/** Why the Go SDK corpus slices skip (the corpus or a tool is missing), or undefined when they run. */
export const GO_CORPUS_SKIP: string | undefined = !HAS_CORPUS
  ? 'the corpus (../shared/corpus) is absent'
  : GO_TOOLS === undefined
    ? `${GO_MISSING.join(', ')} not found`
    : undefined;

/**
 * The Go SDK over the corpus, slice `slice + 1` of `slices` (every `slices`-th description; one test
 * file per slice so vitest runs them in parallel): the one test of a corpus-slice-N-of-M file, and
 * a loud warning when the suite is skipped.
 */
export function goCorpusTest(slice: number, slices: number): void {
  if (GO_CORPUS_SKIP !== undefined)
    console.warn(`\n!!! Go SDK corpus suite ${slice + 1}/${slices} SKIPPED: ${GO_CORPUS_SKIP}.\n`);
  it('generates modules that pass gofmt -l, go vet and staticcheck (one run of each)', async () => {
    const root = mkdtempSync(join(tmpdir(), `go-sdk-corpus-${slice}-`));
    try {
      const entries = rootDescriptions()
        .filter((e) => /^openapi 3/.test(e.openapi))
        .filter((_, i) => i % slices === slice);
      const modules = new Map<string, GeneratedFile[]>();
      const names = new Map<string, string>();
      const emitFailures: string[] = [];
      for (const [i, entry] of entries.entries()) {
        const result = await analyzeCorpusFile(entry.file);
        if (!result.model) continue;
        try {
          modules.set(`m${i}`, emitGoSdk(result.model));
          names.set(`m${i}`, entry.file);
        } catch (error) {
          emitFailures.push(`${entry.file}: ${(error as Error).message}`);
        }
      }
      const started = Date.now();
      const findings = await checkModules(root, modules);
      const failing = new Set<string>();
      for (const text of Object.values(findings))
        for (const [, dir] of text.matchAll(/(?:^|\s|\.\/)(m\d+)\//gm)) failing.add(dir as string);
      const total = modules.size + emitFailures.length;
      console.log(
        `Go SDK corpus slice ${slice + 1}/${slices}: ${modules.size - failing.size}/${total} modules pass gofmt + go vet + staticcheck (${Date.now() - started} ms for the tools)`,
      );
      for (const dir of [...failing].slice(0, 10)) console.log(`  FAIL ${names.get(dir)}`);
      for (const f of emitFailures.slice(0, 10)) console.log(`  EMIT FAIL ${f}`);
      expect(modules.size).toBeGreaterThan(50);
      expect(emitFailures).toEqual([]);
      expect(findings).toEqual({});
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 1_500_000);
}
