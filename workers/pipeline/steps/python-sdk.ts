import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emitPythonSdk } from '../../generators/python/index.ts';
import { checkWithTools, findExecutable, type ToolRun } from '../check-with-tool.ts';
import { buildPythonDists } from '../python-dist.ts';
import { distOutcome } from '../python-dist-outcome.ts';
import { defineStep, type StepOutcome } from '../step.ts';

/** mypy's cache (typeshed's standard library) is shared by runs on this machine. */
const MYPY_CACHE = join(tmpdir(), 'report-service-mypy-cache');

/**
 * The Python SDK: generated from the API model, then checked by `python3 -m compileall` and
 * `mypy --strict --python-version 3.10`. A package that fails either fails the step. Without
 * python3 or mypy on the worker the check cannot run: the step says so and records `skipped`
 * (with the package attached), never a pass.
 */
export const pythonSdkStep = defineStep({
  name: 'python_sdk',
  async run(context): Promise<StepOutcome> {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    const files = emitPythonSdk(model);
    const artifacts = [{ kind: 'python_sdk' as const, name: 'python-sdk', files }];
    const python = findExecutable('python3');
    const mypy = findExecutable('mypy');
    const missing = [python ? undefined : 'python3', mypy ? undefined : 'mypy'].filter(Boolean);
    if (!python || !mypy) {
      return { status: 'skipped', summary: `${files.length} files generated; ${missing.join(' and ')} not installed on this worker, so the package was not checked`, counts: { files: files.length }, artifacts };
    }
    const tools: ToolRun[] = [
      { label: 'python3 -m compileall', command: python, args: () => ['-m', 'compileall', '-q', 'src'], timeoutMs: 60_000 },
      { label: 'mypy --strict', command: mypy, args: () => ['--strict', '--python-version', '3.10', '--cache-dir', MYPY_CACHE, '--no-error-summary', 'src'], timeoutMs: 180_000, problemPattern: /error:/ },
    ];
    const [check, dists] = await Promise.all([checkWithTools(files, tools, context.signal), buildPythonDists(files, context.signal)]);
    return distOutcome(
      {
        status: check.ok ? 'passed' : 'failed',
        summary: check.ok ? `${files.length} files; compileall and mypy --strict pass` : `${files.length} files; ${check.failedTool} reports: ${check.problems.slice(0, 3).join(' | ')}`,
        counts: { files: files.length, checkErrors: check.ok ? 0 : check.problems.length, checkMs: check.durationMs },
        artifacts,
      },
      dists,
    );
  },
});
