// staticcheck over a generated Go module as the go_sdk step runs it: every analyzer of the pinned
// staticcheck (honnef.co/go/tools v0.8.2, `tools/staticcheck`) on every package, except one case
// the report names. The unused-code analyzer (U1000) costs time quadratic in a package's size (for
// every field and object it calls objectpath.For, which sorts the package scope anew:
// dominikh/go-tools#1407); the root package of a Stripe-sized SDK (about 290k lines) alone takes it
// past the step's limit. So on a root package over `maxLines` lines, U1000 is left out there
// (`-unused=false`: the analyzer does not run, which staticcheck's own `-checks` cannot do), every
// other analyzer still runs on it, and the other packages get a second run with every analyzer.
// The limit and its figures: docs/go-sdk.md.

import type { ToolRun } from './check-with-tool.ts';
import type { GeneratedFile } from './step.ts';

/**
 * Lines of non-test Go in the root package above which U1000 is not run on it. Measured on this
 * 2-core machine (docs/go-sdk.md): U1000 takes about 8.5 CPU-s at 58k lines and 36 at 115k, four
 * times as long each time the package doubles; every other analyzer together grows linearly.
 */
export const UNUSED_MAX_LINES = 100_000;

export interface StaticcheckRuns {
  runs: ToolRun[];
  /** What was not checked, for the step's report; absent when every analyzer ran on every package. */
  notRun?: string;
}

function lineCount(content: GeneratedFile['content']): number {
  const text = typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

export function staticcheckRuns(
  files: readonly GeneratedFile[],
  tool: Omit<ToolRun, 'label' | 'args'>,
  maxLines = UNUSED_MAX_LINES,
): StaticcheckRuns {
  const goFiles = files.filter((f) => f.path.endsWith('.go'));
  const rootLines = goFiles
    .filter((f) => !f.path.includes('/') && !f.path.endsWith('_test.go'))
    .reduce((n, f) => n + lineCount(f.content), 0);
  if (rootLines <= maxLines) return { runs: [{ ...tool, label: 'staticcheck', args: () => ['./...'] }] };
  // Every other package, named one by one (`./...` minus the root cannot be written as a pattern).
  const others = [...new Set(goFiles.filter((f) => f.path.includes('/')).map((f) => f.path.replace(/\/[^/]*$/, '')))]
    .sort()
    .map((dir) => `./${dir}`);
  const runs: ToolRun[] = [
    { ...tool, label: 'staticcheck (root package, U1000 not run)', args: () => ['-unused=false', '.'] },
  ];
  if (others.length > 0) runs.push({ ...tool, label: 'staticcheck (other packages)', args: () => others });
  return {
    runs,
    notRun: `staticcheck ran every check except U1000 (unused code) on the root package and its tests: ${rootLines.toLocaleString('en-US')} lines, over the ${maxLines.toLocaleString('en-US')} where its cost (quadratic in the package, dominikh/go-tools#1407) would pass the step's limit`,
  };
}
