import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from './step.ts';

export interface ToolCheck {
  ok: boolean;
  /** Problems the tool reported (one per line, capped), or why it could not run. */
  problems: string[];
  durationMs: number;
}

/** Writes a generated file tree into a fresh temp folder (paths were made safe by the packer's rules). */
export async function writeTree(files: readonly GeneratedFile[], prefix: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  for (const file of files) {
    if (file.path.startsWith('/') || file.path.split('/').includes('..')) throw new Error(`unsafe generated path ${file.path}`);
    const target = join(root, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  return root;
}

/**
 * Runs a checking tool (tsc, mypy, python3 -m compileall) on a generated tree in a temp folder,
 * with a time limit and the step's abort signal. Exit code 0 is a pass; the output's lines are
 * the problems otherwise.
 */
export async function checkWithTool(
  files: readonly GeneratedFile[],
  command: string,
  args: (root: string) => string[],
  options: { signal: AbortSignal; timeoutMs: number; problemPattern?: RegExp },
): Promise<ToolCheck> {
  const started = Date.now();
  const root = await writeTree(files, 'report-check-');
  try {
    const result = await new Promise<{ code: number | null; output: string; error?: string }>((resolve) => {
      execFile(command, args(root), { cwd: root, signal: options.signal, timeout: options.timeoutMs, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`;
        if (!error) return resolve({ code: 0, output });
        const code = typeof error.code === 'number' ? error.code : null;
        resolve({ code, output, ...(code === null ? { error: error.killed ? `timed out after ${options.timeoutMs} ms` : error.message } : {}) });
      });
    });
    options.signal.throwIfAborted();
    const lines = result.output
      .split('\n')
      .map((line) => line.trim().replaceAll(root, '.'))
      .filter((line) => line && (!options.problemPattern || options.problemPattern.test(line)));
    if (result.error) return { ok: false, problems: [`the check could not finish: ${result.error}`], durationMs: Date.now() - started };
    return { ok: result.code === 0, problems: result.code === 0 ? [] : lines.slice(0, 50), durationMs: Date.now() - started };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
