// A validating mock of a description: Prism (`@stoplight/prism-cli`, what Stainless's CI runs its
// generated SDK tests against). Prism checks each request against the description (path, query,
// header and body by their schemas and serialisation styles) and refuses one that does not match
// with a 422 `application/problem+json` naming each violation (or with the description's own 4xx
// example, and the violations in an `sl-violations` header); it answers a valid request from the
// response's examples, else from its schema. See docs/wire-tests.md.

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** Prism's CLI script, run by this Node (a runtime dependency, pinned in package.json). */
const PRISM = join(
  dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')),
  'dist',
  'index.js',
);

/** How long Prism may take to read a description and listen (Stripe-sized: a few seconds; see bench/mock-server.ts). */
const START_TIMEOUT_MS = 120_000;
const LISTENING = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/;

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the base URL the SDKs' tests are pointed at (`TEST_API_BASE_URL`). */
  url: string;
  /** Milliseconds from spawning Prism to its listening line. */
  startMs: number;
  /** Prism's log so far (its own lines: one per request, with each validation error). */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the kernel's choice; Prism is started on it right after). */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Ends Prism and anything it started (it runs in a process group of its own). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * Starts `prism mock` for the description file at `path` on a free port of 127.0.0.1 and resolves
 * once it listens. Rejects with Prism's own words when it exits or times out before listening (an
 * unreadable description, a `$ref` it cannot resolve). `signal` stops it.
 */
export async function startMockServer(
  path: string,
  signal?: AbortSignal,
  timeoutMs = START_TIMEOUT_MS,
): Promise<MockServer> {
  signal?.throwIfAborted();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [PRISM, 'mock', '--host', '127.0.0.1', '--port', String(port), path], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  const LOG_CAP = 4_000_000;
  const append = (chunk: Buffer): void => {
    if (output.length < LOG_CAP) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    killGroup(child);
    await exited;
  };
  const onAbort = (): void => killGroup(child);
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Prism did not listen within ${timeoutMs / 1000} s: ${tail(output)}`)),
        timeoutMs,
      );
      // Only the output since the last look is searched (with a line's overlap), and the search
      // stops once Prism listens: Prism logs every request, and searching the whole log on each
      // chunk cost the run process 8.7 CPU-s over the Stripe-sized wire tests (4,072 requests).
      let searched = 0;
      const check = (): void => {
        const found = LISTENING.exec(output.slice(Math.max(0, searched - 200)));
        searched = output.length;
        if (found) {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolve(found[1] as string);
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`Prism exited before listening: ${tail(output)}`));
      });
    });
    return { url, startMs: Math.round(performance.now() - started), log: () => output, stop };
  } catch (error) {
    signal?.removeEventListener('abort', onAbort);
    await stop();
    throw error;
  }
}

/** The end of Prism's output, without its timestamps: what to show when it did not start. */
function tail(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.replace(/^\[[^\]]*\]\s*›\s*/, '').trim())
    .filter(Boolean);
  return lines.slice(-5).join(' | ').slice(0, 1_000) || '(no output)';
}
