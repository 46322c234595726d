import { join } from 'node:path';
import { checkWithTools, readTree, type ToolCheck } from './check-with-tool.ts';
import type { ArtifactKind } from '../../shared/enums.ts';
import type { GeneratedFile, StepOutcome } from './step.ts';

const NODE_MODULES = join(import.meta.dirname, '..', '..', 'node_modules');
/**
 * The compile gate uses TypeScript 7's native `tsc` (the `typescript-native` npm alias), which
 * checks 5–9× faster than 5.9's; the generators print with the 5.9 compiler API.
 */
const TSC = join(NODE_MODULES, 'typescript-native', 'bin', 'tsc');
/** Node's types for packages that use them (a user's `npm install` brings @types/node; the check reads ours). */
const TYPE_ROOTS = join(NODE_MODULES, '@types');

/**
 * `tsc -p tsconfig.json` (strict, the package's own settings) on a generated package: the gate
 * and the build in one compile. When it passes, `dist` (JavaScript, `.d.ts`, source maps) is what
 * that compile wrote, returned as `built`; the package ships it beside `src/`.
 */
export async function tscBuild(
  files: readonly GeneratedFile[],
  signal: AbortSignal,
): Promise<ToolCheck & { built?: GeneratedFile[] }> {
  const check = await checkWithTools(
    files,
    [
      {
        label: 'tsc --strict',
        command: process.execPath,
        args: (root) => [TSC, '-p', `${root}/tsconfig.json`, '--typeRoots', TYPE_ROOTS, '--noEmitOnError'],
        timeoutMs: 120_000,
        problemPattern: /error TS\d+|could not/,
      },
    ],
    signal,
    [],
    (root) => readTree(root, 'dist'),
  );
  return {
    ok: check.ok,
    problems: check.problems,
    durationMs: check.durationMs,
    ...(check.collected ? { built: check.collected } : {}),
  };
}

/**
 * A generated TypeScript package as a step outcome: passed only if it compiles, and then attached
 * with the compiled `dist/` beside `src/`, so the artifact runs and installs as downloaded. A
 * package that does not compile is attached without `dist/` (there is nothing a user could run).
 */
export async function compiledPackageOutcome(
  kind: ArtifactKind,
  name: string,
  files: GeneratedFile[],
  signal: AbortSignal,
): Promise<StepOutcome> {
  signal.throwIfAborted();
  const check = await tscBuild(files, signal);
  const shipped = check.built ? [...files, ...check.built] : files;
  return {
    status: check.ok ? 'passed' : 'failed',
    summary: check.ok
      ? `${files.length} files; tsc --strict passes; dist/ holds ${check.built?.length ?? 0} built files`
      : `${files.length} files; tsc --strict reports: ${check.problems.slice(0, 3).join(' | ')}`,
    counts: {
      files: shipped.length,
      sourceFiles: files.length,
      compileErrors: check.ok ? 0 : check.problems.length,
      compileMs: check.durationMs,
    },
    artifacts: [{ kind, name, files: shipped }],
  };
}
