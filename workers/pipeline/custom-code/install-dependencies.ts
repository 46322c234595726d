// The npm packages carried with a customer's code (carry-dependencies.ts), installed so the
// step's `tsc` sees their types: `npm install --ignore-scripts` (nothing of theirs runs) into a
// folder of the worker's npm cache keyed by the registry and the exact set of packages, reused by
// later runs that carry the same set. The registry is configuration (CUSTOM_CODE_NPM_REGISTRY, else
// npm's own: NPM_CONFIG_REGISTRY or the worker user's .npmrc); a registry that cannot be reached is
// said in plain words, and the compile then runs without the packages.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CarriedDependency } from '../../../shared/schemas/custom-code.ts';
import { findExecutable } from '../check-with-tool.ts';

export type DependencyInstall =
  | { ok: true; nodeModules: string; reused: boolean; durationMs: number }
  | { ok: false; message: string };

/** The worker's settings (docs/deployment.md): read when a run needs them, so tests can set them. */
function settings(env: NodeJS.ProcessEnv): { registry?: string; cacheDir: string; timeoutMs: number } {
  const timeout = env.CUSTOM_CODE_NPM_TIMEOUT_MS;
  const timeoutMs = timeout ? Number(timeout) : 120_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`CUSTOM_CODE_NPM_TIMEOUT_MS must be a positive whole number of milliseconds (got ${timeout})`);
  const registry = env.CUSTOM_CODE_NPM_REGISTRY || undefined;
  if (registry && !/^https?:\/\//.test(registry))
    throw new Error(`CUSTOM_CODE_NPM_REGISTRY must be an http(s) URL (got ${registry})`);
  return {
    ...(registry ? { registry } : {}),
    cacheDir: env.CUSTOM_CODE_NPM_CACHE_DIR || join(tmpdir(), 'report-service-npm-cache'),
    timeoutMs,
  };
}

/**
 * npm's registry and network settings from the worker's environment, nothing else (not the
 * `npm_config_local_prefix` an `npm run` sets, which would install into the worker's own checkout).
 */
function npmEnv(env: NodeJS.ProcessEnv, cacheDir: string, registry: string | undefined): NodeJS.ProcessEnv {
  const passed = Object.fromEntries(
    Object.entries(env).filter(
      ([key]) =>
        /^(https?_proxy|no_proxy|node_extra_ca_certs)$/i.test(key) ||
        /^npm_config_(registry|userconfig|globalconfig|proxy|https_proxy|noproxy|cafile|ca|strict_ssl)$/i.test(key),
    ),
  );
  return {
    ...passed,
    PATH: env.PATH ?? '/usr/bin:/bin',
    // The worker user's home: npm reads its .npmrc (a registry mirror, a proxy, a CA).
    HOME: env.HOME ?? homedir(),
    LANG: 'C.UTF-8',
    npm_config_cache: join(cacheDir, 'npm'),
    npm_config_logs_dir: join(cacheDir, 'logs'),
    npm_config_update_notifier: 'false',
    ...(registry ? { npm_config_registry: registry } : {}),
  };
}

/** Why an npm install failed, in plain words (the registry's state, npm's code; never its full log). */
function failureOf(output: string, timedOut: boolean, where: string): string {
  const code = /npm (?:error|ERR!) code (\S+)/.exec(output)?.[1];
  if (timedOut || /ETIMEDOUT|ESOCKETTIMEDOUT/.test(output))
    return `the registry ${where} did not answer in time${code ? ` (${code})` : ''}`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH/.test(output))
    return `the registry ${where} could not be reached (${code ?? 'connection failed'})`;
  const line = output
    .split('\n')
    .find((l) => /npm (error|ERR!) (?!code)/.test(l))
    ?.replace(/^npm (error|ERR!)\s*/, '')
    .slice(0, 200);
  return `npm install from ${where} failed${code ? ` (${code})` : ''}${line ? `: ${line}` : ''}`;
}

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
  const { registry, cacheDir, timeoutMs } = settings(env);
  const where = registry ?? "npm's configured registry";
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
      [
        'install',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--fetch-retries=1',
        '--fetch-retry-mintimeout=1000',
        '--fetch-retry-maxtimeout=3000',
        `--fetch-timeout=${Math.min(timeoutMs, 30_000)}`,
      ],
      { cwd: staging, env: npmEnv(env, cacheDir, registry), timeoutMs, signal },
    );
    signal.throwIfAborted();
    if (result.code !== 0)
      return {
        ok: false,
        message: result.spawnError
          ? `npm could not start (${result.spawnError})`
          : failureOf(`${result.stdout}\n${result.stderr}`, result.timedOut, where),
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
