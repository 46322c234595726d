import { spawn } from 'node:child_process';

export interface ToolResult {
  /** Exit code; null when the tool was killed (timeout) or could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Why the tool could not start (ENOENT…). */
  spawnError?: string;
}

export interface ToolOptions {
  cwd: string;
  /** The whole environment of the child (nothing of ours is inherited unless passed). */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Values replaced by *** in everything the result carries (tokens, passwords). */
  secrets: readonly string[];
}

const MAX_OUTPUT = 256 * 1024;

/**
 * Replaces every secret (and its URL-encoded and base64 forms) with ***. Configured secrets are 8
 * characters or more (shared/config.ts), so this cannot mangle ordinary output.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]))
      out = out.split(form).join('***');
  }
  return out;
}

/**
 * Runs an external tool (npm, git, twine, python3) asynchronously with a time limit: the child
 * gets its own process group, killed whole on timeout. Secrets reach it only through `env`, never
 * its arguments, and are redacted from the output returned.
 */
export function runTool(command: string, args: readonly string[], options: ToolOptions): Promise<ToolResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let settled = false;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const finish = (result: Omit<ToolResult, 'stdout' | 'stderr' | 'timedOut'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        ...result,
        stdout: redact(stdout, options.secrets),
        stderr: redact(stderr, options.secrets),
        timedOut,
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish({ code: null, spawnError: error.code ?? error.message }),
    );
    child.on('close', (code) => finish({ code: timedOut ? null : code }));
  });
}

/** A minimal environment for a tool: PATH, a private HOME and locale; nothing else of ours. */
export function toolEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...extra };
}
