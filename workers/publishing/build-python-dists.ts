import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findExecutable } from '../pipeline/check-with-tool.ts';
import { runTool, toolEnv } from './run-tool.ts';
import { pythonTools } from '../pipeline/python-tools.ts';

export type BuiltDists =
  | { ok: true; files: string[] }
  | { ok: false; code: 'tool_missing' | 'build_failed'; message: string };

/** The Python with the `build` module: the project's pinned tools environment first (python-tools.ts), then the system's. */
async function pythonWithBuild(home: string): Promise<string | undefined> {
  const candidates = [
    ...new Set([pythonTools().python, '/usr/bin/python3', findExecutable('python3')].filter((p): p is string => !!p)),
  ];
  for (const python of candidates) {
    const probe = await runTool(python, ['-I', '-c', 'import build, hatchling, setuptools, wheel'], {
      cwd: home,
      env: toolEnv(home),
      timeoutMs: 20_000,
      secrets: [],
    });
    if (probe.code === 0) return python;
  }
  return undefined;
}

/**
 * A wheel and an sdist of the unpacked Python SDK in `dir`, named and versioned as requested,
 * built by the standard tooling (`python3 -m build --no-isolation`, offline: the backend, hatchling
 * for the generated packages, is the pinned tools environment's) into `outDir`.
 */
export async function buildPythonDists(
  dir: string,
  outDir: string,
  packageName: string,
  version: string,
  timeoutMs: number,
): Promise<BuiltDists> {
  const pyprojectPath = join(dir, 'pyproject.toml');
  let pyproject: string;
  try {
    pyproject = await readFile(pyprojectPath, 'utf8');
  } catch {
    return { ok: false, code: 'build_failed', message: 'the artifact has no pyproject.toml' };
  }
  // Only the [project] table's own name and version lines (JSON strings are valid TOML basic strings).
  const start = pyproject.search(/^\[project\]\s*$/m);
  if (start === -1) return { ok: false, code: 'build_failed', message: 'pyproject.toml has no [project] table' };
  const nextTable = pyproject.slice(start + 1).search(/^\[/m);
  const end = nextTable === -1 ? pyproject.length : start + 1 + nextTable;
  const table = pyproject
    .slice(start, end)
    .replace(/^name\s*=.*$/m, `name = ${JSON.stringify(packageName)}`)
    .replace(/^version\s*=.*$/m, `version = ${JSON.stringify(version)}`);
  await writeFile(pyprojectPath, pyproject.slice(0, start) + table + pyproject.slice(end));
  await access(join(dir, 'dist')).then(
    () => runTool('rm', ['-rf', join(dir, 'dist')], { cwd: dir, env: toolEnv(dir), timeoutMs: 10_000, secrets: [] }),
    () => undefined,
  );
  const python = await pythonWithBuild(dir);
  if (!python)
    return {
      ok: false,
      code: 'tool_missing',
      message:
        'no python3 with the build, hatchling, setuptools and wheel modules on this worker (Debian: python3-build python3-hatchling python3-setuptools python3-wheel)',
    };
  const built = await runTool(
    python,
    ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', outDir, dir],
    { cwd: dir, env: toolEnv(dir), timeoutMs, secrets: [] },
  );
  if (built.code !== 0) {
    const lines = `${built.stdout}\n${built.stderr}`
      .trim()
      .split('\n')
      .filter((l) => /error|Error/.test(l))
      .slice(-3);
    return {
      ok: false,
      code: 'build_failed',
      message: `python3 -m build failed${built.timedOut ? ' (timed out)' : ''}: ${lines.join(' | ').replaceAll(dir, '.')}`,
    };
  }
  const files = (await readdir(outDir)).filter((f) => f.endsWith('.whl') || f.endsWith('.tar.gz')).sort();
  if (!files.some((f) => f.endsWith('.whl')) || !files.some((f) => f.endsWith('.tar.gz')))
    return { ok: false, code: 'build_failed', message: `python3 -m build made ${files.join(', ') || 'nothing'}` };
  return { ok: true, files: files.map((f) => join(outDir, f)) };
}
