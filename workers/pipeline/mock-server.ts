// A validating mock of a description: Prism (`@stoplight/prism-cli`, what Stainless's CI runs its
// generated SDK tests against). Prism checks each request against the description (path, query,
// header and body by their schemas and serialisation styles) and refuses one that does not match
// with a 422 `application/problem+json` naming each violation (or with the description's own 4xx
// example, and the violations in an `sl-violations` header); it answers a valid request from the
// response's examples, else from its schema. It runs as `prism mock` starts it, through
// prism-mock-main.ts: without validating its own answers and without a request log, which cost
// more CPU than answering and were never read (docs/wire-tests.md, "Speed").

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { runInBackground } from './priority.ts';

/** Prism's CLI script, run by this Node (a runtime dependency, pinned in package.json). */
const PRISM_CLI = join(
  dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')),
  'dist',
  'index.js',
);
/** Prism's server as `prism mock` starts it, without response validation and request log (prism-mock-main.ts). */
const PRISM_MAIN = join(import.meta.dirname, 'prism-mock-main.ts');

/** How long Prism may take to read a description and listen (Stripe-sized: a few seconds; see bench/mock-server.ts). */
const START_TIMEOUT_MS = 120_000;
const LISTENING = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/;

export interface MockServerOptions {
  /** Node's flags for the Prism process (none by default: bench/wire-prism.ts measured GC flags, no gain). */
  nodeFlags?: readonly string[];
  /** Run `prism mock` itself with these flags instead (bench/wire-prism.ts compares the two). */
  prismCli?: readonly string[];
  /** Stop Prism with SIGTERM and let it exit by itself (so `--cpu-prof` writes its profile): benches only. */
  exitOnTerm?: boolean;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`: the base URL the SDKs' tests are pointed at (`TEST_API_BASE_URL`). */
  url: string;
  /** Prism's process id. */
  pid: number;
  /** Milliseconds from spawning Prism (or handing a preloaded one the file) to its listening line. */
  startMs: number;
  /** Prism's output so far (`prism mock`'s log: one line per request; prism-mock-main.ts: its start and errors). */
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

/**
 * Ends Prism. It is one process (prism-mock-main.ts starts no other) in the run process's own
 * process group and session, not one of its own: a run process that is killed takes Prism with
 * it, and Prism shares the run's scheduling group, where it runs below the checks on the critical
 * path (priority.ts). In a session of its own, Linux's autogroup scheduling gave it a whole fair
 * share beside the entire run, niceness notwithstanding.
 */
function kill(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
}

/** A Prism process and its output so far (capped: `prism mock` logs every request). */
interface PrismProcess {
  child: ChildProcess;
  log: { text: string };
  /** Spawned: what `startMockServer`'s `startMs` counts from. */
  spawnedAt: number;
}

const LOG_CAP = 4_000_000;

function spawnPrism(args: string[], stdin: 'ignore' | 'pipe'): PrismProcess {
  const child = spawn(process.execPath, args, {
    stdio: [stdin, 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  runInBackground(child.pid);
  const log = { text: '' };
  const append = (chunk: Buffer): void => {
    if (log.text.length < LOG_CAP) log.text += chunk.toString('utf8');
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // A preloaded process whose run ends first sees its stdin close and exits; nothing to report.
  child.stdin?.on('error', () => {});
  child.on('error', () => {});
  return { child, log, spawnedAt: performance.now() };
}

let preloaded: PrismProcess | undefined;

/**
 * Loads Prism's modules now, in a process that waits for what to serve (prism-mock-main.ts
 * `--stdin`), for this process's next `startMockServer`. A run calls it as it starts: Prism's
 * modules (0.6-0.7 CPU-s) then load while the run reads its description, when the run's one
 * thread leaves the other core idle, instead of beside the checks later (docs/report-performance.md).
 * The process is this one's child, in its session; it ends with this process (its stdin closes).
 */
export function preloadMockServer(): void {
  if (preloaded && preloaded.child.exitCode === null && preloaded.child.signalCode === null) return;
  preloaded = spawnPrism([PRISM_MAIN, '--stdin'], 'pipe');
}

/** The preloaded Prism process's id, if one is waiting (for tests). */
export function preloadedMockServerPid(): number | undefined {
  return preloaded?.child.pid;
}

/** Ends a preloaded Prism process that no `startMockServer` took (a run that ended without wire tests). */
export function discardPreloadedMockServer(): void {
  if (preloaded) kill(preloaded.child);
  preloaded = undefined;
}

/** The preloaded process, if it is still alive and waiting. */
function takePreloaded(): PrismProcess | undefined {
  const taken = preloaded;
  preloaded = undefined;
  if (!taken) return undefined;
  if (taken.child.exitCode !== null || taken.child.signalCode !== null || !taken.child.stdin?.writable) {
    kill(taken.child);
    return undefined;
  }
  return taken;
}

/**
 * Starts `prism mock` for the description file at `path` on a free port of 127.0.0.1 and resolves
 * once it listens: in the preloaded process when there is one (`preloadMockServer`), else in a new
 * one. Rejects with Prism's own words when it exits or times out before listening (an unreadable
 * description, a `$ref` it cannot resolve). `signal` stops it.
 */
export async function startMockServer(
  path: string,
  signal?: AbortSignal,
  timeoutMs = START_TIMEOUT_MS,
  options: MockServerOptions = {},
): Promise<MockServer> {
  signal?.throwIfAborted();
  const port = await freePort();
  const nodeFlags = [
    ...(options.nodeFlags ?? []),
    ...(options.exitOnTerm ? ['--import', 'data:text/javascript,process.on("SIGTERM",()=>process.exit(0))'] : []),
  ];
  const plain = nodeFlags.length === 0 && !options.prismCli;
  const ready = plain ? takePreloaded() : undefined;
  const prism =
    ready ??
    spawnPrism(
      options.prismCli
        ? [...nodeFlags, PRISM_CLI, 'mock', ...options.prismCli, '--host', '127.0.0.1', '--port', String(port), path]
        : [...nodeFlags, PRISM_MAIN, String(port), path],
      'ignore',
    );
  ready?.child.stdin?.end(`${JSON.stringify({ port, file: path })}\n`);
  const { child, log } = prism;
  const started = ready ? performance.now() : prism.spawnedAt;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });
  const stop = async (): Promise<void> => {
    if (options.exitOnTerm && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const late = setTimeout(() => kill(child), 10_000);
      await exited;
      clearTimeout(late);
    }
    kill(child);
    await exited;
  };
  const onAbort = (): void => kill(child);
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const url = await new Promise<string>((resolve, reject) => {
      let poll: NodeJS.Timeout | undefined;
      const timer = setTimeout(() => {
        clearTimeout(poll);
        reject(new Error(`Prism did not listen within ${timeoutMs / 1000} s: ${tail(log.text)}`));
      }, timeoutMs);
      // Prism says it listens at its `start` log level, which a quieter `--verboseLevel` leaves
      // out, so the port itself is tried too (every 100 ms), whichever comes first. Only the
      // output since the last look is searched (with a line's overlap), and the search stops once
      // Prism listens: Prism logs every request at `info`, and searching the whole log on each
      // chunk cost the run process 8.7 CPU-s over the Stripe-sized wire tests (4,072 requests).
      let searched = 0;
      const done = (url: string): void => {
        clearTimeout(timer);
        clearTimeout(poll);
        child.stdout?.off('data', check);
        child.stderr?.off('data', check);
        resolve(url);
      };
      const check = (): void => {
        const found = LISTENING.exec(log.text.slice(Math.max(0, searched - 200)));
        searched = log.text.length;
        if (found) done(found[1] as string);
      };
      const tryPort = (): void => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          if (child.exitCode === null) done(`http://127.0.0.1:${port}`);
        });
        socket.once('error', () => {
          socket.destroy();
          if (child.exitCode === null && child.signalCode === null) poll = setTimeout(tryPort, 100);
        });
      };
      poll = setTimeout(tryPort, 100);
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      void exited.then(() => {
        clearTimeout(timer);
        clearTimeout(poll);
        reject(new Error(`Prism exited before listening: ${tail(log.text)}`));
      });
    });
    return { url, pid: child.pid ?? 0, startMs: Math.round(performance.now() - started), log: () => log.text, stop };
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
