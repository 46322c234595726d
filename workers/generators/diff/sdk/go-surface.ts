// Reads the exported surface of a Go SDK with `bundle/go_surface` (a small Go program of ours:
// go/parser, parse only; the customer's code is never compiled or run). The program is built once
// per machine with the caller's `go` into `binDir` (named by the hash of its source) and then run
// with the SDK's files as JSON on stdin, under a wall-clock limit.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { buildSurface, type RawClass } from './build-surface.ts';
import { splitConcatenatedFiles } from './split-files.ts';
import type { SdkSourceFile, SdkSurface, SurfaceField, SurfaceModel, SurfaceProblem } from '../types.ts';

export interface GoSurfaceOptions {
  /** The `go` executable (the caller finds it: the generators look nothing up). */
  go: string;
  /** The environment of the `go build` of the reader (offline, local toolchain, caches). */
  env: NodeJS.ProcessEnv;
  /** Where the built reader is kept between runs. */
  binDir: string;
  /** Wall-clock limit for the build and for the read (default 60 s / 15 s). */
  timeoutMs?: number;
  /** Total size limit of the source text in bytes (default 32 MiB). */
  maxBytes?: number;
  signal?: AbortSignal;
}

export const GO_SURFACE_DIR = path.resolve(import.meta.dirname, 'bundle', 'go_surface');

interface ChildResult {
  classes: RawClass[];
  models: SurfaceModel[];
  clientOptions: SurfaceField[];
  problems: SurfaceProblem[];
}

type Ran = { code: number | null; stdout: string; stderr: string; timedOut: boolean };

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string; timeoutMs: number; signal?: AbortSignal },
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const onAbort = (): void => void child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString('utf8');
    });
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout: '', stderr: error.message, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: err, timedOut });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

function exists(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const building = new Map<string, Promise<string | SurfaceProblem>>();

/** The built reader (built on first use; concurrent callers share one build). */
async function reader(options: GoSurfaceOptions): Promise<string | SurfaceProblem> {
  const source = readFileSync(path.join(GO_SURFACE_DIR, 'main.go'));
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const binary = path.join(options.binDir, `go-surface-${hash}`);
  if (exists(binary)) return binary;
  const pending =
    building.get(binary) ??
    (async (): Promise<string | SurfaceProblem> => {
      await mkdir(options.binDir, { recursive: true });
      const temp = `${binary}.${process.pid}.tmp`;
      const built = await run(options.go, ['build', '-trimpath', '-o', temp, '.'], {
        cwd: GO_SURFACE_DIR,
        env: options.env,
        timeoutMs: options.timeoutMs ?? 60_000,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (built.code !== 0)
        return {
          kind: 'internal',
          message: `The Go reader could not be built (go build): ${(built.stderr.trim().split('\n')[0] ?? '').slice(0, 200)}`,
        };
      await rename(temp, binary);
      return binary;
    })().finally(() => building.delete(binary));
  building.set(binary, pending);
  return await pending;
}

/** The surface of a Go SDK: `oldSdkText` (files joined with `// File: <path>` headers) or its files. */
export async function extractGoSurface(
  input: string | SdkSourceFile[],
  options: GoSurfaceOptions,
): Promise<SdkSurface> {
  const files = typeof input === 'string' ? splitConcatenatedFiles(input, 'client.go') : input;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const total = files.reduce((n, f) => n + Buffer.byteLength(f.content, 'utf8'), 0);
  const empty = (problem: SurfaceProblem): SdkSurface =>
    buildSurface({ language: 'go', files: files.length, classes: [], models: [], problems: [problem] });
  if (total > maxBytes)
    return empty({
      kind: 'too-large',
      message: `The SDK source is ${total} bytes; the limit is ${maxBytes} bytes. Nothing was read.`,
    });
  const binary = await reader(options);
  if (typeof binary !== 'string') return empty(binary);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const ran = await run(binary, [], {
    cwd: options.binDir,
    env: { PATH: process.env.PATH ?? '', GOMAXPROCS: '1', GOMEMLIMIT: '512MiB' },
    stdin: JSON.stringify({ files }),
    timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (ran.timedOut)
    return empty({ kind: 'timeout', message: `Reading the Go SDK took longer than ${timeoutMs} ms and was stopped.` });
  if (ran.code !== 0)
    return empty({
      kind: 'internal',
      message: `The Go reader failed (exit ${ran.code}): ${(ran.stderr.trim().split('\n').pop() ?? '').slice(0, 200)}`,
    });
  let result: ChildResult;
  try {
    result = JSON.parse(ran.stdout) as ChildResult;
  } catch {
    return empty({ kind: 'internal', message: 'The Go reader returned unreadable output.' });
  }
  return buildSurface({
    language: 'go',
    files: files.length,
    classes: result.classes,
    models: result.models,
    clientOptions: result.clientOptions,
    problems: result.problems,
  });
}
