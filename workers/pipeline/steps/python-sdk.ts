import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkWithTools, type ToolRun } from '../check-with-tool.ts';
import { applyCustomCode, withCustomCode } from '../custom-code/apply-custom-code.ts';
import { type BytecodeCompile, compileArgs, compilePythonBytecode } from '../python-bytecode.ts';
import { buildPythonDists } from '../python-dist.ts';
import { distOutcome } from '../python-dist-outcome.ts';
import { pythonSdkFiles } from '../sdk-files.ts';
import { PYRIGHT, PYRIGHT_NODE_ARGS, PYTHON_TOOLS_SETUP, pythonTools, pythonToolsIdentity } from '../python-tools.ts';
import { defineStep, type StepContext, type StepOutcome } from '../step.ts';
import type { ApiModel } from '../../generators/model/types.ts';

/** mypy's cache (typeshed's standard library) is shared by runs on this machine. */
const MYPY_CACHE = join(tmpdir(), 'report-service-mypy-cache');

/**
 * Pyright's configuration for the check: strict, Python 3.10, the package's `src/`. Written beside
 * the checked tree only; the delivered package is unchanged.
 */
const PYRIGHT_CONFIG = {
  path: 'pyrightconfig.json',
  content: `${JSON.stringify({ include: ['src'], typeCheckingMode: 'strict', pythonVersion: '3.10' }, null, 2)}\n`,
};

/**
 * The Python SDK: generated from the API model, then checked by compiling every file (what
 * `python3 -m compileall` checks; the bytecode is kept for the Python wire suite, python-bytecode.ts),
 * `mypy --strict --python-version 3.10` and `pyright` in strict mode, all three at once. A package
 * that fails any of them fails the step, and the summary names every checker that failed. Without
 * python3 or mypy on the worker the check cannot run: the step says so and records `skipped` (with
 * the package attached), never a pass.
 */
export const pythonSdkStep = defineStep({
  name: 'python_sdk',
  async run(context): Promise<StepOutcome> {
    const { model } = await context.model();
    if (!model) return { status: 'skipped', summary: 'no API model: the description could not be read' };
    // Announced before anything else is awaited: the Python wire suite, built later, waits for it.
    const bytecode = compilePythonBytecode(model);
    try {
      return await checkedPackage(context, model, bytecode);
    } finally {
      bytecode.settle();
    }
  },
});

/** The package, with custom code, checked (or skipped, when the checkers are not installed). */
async function checkedPackage(context: StepContext, model: ApiModel, bytecode: BytecodeCompile): Promise<StepOutcome> {
  const { files, customCode } = await applyCustomCode(context, 'python', pythonSdkFiles(model));
  const artifacts = [{ kind: 'python_sdk' as const, name: 'python-sdk', files }];
  const { python, mypy } = pythonTools();
  const missing = [python ? undefined : 'python3', mypy ? undefined : 'mypy'].filter(Boolean);
  if (!python || !mypy) {
    return withCustomCode(
      {
        status: 'skipped',
        summary: `${files.length} files generated; ${missing.join(' and ')} not installed on this worker (\`${PYTHON_TOOLS_SETUP}\` installs the pinned checkers), so the package was not checked`,
        counts: { files: files.length },
        artifacts,
      },
      customCode,
    );
  }
  const identity = pythonToolsIdentity();
  const tools: ToolRun[] = [
    {
      label: 'python3 compile (every file)',
      command: python,
      args: compileArgs,
      timeoutMs: 60_000,
      onExit: (root, passed) => bytecode.onExit(root, passed),
    },
    {
      label: 'mypy --strict',
      command: mypy,
      args: () => ['--strict', '--python-version', '3.10', '--cache-dir', MYPY_CACHE, '--no-error-summary', 'src'],
      timeoutMs: 180_000,
      problemPattern: /error:/,
      ...(identity.environment ? { passIdentity: identity.environment } : {}),
    },
    {
      label: 'pyright (strict)',
      command: process.execPath,
      // The pinned environment's interpreter, which mypy runs in, for the search paths pyright asks
      // an interpreter for: left to itself it runs PATH's `python3` (here pyenv's shim, a shell
      // script starting about twenty programs, 0.1 s before pyright checks anything).
      args: () => [...PYRIGHT_NODE_ARGS, PYRIGHT, '-p', PYRIGHT_CONFIG.path, '--pythonpath', python],
      timeoutMs: 180_000,
      problemPattern: / - error: /,
      passIdentity: identity.pyright,
      criticalPath: true,
    },
  ];
  const [check, dists] = await Promise.all([
    checkWithTools(files, tools, context.signal, [PYRIGHT_CONFIG], undefined, 'report-check-python_sdk-').finally(
      bytecode.settle,
    ),
    buildPythonDists(files, context.signal),
  ]);
  const outcome = distOutcome(
    {
      status: check.ok ? 'passed' : 'failed',
      summary: check.ok
        ? `${files.length} files; every file compiles, mypy --strict and pyright (strict) pass`
        : `${files.length} files; failed: ${(check.failedTools ?? [check.failedTool]).join(', ')}; ${check.failedTool} reports: ${check.problems.slice(0, 3).join(' | ')}`,
      counts: { files: files.length, checkErrors: check.ok ? 0 : check.problems.length, checkMs: check.durationMs },
      artifacts,
    },
    dists,
  );
  return withCustomCode(outcome, customCode, check.problems);
}
