// Shared by the Python SDK generator tests: fixtures -> model, writing packages to disk, and
// running python3 / mypy once over many packages.

import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fixtureModelOf } from '../helpers.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';
import type { GeneratedFile } from '../../../../workers/generators/python/index.ts';
import {
  PYRIGHT_NODE_ARGS,
  PYRIGHT as PINNED_PYRIGHT,
  pythonTools,
} from '../../../../workers/pipeline/python-tools.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const FIXTURES = join(REPO_ROOT, 'tests/fixtures/python');
export const BUNDLE_DIR = join(REPO_ROOT, 'workers/generators/python/bundle');

/** name -> [description file, config file] */
export const FIXTURE_FILES: Record<string, [string, string | undefined]> = {
  live: ['live.openapi.yaml', 'live.config.yaml'],
  shapes: ['shapes.openapi.yaml', 'shapes.config.yaml'],
  hostile: ['hostile.openapi.json', undefined],
  models: ['models.openapi.yaml', undefined],
  'oauth-hooks': ['oauth-hooks.openapi.yaml', 'oauth-hooks.config.yaml'],
  'hostile-hooks': ['hostile-hooks.openapi.json', undefined],
  // Webhooks without a payload schema (oai-examples tictactoe's shape): unwrap() returns `object`.
  'webhooks-untyped': ['webhooks-untyped.openapi.yaml', undefined],
};

export function fixtureModel(name: string): Promise<ApiModel> {
  return fixtureModelOf(FIXTURES, name, FIXTURE_FILES[name]);
}

export { writeFiles } from '../../../setup/golden.ts';

function which(cmd: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export const PYTHON = which('python3');
/** The project's pinned mypy (workers/pipeline/python-tools.ts; `npm install` sets it up). */
export const MYPY = pythonTools().mypy;

export interface ToolResult {
  code: number;
  output: string;
}

export async function run(
  cmd: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ToolResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(cmd, args, {
      maxBuffer: 256 * 1024 * 1024,
      timeout: options.timeoutMs ?? 240_000,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.env ? { env: options.env } : {}),
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      output: `${e.stdout ?? ''}${e.stderr ?? ''}` || String(error),
    };
  }
}

/**
 * `mypy --strict --python-version 3.10` over the `src` dirs of several packages in one run.
 * Each package lives in `<root>/<name>/src/<module>`; all are checked as separate top-level packages.
 */
export async function runMypy(srcDirs: string[], cacheDir: string, extraPackages: string[] = []): Promise<ToolResult> {
  const args = [
    '--strict',
    '--python-version',
    '3.10',
    '--no-error-summary',
    '--show-error-codes',
    '--hide-error-context',
    '--no-color-output',
    '--cache-dir',
    cacheDir,
  ];
  // Each src dir goes on MYPYPATH and its package is checked with -p (module names are unique per run).
  const env = { ...process.env, MYPYPATH: srcDirs.join(':') };
  const packages = [
    ...extraPackages.flatMap((p) => ['-p', p]),
    ...srcDirs.filter((d) => !extraPackages.includes(readModuleName(d))).flatMap((dir) => ['-p', readModuleName(dir)]),
  ];
  return run(MYPY as string, [...args, ...packages], { env, timeoutMs: 1_200_000 });
}

function readModuleName(srcDir: string): string {
  const names = execFileSync('ls', [srcDir], { encoding: 'utf8' })
    .split('\n')
    .filter((n) => n !== '');
  if (names.length !== 1) throw new Error(`expected one package in ${srcDir}`);
  return names[0] as string;
}

/** mypy error lines grouped by package directory name (`<root>/<name>/src/...`). */
export function errorsByPackage(output: string, srcDirs: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    if (!/: error:/.test(line)) continue;
    const dir = srcDirs.find((d) => line.startsWith(d + '/'));
    const key = dir ?? '(unknown)';
    const list = out.get(key) ?? [];
    list.push(line);
    out.set(key, list);
  }
  return out;
}

export const SHARED_RUNTIME = 'sdk_runtime_shared';

/**
 * For multi-package mypy runs: the bundled runtime files (identical in every package) are checked
 * once, as `<root>/runtime/src/sdk_runtime_shared/`, and each package's copies are replaced by
 * `from sdk_runtime_shared.<file> import *` (the runtime modules declare `__all__`). The generated
 * code is still checked against the real runtime; only the duplicate copies are skipped.
 */
export function shareRuntime(root: string, files: GeneratedFile[]): GeneratedFile[] {
  const bundleNames = new Set(readdirSync(BUNDLE_DIR).filter((n) => n.endsWith('.py')));
  const runtimeDir = join(root, 'runtime/src', SHARED_RUNTIME);
  if (!existsSync(runtimeDir)) {
    mkdirSync(runtimeDir, { recursive: true });
    writeFileSync(join(runtimeDir, '__init__.py'), '');
    writeFileSync(join(runtimeDir, 'py.typed'), '');
    for (const name of bundleNames) writeFileSync(join(runtimeDir, name), readFileSync(join(BUNDLE_DIR, name), 'utf8'));
  }
  // The package folder as emitted (the emitter normalises the module name it is given).
  const base = files.find((f) => /^src\/[^/]+\/_base_client\.py$/.test(f.path));
  if (base === undefined) throw new Error('shareRuntime: no src/<package>/_base_client.py among the files');
  const prefix = base.path.slice(0, -'_base_client.py'.length);
  return files.map((file) => {
    const name = file.path.slice(prefix.length);
    if (file.path.startsWith(prefix) && bundleNames.has(name))
      return { path: file.path, content: `from ${SHARED_RUNTIME}.${name.slice(0, -3)} import *\n` };
    return file;
  });
}

/** The pinned pyright CLI (npm dependency), run by this Node. */
export const PYRIGHT = PINNED_PYRIGHT;

/**
 * `pyright` in strict mode (Python 3.10) over several packages' `src` dirs in one run: a
 * `pyrightconfig.json` written into `configDir` includes them all (`extraPaths` for shared code).
 */
export async function runPyright(configDir: string, srcDirs: string[], extraPaths: string[] = []): Promise<ToolResult> {
  const config = join(configDir, 'pyrightconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      // pyright takes `include` entries relative to the config's folder (absolute ones are ignored).
      include: [...extraPaths, ...srcDirs].map((d) => relative(configDir, d) || '.'),
      extraPaths,
      typeCheckingMode: 'strict',
      pythonVersion: '3.10',
    }),
  );
  return run(process.execPath, [...PYRIGHT_NODE_ARGS, PYRIGHT, '-p', config], { timeoutMs: 1_200_000 });
}

/** pyright error lines (`<file>:<line>:<col> - error: ...`) grouped by package `src` dir. */
export function pyrightErrorsByPackage(output: string, srcDirs: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (!/ - error: /.test(line)) continue;
    const key = srcDirs.find((d) => line.startsWith(d + '/')) ?? '(unknown)';
    out.set(key, [...(out.get(key) ?? []), line]);
  }
  return out;
}

/**
 * A user's script against a generated package under `<root>/src`: written as `<root>/drive.py`,
 * type-checked by `mypy --strict` (when mypy is installed), then run with the package on PYTHONPATH.
 */
export async function typeCheckAndRun(
  root: string,
  script: string,
  env: Record<string, string>,
): Promise<{ checked: ToolResult | undefined; result: ToolResult }> {
  writeFileSync(join(root, 'drive.py'), script);
  const checked =
    MYPY === undefined
      ? undefined
      : await run(
          MYPY,
          ['--strict', '--python-version', '3.10', '--cache-dir', join(root, '.mypy_cache'), join(root, 'drive.py')],
          { env: { ...process.env, MYPYPATH: join(root, 'src') }, timeoutMs: 120_000 },
        );
  const result = await run(PYTHON as string, [join(root, 'drive.py')], {
    env: { ...process.env, PYTHONPATH: join(root, 'src'), ...env },
    timeoutMs: 60_000,
  });
  return { checked, result };
}
