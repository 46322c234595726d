import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { findExecutable } from '../check-with-tool.ts';
import type { TextTree } from './carry-sources.ts';

export interface RepositoryTrees {
  /** The default branch's tree: the customer's SDK today (theirs). */
  current?: TextTree;
  /** The `generated` branch's tree: the pristine generation last pushed (the base), and its run. */
  generated?: { runId: string | null; files: TextTree };
}

const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Reads the connected SDK repository's default branch and `generated` branch (shallow clones of
 * each, over the service's git remote with its token in a header, never the URL). A branch that
 * does not exist is absent; a repository that cannot be read throws.
 */
export async function readRepositoryTrees(options: {
  remote: string;
  token: string | undefined;
  defaultBranch: string;
  timeoutMs: number;
}): Promise<RepositoryTrees> {
  const git = findExecutable('git');
  if (!git) throw new Error('git is not installed on this worker');
  const dir = await mkdtemp(join(tmpdir(), 'report-repo-read-'));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    ...(options.token && /^https?:/.test(options.remote)
      ? {
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: 'http.extraHeader',
          GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from(`x-access-token:${options.token}`).toString('base64')}`,
        }
      : {}),
  };
  const run = async (args: string[], cwd: string) => {
    const { execFile } = await import('node:child_process');
    return await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        git,
        args,
        { cwd, env, timeout: options.timeoutMs, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      ),
    );
  };
  try {
    const heads = await run(
      ['ls-remote', options.remote, `refs/heads/${options.defaultBranch}`, 'refs/heads/generated'],
      dir,
    );
    if (heads.code !== 0) throw new Error(`git ls-remote failed: ${heads.stderr.trim().slice(0, 200)}`);
    const read = async (branch: string): Promise<{ files: TextTree; message: string } | undefined> => {
      if (!heads.stdout.includes(`refs/heads/${branch}\n`) && !heads.stdout.endsWith(`refs/heads/${branch}`))
        return undefined;
      const target = join(dir, branch.replace(/[^A-Za-z0-9_-]/g, '_'));
      await mkdir(target);
      const cloned = await run(['clone', '-q', '--depth', '1', '--branch', branch, options.remote, '.'], target);
      if (cloned.code !== 0) throw new Error(`git clone ${branch} failed: ${cloned.stderr.trim().slice(0, 200)}`);
      const message = (await run(['log', '-1', '--format=%B'], target)).stdout;
      const files: TextTree = {};
      for (const entry of await readdir(target, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const path = relative(target, join(entry.parentPath, entry.name)).split(sep).join('/');
        if (path === '.git' || path.startsWith('.git/')) continue;
        const bytes = await readFile(join(target, path));
        if (bytes.length <= MAX_FILE_BYTES && !bytes.includes(0)) files[path] = bytes.toString('utf8');
      }
      return { files, message };
    };
    const [current, generated] = [await read(options.defaultBranch), await read('generated')];
    return {
      ...(current ? { current: current.files } : {}),
      ...(generated
        ? {
            generated: {
              runId: /\(run (run_[0-9a-z]+)\)/.exec(generated.message)?.[1] ?? null,
              files: generated.files,
            },
          }
        : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A repository tree as `oldSdkText` for the compatibility diff (the README's `// File:` joining). */
export function joinedSdkText(files: TextTree, language: 'typescript' | 'python' | 'go'): string {
  const header = language === 'python' ? '#' : '//';
  const wanted = (path: string) =>
    language === 'typescript'
      ? (path.startsWith('src/') && path.endsWith('.ts')) || path === 'package.json'
      : language === 'python'
        ? (path.startsWith('src/') && path.endsWith('.py')) || path === 'pyproject.toml'
        : path.endsWith('.go') || path === 'go.mod';
  return Object.keys(files)
    .filter(wanted)
    .sort()
    .map((path) => `${header} File: ${path}\n${files[path]}${files[path]!.endsWith('\n') ? '' : '\n'}`)
    .join('');
}
