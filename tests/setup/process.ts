import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  /**
   * http://127.0.0.1:<port> of the public listener, as its start-up line gives it. A worker-only
   * process has none: this is then only the PORT it was given, which nothing listens on.
   */
  url: string;
  /** http://127.0.0.1:<port> of the METRICS_PORT listener, when one is configured. */
  opsUrl?: string;
  /** Everything the process printed on stdout so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `node bin/start.mjs` as its own process (as `npm start` does) and waits until it logs
 * "service started". Used where a test needs a second server or the real process lifecycle.
 * PORT (and METRICS_PORT) 0 let the kernel choose: the addresses are read from that line, so
 * no port is probed free and then taken by another test's process before this one listens.
 */
export async function spawnService(env: Record<string, string>, timeoutMs = 60_000): Promise<ServiceProcess> {
  const port = env.PORT ?? '0';
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'start.mjs')], {
    cwd: ROOT,
    // LOG_LEVEL stays info: readiness is read from the "service started" line.
    env: { ...process.env, HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info', PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let started: { url?: string; opsUrl?: string } = {};
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`service did not start in ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
      timeoutMs,
    );
    const check = () => {
      // Whole lines only: the last piece may still be arriving.
      const line = stdout
        .split('\n')
        .slice(0, -1)
        .find((l) => l.includes('"msg":"service started"'));
      if (line === undefined) return;
      started = JSON.parse(line) as { url?: string; opsUrl?: string };
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before starting:\n${stdout}\n${stderr}`));
    });
  });
  return {
    child,
    url: started.url ?? `http://127.0.0.1:${port}`,
    opsUrl: started.opsUrl,
    output: () => stdout,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return await exited;
    },
  };
}
