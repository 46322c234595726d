// Reads the public surface of a Python SDK by running `bundle/py_surface.py` (Python's own `ast`
// module, parse only) in a `python3 -I -S -B` subprocess with a wall-clock time limit here and a
// memory / CPU limit set by the child itself (resource.setrlimit) before it reads its input.

import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildSurface, type RawClass, type RawSdk } from './build-surface.ts';
import { splitConcatenatedFiles } from './split-files.ts';
import type { SdkSourceFile, SdkSurface, SurfaceModel, SurfaceProblem } from '../types.ts';

export interface PythonSurfaceOptions {
  /** Wall-clock limit for the subprocess (default 15 s); it is killed when it runs over. */
  timeoutMs?: number;
  /** Address-space limit of the subprocess in MiB (default 512). */
  maxMemoryMb?: number;
  /** Total size limit of the source text in bytes (default 32 MiB). */
  maxBytes?: number;
  /** Interpreter (default `python3`). */
  python?: string;
  signal?: AbortSignal;
}

export const PY_SURFACE_SCRIPT = path.resolve(import.meta.dirname, 'bundle', 'py_surface.py');

interface ChildResult {
  classes: RawClass[];
  models: SurfaceModel[];
  problems: SurfaceProblem[];
}

export async function extractPythonSurface(
  input: string | SdkSourceFile[],
  options: PythonSurfaceOptions = {},
): Promise<SdkSurface> {
  const files = typeof input === 'string' ? splitConcatenatedFiles(input, '__init__.py') : input;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const total = files.reduce((n, f) => n + Buffer.byteLength(f.content, 'utf8'), 0);
  const empty = (problem: SurfaceProblem): SdkSurface =>
    buildSurface({ language: 'python', files: files.length, classes: [], models: [], problems: [problem] });
  if (total > maxBytes) {
    return empty({
      kind: 'too-large',
      message: `The SDK source is ${total} bytes; the limit is ${maxBytes} bytes. Nothing was read.`,
    });
  }
  const run = await runChild(JSON.stringify({ files, maxProblemsPerFile: 5 }), options);
  if ('problem' in run) return empty(run.problem);
  const raw: RawSdk = {
    language: 'python',
    files: files.length,
    classes: run.result.classes,
    models: run.result.models,
    problems: run.result.problems,
  };
  return buildSurface(raw);
}

function runChild(
  stdin: string,
  options: PythonSurfaceOptions,
): Promise<{ result: ChildResult } | { problem: SurfaceProblem }> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const memoryMb = Math.max(64, Math.floor(options.maxMemoryMb ?? 512));
  const cpuSeconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const maxOutput = 64 * 1024 * 1024;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: { result: ChildResult } | { problem: SurfaceProblem }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const child = spawn(
      options.python ?? 'python3',
      ['-I', '-S', '-B', PY_SURFACE_SCRIPT, String(memoryMb), String(cpuSeconds)],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', PYTHONIOENCODING: 'utf-8' },
      },
    );
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({
        problem: {
          kind: 'timeout',
          message: `Reading the Python SDK took longer than ${timeoutMs} ms and was stopped.`,
        },
      });
    }, timeoutMs);
    const onAbort = (): void => {
      child.kill('SIGKILL');
      finish({ problem: { kind: 'internal', message: 'Reading the Python SDK was canceled.' } });
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxOutput) {
        child.kill('SIGKILL');
        finish({ problem: { kind: 'too-large', message: 'The Python SDK surface is too large to report.' } });
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      finish({ problem: { kind: 'unsupported', message: `python3 could not be started (${error.message}).` } });
    });
    child.stdin.on('error', () => {
      // The child may exit (limits) before reading everything; the exit handler reports why.
    });
    child.on('close', (code, signal) => {
      if (settled) return;
      if (code === 0) {
        try {
          finish({ result: JSON.parse(Buffer.concat(out).toString('utf8')) as ChildResult });
        } catch {
          finish({ problem: { kind: 'internal', message: 'The Python reader returned unreadable output.' } });
        }
        return;
      }
      if (/MemoryError/.test(err) || signal === 'SIGSEGV') {
        finish({
          problem: {
            kind: 'memory',
            message: `Reading the Python SDK needed more than ${memoryMb} MiB and was stopped.`,
          },
        });
      } else if (signal === 'SIGXCPU' || signal === 'SIGKILL') {
        finish({
          problem: {
            kind: 'timeout',
            message: `Reading the Python SDK used more than ${cpuSeconds} s of CPU and was stopped.`,
          },
        });
      } else {
        const last = err.trim().split('\n').pop() ?? '';
        finish({
          problem: {
            kind: 'internal',
            message: `The Python reader failed (${signal ?? `exit ${code}`}): ${last.slice(0, 200)}`,
          },
        });
      }
    });
    child.stdin.end(stdin);
  });
}
