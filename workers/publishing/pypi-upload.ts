import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { writeTree } from '../pipeline/check-with-tool.ts';
import { buildPythonDists } from './build-python-dists.ts';
import { changelogFile } from './changelog-file.ts';
import { codeForStatus, failure, shortLine, TIMED_OUT, UNREACHABLE, type PublishOutcome } from './outcome.ts';
import { runTool, toolEnv } from './run-tool.ts';
import { PYTHON_TOOLS_SETUP, pythonTools } from '../pipeline/python-tools.ts';

export interface PypiUploadInput {
  files: Map<string, Buffer>;
  packageName: string;
  version: string;
  repositoryUrl: string;
  username: string;
  token: string;
  timeoutMs: number;
  /** A retried attempt: files the repository already has are skipped (`twine --skip-existing`). */
  resumed: boolean;
  /** This version's CHANGELOG entry (Markdown, without its heading) and its date, shipped as CHANGELOG.md in the sdist. */
  changelog?: { entry: string; date: Date };
}

/**
 * Builds the wheel and sdist of the Python SDK at the requested name and version and uploads both
 * with `twine upload` (the standard upload protocol) to the configured repository. The password
 * reaches twine only as TWINE_PASSWORD in its environment.
 */
export async function pypiUpload(input: PypiUploadInput): Promise<PublishOutcome> {
  const target: Record<string, unknown> = {
    repositoryUrl: input.repositoryUrl,
    packageName: input.packageName,
    version: input.version,
  };
  const { twine } = pythonTools();
  if (!twine)
    return failure(
      'tool_missing',
      `twine is not installed on this worker (${PYTHON_TOOLS_SETUP} installs it).`,
      target,
    );
  const workDir = await mkdtemp(join(tmpdir(), 'report-pypi-'));
  try {
    const dir = await writeTree(
      [...input.files].map(([path, content]) => ({ path, content })),
      'report-pypi-package-',
    );
    const out = join(workDir, 'dist');
    await mkdir(out);
    if (input.changelog) {
      // The sdist carries the CHANGELOG: hatchling takes every file of the package; setuptools (the
      // backend of packages generated before hatchling) takes what MANIFEST.in includes.
      const earlier = await readFile(join(dir, 'CHANGELOG.md'), 'utf8').catch(() => undefined);
      await writeFile(
        join(dir, 'CHANGELOG.md'),
        changelogFile(input.version, input.changelog.entry, earlier, input.changelog.date),
      );
      const pyproject = await readFile(join(dir, 'pyproject.toml'), 'utf8').catch(() => '');
      const manifest = await readFile(join(dir, 'MANIFEST.in'), 'utf8').catch(() => '');
      if (/setuptools\.build_meta/.test(pyproject) && !/^include CHANGELOG\.md$/m.test(manifest))
        await writeFile(
          join(dir, 'MANIFEST.in'),
          `${manifest}${manifest && !manifest.endsWith('\n') ? '\n' : ''}include CHANGELOG.md\n`,
        );
    }
    try {
      const built = await buildPythonDists(dir, out, input.packageName, input.version, input.timeoutMs);
      if (!built.ok) return failure(built.code, `The wheel and sdist could not be built: ${built.message}.`, target);
      const dists = await Promise.all(
        built.files.map(async (file) => ({
          file: basename(file),
          sha256: createHash('sha256')
            .update(await readFile(file))
            .digest('hex'),
        })),
      );
      target.files = dists;
      const args = [
        'upload',
        '--non-interactive',
        '--disable-progress-bar',
        '--repository-url',
        input.repositoryUrl,
        ...(input.resumed ? ['--skip-existing'] : []),
        ...built.files,
      ];
      const home = join(workDir, 'home');
      await mkdir(home);
      const uploaded = await runTool(twine, args, {
        cwd: workDir,
        env: toolEnv(home, {
          TWINE_USERNAME: input.username,
          TWINE_PASSWORD: input.token,
          TWINE_NON_INTERACTIVE: '1',
          PYTHONDONTWRITEBYTECODE: '1',
        }),
        timeoutMs: input.timeoutMs,
        secrets: [input.token],
      });
      if (uploaded.code !== 0) return twineFailure(uploaded.stdout + '\n' + uploaded.stderr, uploaded.timedOut, target);
      return {
        ok: true,
        summary: `Uploaded ${dists.map((d) => d.file).join(' and ')} to ${input.repositoryUrl}.`,
        target: { ...target, url: input.repositoryUrl },
        registryResponse: {
          status: 200,
          message:
            shortLine(
              uploaded.stdout
                .split('\n')
                .filter((l) => /Uploading|View at|Skipping/.test(l))
                .join(' '),
              200,
            ) || 'uploaded',
        },
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** twine's "HTTPError: 403 Forbidden from <url>" and friends as a clear outcome. */
function twineFailure(output: string, timedOut: boolean, target: Record<string, unknown>): PublishOutcome {
  if (timedOut) return failure('registry_timeout', 'twine upload: the repository did not answer in time.', target);
  const http = /HTTPError:\s*(\d{3})\s*([^\n]*?)\s+from\s/.exec(output);
  if (http) {
    const status = Number(http[1]);
    const after = output
      .slice(http.index + http[0].length)
      .split('\n')
      .slice(1)
      .join(' ');
    const reason = shortLine(`${http[2]} ${after}`, 200);
    const response = { status, code: http[2]!.trim() || String(status), message: reason };
    if (/already exists|File already exists|filename has already been used/i.test(output))
      return failure(
        'version_exists',
        `twine upload: the repository already has this version (${status}).`,
        target,
        response,
      );
    return failure(
      codeForStatus(status),
      `twine upload: the repository answered ${status} ${http[2]}.`,
      target,
      response,
    );
  }
  if (TIMED_OUT.test(output))
    return failure('registry_timeout', 'twine upload: the repository did not answer in time.', target);
  if (UNREACHABLE.test(output))
    return failure('registry_unreachable', 'twine upload: the repository could not be reached.', target, {
      message: shortLine(output.split('\n').filter(Boolean).slice(-1).join(''), 200),
    });
  return failure(
    'registry_error',
    `twine upload failed: ${shortLine(output.split('\n').filter(Boolean).slice(-2).join(' '), 200)}`,
    target,
  );
}
