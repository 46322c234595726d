import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, relative, sep } from 'node:path';
import { CheckPassCache } from './check-pass-cache.ts';
import { runInBackground } from './priority.ts';
import { scratchDir } from './scratch-dir.ts';
import type { GeneratedFile } from './step.ts';

export interface ToolCheck {
  ok: boolean;
  /** Problems the tool reported (one per line, capped), or why it could not run. */
  problems: string[];
  durationMs: number;
}

/** Writes a generated file tree into a fresh temp folder (paths were made safe by the packer's rules). */
export async function writeTree(files: readonly GeneratedFile[], prefix: string): Promise<string> {
  const root = await mkdtemp(join(scratchDir(), prefix));
  // Each folder once (a parent before its children), then the files WRITE_BATCH at a time: one
  // awaited write per file costs a thread-pool round trip each, which dominated large trees.
  try {
    for (const dir of treeDirs(root, files)) await mkdir(dir, { recursive: true });
    for (let i = 0; i < files.length; i += WRITE_BATCH) {
      await Promise.all(files.slice(i, i + WRITE_BATCH).map((file) => writeFile(join(root, file.path), file.content)));
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return root;
}

/**
 * `writeTree` without yielding, for the worker's checks: the checker process is started in the
 * same turn as the emitting that preceded it, so it runs on the other core while the next step
 * emits (see LAUNCH_ORDER). A few MB of files; the worker's thread is busy emitting anyway.
 */
export function writeTreeNow(files: readonly GeneratedFile[], prefix: string): string {
  const root = mkdtempSync(join(scratchDir(), prefix));
  try {
    for (const dir of treeDirs(root, files)) mkdirSync(dir, { recursive: true });
    for (const file of files) writeFileSync(join(root, file.path), file.content);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return root;
}

/** Every file under `root/sub`, as generated files with paths relative to `root`, sorted. */
export async function readTree(root: string, sub: string): Promise<GeneratedFile[]> {
  const entries = await readdir(join(root, sub), { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
  paths.sort();
  return await Promise.all(paths.map(async (path) => ({ path, content: await readFile(join(root, path)) })));
}

/** The folders a tree needs under `root`, parents first; refuses absolute and `..` paths. */
function treeDirs(root: string, files: readonly GeneratedFile[]): string[] {
  const dirs = new Set<string>();
  for (const file of files) {
    if (file.path.startsWith('/') || file.path.split('/').includes('..'))
      throw new Error(`unsafe generated path ${file.path}`);
    dirs.add(dirname(join(root, file.path)));
  }
  return [...dirs].sort();
}

const WRITE_BATCH = 32;

export interface ToolRun {
  /** What the summary calls it, e.g. "tsc --strict". */
  label: string;
  command: string;
  args: (root: string) => string[];
  timeoutMs: number;
  /** Lines of the output that count as problems (all non-empty lines when absent). */
  problemPattern?: RegExp;
  /** Environment of the tool (the worker's own when absent). */
  env?: NodeJS.ProcessEnv;
  /**
   * The tool's identity (pinned version, configuration) when its verdict depends only on the files
   * it is given and it writes nothing the caller reads: a tree it passed before on this worker is
   * not checked again (check-pass-cache.ts).
   */
  passIdentity?: string;
  /**
   * The tool is the run's longest chain (pyright on the Python SDK) and keeps the run process's
   * priority; every other tool runs below it (priority.ts).
   */
  criticalPath?: boolean;
  /** Called when the tool has run (not when aborted), before the tree is removed: reads what it wrote there. */
  onExit?: (root: string, passed: boolean) => Promise<void>;
}

/** Finds an executable on PATH (for optional tools such as mypy). */
export function findExecutable(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function runOne(root: string, tool: ToolRun, signal: AbortSignal): Promise<string[] | undefined> {
  const result = await new Promise<{ code: number | null; output: string; error?: string }>((resolve) => {
    const child = execFile(
      tool.command,
      tool.args(root),
      {
        cwd: root,
        signal,
        timeout: tool.timeoutMs,
        maxBuffer: 32 * 1024 * 1024,
        ...(tool.env ? { env: tool.env } : {}),
      },
      (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`;
        if (!error) return resolve({ code: 0, output });
        const code = typeof error.code === 'number' ? error.code : null;
        resolve({
          code,
          output,
          ...(code === null ? { error: error.killed ? `timed out after ${tool.timeoutMs} ms` : error.message } : {}),
        });
      },
    );
    if (!tool.criticalPath) runInBackground(child.pid);
  });
  signal.throwIfAborted();
  if (result.error) return [`${tool.label} could not finish: ${result.error}`];
  if (result.code === 0) return undefined;
  const lines = result.output
    .split('\n')
    .map((line) => line.trim().replaceAll(root, '.'))
    .filter((line) => line && (!tool.problemPattern || tool.problemPattern.test(line)));
  return lines.length ? lines.slice(0, 50) : [`${tool.label} exited with ${result.code}`];
}

/**
 * Runs checking tools (tsc, python3 -m compileall, mypy, pyright) side by side on a generated tree
 * written to a temp folder, each with a time limit and the step's abort signal (they only read the
 * tree, and started together the longest one begins at once). Exit code 0 is a pass; the output's
 * lines are the problems otherwise. `failedTool` is the first failing tool in the given order (its
 * problems are returned); `failedTools` names every failing one. `checkOnly` files (a checker's
 * configuration) are written beside the tree but are not part of what was generated.
 */
export async function checkWithTools(
  files: readonly GeneratedFile[],
  tools: readonly ToolRun[],
  signal: AbortSignal,
  /** Files written beside the tree for the tools only (a checker's config), not part of the package. */
  checkOnly: readonly GeneratedFile[] = [],
  /** Called when every tool passed, before the folder is removed: reads what the tools built. */
  collect?: (root: string) => Promise<GeneratedFile[]>,
  /** The temp folder's name prefix (names the step, so a profile can tell whose checkers run where). */
  prefix = 'report-check-',
  /** A `node_modules` folder the tree's imports resolve in (linked as the tree's own; never a pass-cache hit). */
  nodeModules?: string,
): Promise<ToolCheck & { failedTool?: string; failedTools?: string[]; collected?: GeneratedFile[] }> {
  const started = Date.now();
  const tree = checkOnly.length > 0 ? [...files, ...checkOnly] : files;
  const passes = !nodeModules && tools.some((tool) => tool.passIdentity) ? new CheckPassCache(tree) : undefined;
  const root = writeTreeNow(tree, prefix);
  try {
    if (nodeModules) symlinkSync(nodeModules, join(root, 'node_modules'), 'dir');
    const results = await Promise.all(
      tools.map(async (tool) => {
        const identity = tool.passIdentity && `${tool.label}\0${tool.passIdentity}\0${tool.args(root).join('\0')}`;
        if (identity && passes?.passedBefore(identity)) return undefined;
        const problems = await runOne(root, tool, signal);
        if (identity && problems === undefined) passes?.remember(identity);
        await tool.onExit?.(root, problems === undefined);
        return problems;
      }),
    );
    const failed = results.findIndex((problems) => problems !== undefined);
    if (failed !== -1) {
      const failedTools = tools.filter((_, i) => results[i] !== undefined).map((tool) => tool.label);
      return {
        ok: false,
        problems: results[failed]!,
        durationMs: Date.now() - started,
        failedTool: tools[failed]!.label,
        failedTools,
      };
    }
    const collected = collect ? await collect(root) : undefined;
    return { ok: true, problems: [], durationMs: Date.now() - started, ...(collected ? { collected } : {}) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
