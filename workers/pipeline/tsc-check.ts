import { join } from 'node:path';
import { bundleEntry } from './bundle-entry.ts';
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
 * A package a generated package depends on, found for the compile in this repository's
 * node_modules (the check runs in a temp folder with no node_modules): an import specifier
 * pattern and where it resolves (a tsconfig `paths` entry of a config used for the check only).
 */
export interface Resolution {
  specifier: string;
  target: string;
}

/** `@modelcontextprotocol/sdk/<subpath>.js` (the MCP server's imports), as its package exports map them. */
export const MCP_SDK_RESOLUTION: Resolution = {
  specifier: '@modelcontextprotocol/sdk/*',
  target: join(NODE_MODULES, '@modelcontextprotocol', 'sdk', 'dist', 'esm', '*'),
};

const CHECK_TSCONFIG = 'tsconfig.check.json';

/**
 * `tsc -p tsconfig.json` (strict, the package's own settings) on a generated package: the gate
 * and the build in one compile. When it passes, `dist` (JavaScript, `.d.ts`, source maps) is what
 * that compile wrote, returned as `built`; the package ships it beside `src/`.
 */
export async function tscBuild(
  files: readonly GeneratedFile[],
  signal: AbortSignal,
  resolutions: readonly Resolution[] = [],
  bundle?: string,
  /** Names the check's temp folder (the step's kind), for profiles. */
  label = 'tsc',
  /** What is read from the folder once the compile passed (default: `dist/`, after bundling `bundle`). */
  collect?: (root: string) => Promise<GeneratedFile[]>,
  /** Installed packages the package's imports resolve in (custom code's npm dependencies). */
  nodeModules?: string,
): Promise<ToolCheck & { built?: GeneratedFile[] }> {
  // The package's own tsconfig.json, extended by one that only adds where its dependencies are.
  const checkOnly: GeneratedFile[] =
    resolutions.length === 0
      ? []
      : [
          {
            path: CHECK_TSCONFIG,
            content: JSON.stringify({
              extends: './tsconfig.json',
              compilerOptions: { paths: Object.fromEntries(resolutions.map((r) => [r.specifier, [r.target]])) },
            }),
          },
        ];
  const config = resolutions.length === 0 ? 'tsconfig.json' : CHECK_TSCONFIG;
  const check = await checkWithTools(
    files,
    [
      {
        label: 'tsc --strict',
        command: process.execPath,
        args: (root) => [TSC, '-p', `${root}/${config}`, '--typeRoots', TYPE_ROOTS, '--noEmitOnError'],
        timeoutMs: 120_000,
        problemPattern: /error TS\d+|could not/,
      },
    ],
    signal,
    checkOnly,
    collect ??
      (async (root) => {
        if (bundle) await bundleEntry(root, bundle);
        return await readTree(root, 'dist');
      }),
    `report-check-${label}-`,
    nodeModules,
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
 * `bundle` names an entry (`dist/main.js`) to bundle with its dependencies once it compiled
 * (bundle-entry.ts), for a package that must install with no registry.
 */
export async function compiledPackageOutcome(
  kind: ArtifactKind,
  name: string,
  files: GeneratedFile[],
  signal: AbortSignal,
  resolutions: readonly Resolution[] = [],
  bundle?: string,
  nodeModules?: string,
): Promise<StepOutcome> {
  signal.throwIfAborted();
  return packageOutcome(
    kind,
    name,
    files,
    await tscBuild(files, signal, resolutions, bundle, kind, undefined, nodeModules),
  );
}

/** A generated TypeScript package and its compile as a step outcome (see compiledPackageOutcome). */
export function packageOutcome(
  kind: ArtifactKind,
  name: string,
  files: GeneratedFile[],
  check: ToolCheck & { built?: GeneratedFile[] },
): StepOutcome {
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
