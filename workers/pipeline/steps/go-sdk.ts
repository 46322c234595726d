import { emitGoSdk } from '../../generators/go/index.ts';
import { checkWithTools, type ToolRun } from '../check-with-tool.ts';
import { applyCustomCode, withCustomCode } from '../custom-code/apply-custom-code.ts';
import { staticcheckRuns } from '../go-staticcheck-runs.ts';
import { findGoToolchain, goEnv } from '../go-tools.ts';
import { defineStep, type StepOutcome } from '../step.ts';

/**
 * The Go SDK: a module generated from the API model, then checked by the real tools as downloaded
 * (no network, no dependencies): `gofmt -l` must list no file, and `go vet`, `go build`,
 * `staticcheck` and the module's own `go test` (its tests skip without TEST_API_BASE_URL, so this
 * compiles them) must pass. A failure fails the step and names each failing tool with its first
 * findings. staticcheck runs every analyzer on every package, except U1000 (unused code) on a root
 * package too large for it (go-staticcheck-runs.ts), which the summary then says. Without the
 * toolchain on the worker the step says so and records `skipped`. The
 * customer's own code (`lib/**` of their Go SDK, edits merged against the last generation they
 * received: workers/pipeline/custom-code/) is in place for every check.
 */
export const goSdkStep = defineStep({
  name: 'go_sdk',
  async run(context): Promise<StepOutcome> {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const { files, customCode } = await applyCustomCode(context, 'go', emitGoSdk(model));
    const artifacts = [{ kind: 'go_sdk' as const, name: 'go-sdk', files }];
    const { tools: found, missing } = findGoToolchain();
    if (!found) {
      return withCustomCode(
        {
          status: 'skipped',
          summary: `${files.length} files generated; ${missing.join(' and ')} not installed on this worker, so the module was not checked`,
          counts: { files: files.length },
          artifacts,
        },
        customCode,
      );
    }
    const env = goEnv();
    const staticcheck = staticcheckRuns(files, { command: found.staticcheck, timeoutMs: 300_000, env });
    const tools: ToolRun[] = [
      // -d makes gofmt exit 1 when a file is not formatted; the problems are the files it lists.
      {
        label: 'gofmt -l',
        command: found.gofmt,
        args: () => ['-l', '-d', '.'],
        timeoutMs: 60_000,
        problemPattern: /^[^\s+-]\S*\.go$/,
        env,
      },
      { label: 'go vet', command: found.go, args: () => ['vet', './...'], timeoutMs: 300_000, env },
      { label: 'go build', command: found.go, args: () => ['build', './...'], timeoutMs: 300_000, env },
      ...staticcheck.runs,
      {
        label: 'go test',
        command: found.go,
        args: () => ['test', '-count=1', './...'],
        timeoutMs: 300_000,
        env,
        problemPattern: /FAIL|\.go:\d+/,
      },
    ];
    const check = await checkWithTools(files, tools, context.signal);
    const notRun = staticcheck.notRun ? `; ${staticcheck.notRun}` : '';
    return withCustomCode(
      {
        status: check.ok ? 'passed' : 'failed',
        summary: check.ok
          ? `${files.length} files; gofmt, go vet, go build, staticcheck and go test pass${notRun}`
          : `${files.length} files; failed: ${(check.failedTools ?? [check.failedTool]).join(', ')}; ${check.failedTool} reports: ${check.problems.slice(0, 3).join(' | ')}${notRun}`,
        counts: { files: files.length, checkErrors: check.ok ? 0 : check.problems.length, checkMs: check.durationMs },
        artifacts,
      },
      customCode,
      check.problems,
    );
  },
});
