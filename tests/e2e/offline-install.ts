// Helpers for tests that use a built artifact as a user does, with no network: commands run with
// an unreachable registry (npm, pip), and the Node binaries of this machine a package's `engines`
// admits. Shared by artifacts-install.test.ts and partner-dual-package.test.ts.

import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect } from 'vitest';

/** An unreachable registry and an empty cache: any attempt to fetch fails instead of quietly succeeding. */
export const OFFLINE_ENV = {
  npm_config_registry: 'http://127.0.0.1:9/',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  PIP_NO_INDEX: '1',
};

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Result> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...OFFLINE_ENV, ...env }, timeout: 240_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

export async function ok(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  const result = await sh(command, args, cwd, env);
  expect(
    result.code,
    `${command} ${args.join(' ')} (in ${cwd}):\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
  ).toBe(0);
  return result.stdout;
}

/** Node binaries on this machine whose version the generated `engines` (^20.19.0 || >=22.12.0) admits. */
export function nodesToTry(): { path: string; version: string }[] {
  const out = new Map<string, string>();
  for (const path of [process.execPath, '/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(path)) continue;
    const version = execFileVersion(path);
    const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
    if ((major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22) out.set(version, path);
  }
  return [...out].map(([version, path]) => ({ path, version }));
}

function execFileVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}
