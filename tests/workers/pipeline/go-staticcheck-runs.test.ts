// staticcheck as the go_sdk step runs it (workers/pipeline/go-staticcheck-runs.ts), on a small module
// with planted findings: a value never read (SA4006) and an unused unexported function (U1000) in
// the root package, another unused function in a sub-package. Under the size limit one run checks
// everything; over it (a tiny limit here) the root package's run still finds SA4006 but not U1000,
// the other packages' run finds their U1000, and the report says what was not run.

import { describe, expect, it } from 'vitest';
import { checkWithTools, type ToolRun } from '../../../workers/pipeline/check-with-tool.ts';
import { staticcheckRuns, UNUSED_MAX_LINES } from '../../../workers/pipeline/go-staticcheck-runs.ts';
import { findGoToolchain, goEnv } from '../../../workers/pipeline/go-tools.ts';
import type { GeneratedFile } from '../../../workers/pipeline/step.ts';

const { tools, missing } = findGoToolchain();
if (!tools) console.warn(`go-staticcheck-runs: SKIPPED, missing ${missing.join(', ')}`);

const FILES: GeneratedFile[] = [
  { path: 'go.mod', content: 'module example.com/planted\n\ngo 1.23\n' },
  {
    path: 'planted.go',
    content: [
      'package planted',
      '',
      'func leftover() int { return 1 }',
      '',
      '// Twice returns twice n.',
      'func Twice(n int) int {',
      '\tresult := n * 3',
      '\tresult = 2 * n',
      '\treturn result',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'planted_test.go',
    content: [
      'package planted_test',
      '',
      'import (',
      '\t"testing"',
      '',
      '\t"example.com/planted"',
      ')',
      '',
      'func TestTwice(t *testing.T) {',
      '\tif planted.Twice(2) != 4 {',
      '\t\tt.Fatal("Twice(2) is not 4")',
      '\t}',
      '}',
      '',
    ].join('\n'),
  },
  {
    path: 'sub/sub.go',
    content: [
      'package sub',
      '',
      'func leftoverInSub() {}',
      '',
      '// Hello says hello.',
      'func Hello() string { return "hello" }',
      '',
    ].join('\n'),
  },
];

/** The problems one run reports (each run on its own, so every run's findings are seen). */
async function findings(run: ToolRun): Promise<string> {
  const check = await checkWithTools(FILES, [run], new AbortController().signal);
  return check.problems.join('\n');
}

describe.skipIf(!tools)('staticcheck as the go_sdk step runs it', () => {
  const tool = { command: tools?.staticcheck ?? '', timeoutMs: 120_000, env: goEnv() };

  it('checks every package with every analyzer when the root package is under the limit', async () => {
    const { runs, notRun } = staticcheckRuns(FILES, tool);
    expect(notRun).toBeUndefined();
    expect(runs.map((r) => [r.label, r.args('.')])).toEqual([['staticcheck', ['./...']]]);
    const found = await findings(runs[0]!);
    expect(found).toMatch(/planted\.go:7:2: this value of result is never used \(SA4006\)/);
    expect(found).toMatch(/planted\.go:3:6: func leftover is unused \(U1000\)/);
    expect(found).toMatch(/sub\/sub\.go:3:6: func leftoverInSub is unused \(U1000\)/);
  }, 120_000);

  it('over the limit leaves out only U1000 on the root package, and says so', async () => {
    expect(UNUSED_MAX_LINES).toBeGreaterThan(10);
    const { runs, notRun } = staticcheckRuns(FILES, tool, 5);
    expect(runs.map((r) => [r.label, r.args('.')])).toEqual([
      ['staticcheck (root package, U1000 not run)', ['-unused=false', '.']],
      ['staticcheck (other packages)', ['./sub']],
    ]);
    expect(notRun).toBe(
      "staticcheck ran every check except U1000 (unused code) on the root package and its tests: 10 lines, over the 5 where its cost (quadratic in the package, dominikh/go-tools#1407) would pass the step's limit",
    );
    const root = await findings(runs[0]!);
    expect(root).toMatch(/planted\.go:7:2: this value of result is never used \(SA4006\)/);
    expect(root).not.toMatch(/U1000/);
    const others = await findings(runs[1]!);
    expect(others).toMatch(/sub\/sub\.go:3:6: func leftoverInSub is unused \(U1000\)/);
    expect(others).not.toMatch(/planted\.go/);
  }, 120_000);
});
