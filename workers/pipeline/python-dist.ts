import { execFile } from 'node:child_process';
import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readTree, writeTreeNow } from './check-with-tool.ts';
import { runInBackground } from './priority.ts';
import { pythonTools } from './python-tools.ts';
import type { GeneratedFile } from './step.ts';

export type PythonDistResult =
  /** Built and checked: `dist/<name>-<version>-py3-none-any.whl` and `dist/<name>-<version>.tar.gz`. */
  | { status: 'built'; built: GeneratedFile[]; durationMs: number }
  /** The standard tooling is not installed on this worker: nothing was built, and the summary says what is missing. */
  | { status: 'missing'; missing: string[] }
  /** The tooling ran and refused the package (the problems are its own lines). */
  | { status: 'failed'; tool: string; problems: string[]; durationMs: number };

const BUILD_TIMEOUT_MS = 120_000;
/** Zip files cannot hold dates before 1980; a fixed date keeps the wheel's bytes stable. */
const SOURCE_DATE_EPOCH = '315532800';

/**
 * hatchling (the generated packages' backend) writes both files reproducibly from
 * SOURCE_DATE_EPOCH. A package whose own pyproject names setuptools gets an sdist whose tar entries
 * and gzip header carry the build's clock. This rewrites such an sdist with the same members in the
 * same order and the same contents, with each entry's time SOURCE_DATE_EPOCH and owner root, and the
 * gzip header's time the same: the same package gives the same sdist bytes on every run (what
 * strip-nondeterminism does for Debian).
 */
const NORMALIZE_SDIST = [
  'import gzip, io, sys, tarfile',
  'path, epoch = sys.argv[1], int(sys.argv[2])',
  "with tarfile.open(path, 'r:gz') as t:",
  '    members = [(m, t.extractfile(m).read() if m.isfile() else None) for m in t.getmembers()]',
  'out = io.BytesIO()',
  "with tarfile.open(fileobj=out, mode='w', format=tarfile.PAX_FORMAT) as t:",
  '    for m, data in members:',
  "        m.mtime, m.uid, m.gid, m.uname, m.gname = epoch, 0, 0, 'root', 'root'",
  "        m.pax_headers = {k: v for k, v in m.pax_headers.items() if k not in ('mtime', 'atime', 'ctime')}",
  '        t.addfile(m, io.BytesIO(data) if data is not None else None)',
  "with open(path, 'wb') as f, gzip.GzipFile(filename='', mode='wb', fileobj=f, mtime=epoch) as g:",
  '    g.write(out.getvalue())',
].join('\n');

/** Whether a gzip file's header carries SOURCE_DATE_EPOCH as its time (a reproducible build wrote it). */
async function writtenAtEpoch(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(8);
    const { bytesRead } = await handle.read(header, 0, 8, 0);
    return (
      bytesRead === 8 &&
      header[0] === 0x1f &&
      header[1] === 0x8b &&
      header.readUInt32LE(4) === Number(SOURCE_DATE_EPOCH)
    );
  } finally {
    await handle.close();
  }
}

function run(
  command: string,
  args: string[],
  cwd: string,
  signal: AbortSignal,
): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      {
        cwd,
        signal,
        timeout: BUILD_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
        // Offline by construction: no build isolation (no download of the backend), no pip index.
        env: { ...process.env, SOURCE_DATE_EPOCH, PIP_NO_INDEX: '1', NO_COLOR: '1', PYTHONDONTWRITEBYTECODE: '1' },
      },
      (error, stdout, stderr) => {
        const output = `${stdout}\n${stderr}`;
        if (!error) return resolve({ ok: true, output });
        resolve({
          ok: false,
          output: error.killed ? `timed out after ${BUILD_TIMEOUT_MS} ms\n${output}` : output || error.message,
        });
      },
    );
    runInBackground(child.pid);
  });
}

/** The lines of a tool's output worth showing: errors first, colour codes and the temp folder removed. */
function problemLines(output: string, root: string): string[] {
  const lines = output
    .split('\n')
    .map((l) =>
      l
        .replace(/\u001b\[[0-9;]*m/g, '')
        .replaceAll(root, '.')
        .trim(),
    )
    .filter(Boolean);
  const errors = lines.filter((l) => /error|fail|warning|invalid|timed out/i.test(l));
  return (errors.length ? errors : lines.slice(-5)).slice(0, 20);
}

/**
 * Builds the wheel and the sdist of a generated Python package with the standard tooling, the way
 * a maintainer would: `pyproject-build --no-isolation` (PyPA `build` with the backend the pyproject
 * names, hatchling for the generated packages, pinned in the project's environment (python-tools.ts),
 * so nothing is downloaded),
 * then `twine check --strict` on both files (the metadata PyPI would accept and render).
 */
export async function buildPythonDists(
  files: readonly GeneratedFile[],
  signal: AbortSignal,
): Promise<PythonDistResult> {
  const { pyprojectBuild: build, twine } = pythonTools();
  const missing = [build ? undefined : 'pyproject-build', twine ? undefined : 'twine'].filter((m): m is string => !!m);
  const { python } = pythonTools();
  if (!build || !twine || !python) return { status: 'missing', missing };
  const started = Date.now();
  const root = writeTreeNow(files, 'report-pydist-python_sdk-');
  try {
    const built = await run(build, ['--no-isolation', '--sdist', '--wheel', '--outdir', 'dist', '.'], root, signal);
    signal.throwIfAborted();
    if (!built.ok)
      return {
        status: 'failed',
        tool: 'python -m build',
        problems: problemLines(built.output, root),
        durationMs: Date.now() - started,
      };
    const sdists = (await readdir(join(root, 'dist'))).filter((name) => name.endsWith('.tar.gz'));
    for (const name of sdists) {
      if (await writtenAtEpoch(join(root, 'dist', name))) continue;
      const normalized = await run(
        python,
        ['-I', '-c', NORMALIZE_SDIST, join('dist', name), SOURCE_DATE_EPOCH],
        root,
        signal,
      );
      signal.throwIfAborted();
      if (!normalized.ok)
        return {
          status: 'failed',
          tool: 'sdist normalization',
          problems: problemLines(normalized.output, root),
          durationMs: Date.now() - started,
        };
    }
    const dists = await readTree(root, 'dist');
    const wheel = dists.filter((f) => f.path.endsWith('.whl'));
    const sdist = dists.filter((f) => f.path.endsWith('.tar.gz'));
    if (wheel.length !== 1 || sdist.length !== 1) {
      return {
        status: 'failed',
        tool: 'python -m build',
        problems: [
          `expected one wheel and one sdist in dist/, found ${dists.map((f) => f.path).join(', ') || 'nothing'}`,
        ],
        durationMs: Date.now() - started,
      };
    }
    const checked = await run(twine, ['check', '--strict', ...dists.map((f) => f.path)], root, signal);
    signal.throwIfAborted();
    if (!checked.ok)
      return {
        status: 'failed',
        tool: 'twine check',
        problems: problemLines(checked.output, root),
        durationMs: Date.now() - started,
      };
    return { status: 'built', built: dists, durationMs: Date.now() - started };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
