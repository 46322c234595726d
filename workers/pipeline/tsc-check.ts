import { join } from 'node:path';
import { checkWithTools, type ToolCheck } from './check-with-tool.ts';
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

/** `tsc --noEmit` with the package's own tsconfig (strict) on a generated package. */
export async function tscCheck(files: readonly GeneratedFile[], signal: AbortSignal): Promise<ToolCheck> {
  return await checkWithTools(
    files,
    [
      {
        label: 'tsc --strict',
        command: process.execPath,
        args: (root) => [TSC, '-p', `${root}/tsconfig.json`, '--noEmit', '--typeRoots', TYPE_ROOTS],
        timeoutMs: 120_000,
        problemPattern: /error TS\d+|could not/,
      },
    ],
    signal,
  );
}

/** A generated TypeScript package as a step outcome: attached as an artifact, passed only if it compiles. */
export async function compiledPackageOutcome(kind: ArtifactKind, name: string, files: GeneratedFile[], signal: AbortSignal): Promise<StepOutcome> {
  signal.throwIfAborted();
  const check = await tscCheck(files, signal);
  return {
    status: check.ok ? 'passed' : 'failed',
    summary: check.ok ? `${files.length} files; tsc --strict passes` : `${files.length} files; tsc --strict reports: ${check.problems.slice(0, 3).join(' | ')}`,
    counts: { files: files.length, compileErrors: check.ok ? 0 : check.problems.length, compileMs: check.durationMs },
    artifacts: [{ kind, name, files }],
  };
}
