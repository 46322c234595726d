// The npm packages carried with a customer's code (carry-dependencies.ts), installed so the
// step's `tsc` sees their types: `npm install --ignore-scripts` (nothing of theirs runs) into a
// folder of the worker's npm cache keyed by the registry and the exact set of packages, reused by
// later runs that carry the same set. The registry is configuration (CUSTOM_CODE_NPM_REGISTRY, else
// npm's own: NPM_CONFIG_REGISTRY or the worker user's .npmrc; read by npm-registry.ts); a registry
// that cannot be reached is said in plain words, and the compile then runs without the packages.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CarriedDependency } from '../../../shared/schemas/custom-code.ts';
import { findExecutable } from '../check-with-tool.ts';
import { npmRegistry } from './npm-registry.ts';

export type DependencyInstall =
  | { ok: true; nodeModules: string; reused: boolean; durationMs: number }
  | { ok: false; message: string };

/** Runs npm with a time limit and the step's abort signal; its output, and whether it was killed. */
function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal: AbortSignal },
): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean; spawnError?: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env,
        timeout: options.timeoutMs,
        signal: options.signal,
        maxBuffer: 8 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr, timedOut: false });
        const code = typeof error.code === 'number' ? error.code : null;
        const spawnError = typeof error.code === 'string' && !error.killed ? error.code : undefined;
        resolve({ code, stdout, stderr, timedOut: error.killed === true, ...(spawnError ? { spawnError } : {}) });
      },
    );
  });
}

/**
 * Installs the carried packages (their declared ranges) for the check, or reuses the folder an
 * earlier run installed the same set into. `nodeModules` is what the check links as its
 * `node_modules`.
 */
export async function installDependencies(
  dependencies: readonly CarriedDependency[],
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DependencyInstall> {
  const started = Date.now();
  const npmSettings = npmRegistry(env);
  const { url: registry, cacheDir, timeoutMs } = npmSettings;
  const npm = findExecutable('npm');
  if (!npm) return { ok: false, message: 'npm is not installed on this worker' };
  const wanted = Object.fromEntries(
    [...dependencies].sort((a, b) => (a.name < b.name ? -1 : 1)).map((d) => [d.name, d.range]),
  );
  const key = createHash('sha256')
    .update(JSON.stringify([registry ?? '', wanted]))
    .digest('hex')
    .slice(0, 24);
  const target = join(cacheDir, 'installs', key);
  const nodeModules = join(target, 'node_modules');
  if (existsSync(join(target, '.installed'))) return { ok: true, nodeModules, reused: true, durationMs: 0 };
  await mkdir(join(cacheDir, 'installs'), { recursive: true });
  const staging = await mkdtemp(join(cacheDir, 'installs', `.${key}-`));
  try {
    await writeFile(
      join(staging, 'package.json'),
      `${JSON.stringify({ name: 'custom-code-check', private: true, dependencies: wanted }, null, 2)}\n`,
    );
    signal.throwIfAborted();
    const result = await run(
      npm,
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', ...npmSettings.fetchArgs],
      {
        cwd: staging,
        env: {
          ...npmSettings.env,
          npm_config_cache: join(cacheDir, 'npm'),
          npm_config_logs_dir: join(cacheDir, 'logs'),
          npm_config_update_notifier: 'false',
        },
        timeoutMs,
        signal,
      },
    );
    signal.throwIfAborted();
    if (result.code !== 0)
      return {
        ok: false,
        message: result.spawnError
          ? `npm could not start (${result.spawnError})`
          : npmSettings.failure(`${result.stdout}\n${result.stderr}`, result.timedOut),
      };
    await writeFile(join(staging, '.installed'), `${new Date().toISOString()}\n`);
    try {
      await rename(staging, target);
    } catch {
      // Another run installed the same set meanwhile: theirs is as good.
      if (!existsSync(join(target, '.installed'))) throw new Error(`could not keep the install in ${target}`);
    }
    return { ok: true, nodeModules, reused: false, durationMs: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
