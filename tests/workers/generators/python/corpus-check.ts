// The corpus check for the Python SDK: every corpus description that yields a model is generated
// into one temp tree and checked with `python3 -m compileall`, ONE `mypy --strict` run and ONE
// strict `pyright` run per slice (mypy and pyright side by side). The corpus is split into slices (one per test file) so vitest runs them in parallel.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { analyzeCorpusFile, HAS_CORPUS, rootDescriptions } from '../corpus-helpers.ts';
import {
  errorsByPackage,
  MYPY,
  pyrightErrorsByPackage,
  PYTHON,
  run,
  runMypy,
  runPyright,
  SHARED_RUNTIME,
  shareRuntime,
  writeFiles,
} from './helpers.ts';

/** Why the Python SDK corpus slices skip (the corpus or a tool is missing), or undefined when they run. */
export const PYTHON_CORPUS_SKIP: string | undefined = !HAS_CORPUS
  ? 'the corpus (../shared/corpus) is absent'
  : MYPY === undefined
    ? 'the pinned mypy is not set up (npm run setup:python-tools)'
    : PYTHON === undefined
      ? 'python3 is not on PATH'
      : undefined;

/**
 * The Python SDK over the corpus, slice `slice + 1` of `slices` (every `slices`-th description; one test
 * file per slice so vitest runs them in parallel): the one test of a corpus-slice-N-of-M file, and
 * a loud warning when the suite is skipped.
 */
export function pythonCorpusTest(slice: number, slices: number): void {
  if (PYTHON_CORPUS_SKIP !== undefined)
    console.warn(`\n!!! Python SDK corpus suite ${slice + 1}/${slices} SKIPPED: ${PYTHON_CORPUS_SKIP}.\n`);
  it('generates packages that pass compileall, mypy --strict and pyright strict (one run of each)', async () => {
    const root = mkdtempSync(join(tmpdir(), `py-sdk-corpus-${slice}-`));
    try {
      const entries = rootDescriptions()
        .filter((e) => /^openapi 3/.test(e.openapi))
        .filter((_, i) => i % slices === slice);
      const srcDirs: string[] = [];
      const names = new Map<string, string>();
      const emitFailures: string[] = [];
      for (const [i, entry] of entries.entries()) {
        const result = await analyzeCorpusFile(entry.file);
        if (!result.model) continue;
        const moduleName = `corpus_${slice}_${i}`;
        const dir = join(root, `p${i}`);
        try {
          // The package's own wire tests (tests/) import it as installed; they run in tests/workers/wire-*.
          const files = emitPythonSdk(result.model, { moduleName }).filter((f) => !f.path.startsWith('tests/'));
          writeFiles(dir, shareRuntime(root, files));
        } catch (error) {
          emitFailures.push(`${entry.file}: ${(error as Error).message}`);
          continue;
        }
        srcDirs.push(join(dir, 'src'));
        names.set(join(dir, 'src'), entry.file);
      }
      const compiled = await run(PYTHON as string, ['-m', 'compileall', '-q', root], { timeoutMs: 300_000 });
      const started = Date.now();
      const [mypy, pyright] = await Promise.all([
        runMypy([join(root, 'runtime/src'), ...srcDirs], join(root, '.mypy_cache'), [SHARED_RUNTIME]).then((r) => ({
          ...r,
          ms: Date.now() - started,
        })),
        runPyright(root, srcDirs, [join(root, 'runtime/src')]).then((r) => ({ ...r, ms: Date.now() - started })),
      ]);
      console.log(`  mypy ${mypy.ms} ms, pyright ${pyright.ms} ms (side by side)`);
      const byPackage = errorsByPackage(mypy.output, srcDirs);
      for (const [dir, lines] of pyrightErrorsByPackage(pyright.output, srcDirs))
        byPackage.set(dir, [...(byPackage.get(dir) ?? []), ...lines]);
      const compileFailures = new Set(srcDirs.filter((d) => compiled.output.includes(d)));
      const failing = srcDirs.filter((d) => byPackage.has(d) || compileFailures.has(d));
      const total = srcDirs.length + emitFailures.length;
      const passed = srcDirs.length - failing.length;
      console.log(
        `Python SDK corpus slice ${slice + 1}/${slices}: ${passed}/${total} packages pass compileall + mypy --strict + pyright strict (${((100 * passed) / Math.max(total, 1)).toFixed(1)}%)`,
      );
      for (const d of failing.slice(0, 10))
        console.log(
          `  FAIL ${names.get(d)}\n    ${(byPackage.get(d) ?? [compiled.output.slice(0, 500)]).slice(0, 5).join('\n    ')}`,
        );
      for (const f of emitFailures.slice(0, 10)) console.log(`  EMIT FAIL ${f}`);
      expect(srcDirs.length).toBeGreaterThan(100);
      expect(emitFailures).toEqual([]);
      expect(compiled.code, compiled.output.slice(0, 2000)).toBe(0);
      expect(
        mypy.output
          .split('\n')
          .filter((l) => /error:/.test(l))
          .slice(0, 20),
      ).toEqual([]);
      expect(mypy.code).toBe(0);
      expect(
        pyright.output
          .split('\n')
          .filter((l) => / - error: /.test(l))
          .slice(0, 20),
      ).toEqual([]);
      expect(pyright.code, pyright.output.slice(-2000)).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 1_500_000);
}
