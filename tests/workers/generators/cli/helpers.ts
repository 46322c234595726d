// Shared by the CLI generator tests: fixtures -> model -> CLI package, one TypeScript 7 (native)
// compiler run for many packages, and running a compiled CLI as a subprocess.

import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fixtureModelOf } from '../helpers.ts';
import { checkOptions } from '../typescript/helpers.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';
import type { GeneratedFile } from '../../../../workers/generators/cli/index.ts';
import { writeFiles } from '../../../setup/golden.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
export const CLI_FIXTURES = join(REPO_ROOT, 'tests/fixtures/cli');
export const TSC_NATIVE = join(REPO_ROOT, 'node_modules/typescript-native/bin/tsc');
export const TYPE_ROOTS = join(REPO_ROOT, 'node_modules/@types');

/** name -> [description file, config file], all under tests/fixtures/cli. */
export const CLI_FIXTURE_FILES: Record<string, [string, string | undefined]> = {
  pets: ['pets.openapi.yaml', 'pets.config.yaml'],
  hostile: ['hostile.openapi.json', undefined],
  // OAuth2 client credentials and webhooks: the TypeScript SDK's fixture, shared rather than copied.
  'oauth-hooks': ['../typescript/oauth-hooks.openapi.yaml', '../typescript/oauth-hooks.config.yaml'],
};

export function cliFixtureModel(name: string): Promise<ApiModel> {
  return fixtureModelOf(CLI_FIXTURES, name, CLI_FIXTURE_FILES[name]);
}

export { writeFiles };

/** The generated package's compiler options (strict), with Node's types found in this repository. */
export function cliCheckOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return checkOptions({ types: ['node'], typeRoots: [TYPE_ROOTS], ...extra });
}

/** Runs TypeScript 7 (native) on a project; resolves with the exit code and output. */
export async function runTscNative(project: string, timeoutMs = 240_000): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [TSC_NATIVE, '-p', project, '--pretty', 'false'],
      { maxBuffer: 256 * 1024 * 1024, timeout: timeoutMs },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      output: `${e.stdout ?? ''}${e.stderr ?? ''}` || String(error),
    };
  }
}

/** Writes packages under `root/<dir>/` and compiles them all to `root/out/<dir>/src` with ONE tsc run. */
export async function compilePackages(
  root: string,
  packages: Map<string, readonly GeneratedFile[]>,
): Promise<{ code: number; output: string }> {
  for (const [dir, files] of packages) writeFiles(join(root, dir), files);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const dirs = [...packages.keys()];
  // One project, every package's src -> its own dist (rootDir is the common root).
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: cliCheckOptions({ rootDir: '.', outDir: 'out', declaration: false, sourceMap: false }),
      include: dirs.map((d) => `${d}/src/**/*.ts`),
    }),
  );
  return runTscNative(join(root, 'tsconfig.json'));
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a compiled CLI (`out/<pkg>/src/main.js`) with node. */
export function runCli(
  mainJs: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [mainJs, ...args], {
      env: { PATH: process.env.PATH ?? '', ...options.env },
      cwd: options.cwd ?? dirname(mainJs),
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 20_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
