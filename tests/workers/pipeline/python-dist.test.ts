// The Python SDK step's wheel and sdist (workers/pipeline/python-dist.ts): built by the standard
// tooling for hostile descriptions too (names and versions that would overflow a file name), and
// when the tooling is missing the step says so and is skipped, never passed.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTILE_CASES } from '../../fixtures/hostile/cases.ts';
import { analyzeSpec } from '../../../workers/generators/analyze.ts';
import { emitPythonSdk } from '../../../workers/generators/python/index.ts';
import { buildPythonDists } from '../../../workers/pipeline/python-dist.ts';
import { PYTHON_TOOLS_SETUP, pythonTools } from '../../../workers/pipeline/python-tools.ts';
import { pythonSdkStep } from '../../../workers/pipeline/steps/python-sdk.ts';
import { PETSTORE } from '../../setup/http.ts';
import { stepContext } from '../../setup/step-context.ts';

/** SOURCE_DATE_EPOCH of the builds (python-dist.ts). */
const EPOCH = 315532800;

/** The gzip header's time and every ustar entry's mtime (octal at offset 136 of each 512-byte header). */
function sdistTimes(bytes: Buffer): { gzip: number; entries: Set<number> } {
  const tar = gunzipSync(bytes);
  const entries = new Set<number>();
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/, '').trim() || '0', 8);
    entries.add(Number.parseInt(header.subarray(136, 148).toString('latin1').replace(/\0.*$/, '').trim(), 8));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return { gzip: bytes.readUInt32LE(4), entries };
}

const tools = pythonTools().missing;
if (tools.length)
  console.warn(
    `\n*** python-dist tests SKIPPED: ${tools.join(', ')} not installed (${PYTHON_TOOLS_SETUP} installs them) ***\n`,
  );

describe.skipIf(tools.length > 0)('Python SDK wheel and sdist', () => {
  const temp: string[] = [];
  afterAll(() => temp.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('builds for hostile names: 5,000-character titles and a 1,000-digit version still give file names a file system accepts', async () => {
    for (const name of ['very-long-names', 'py-names-breakout', 'ts-doc-comment-breakout']) {
      const hostile = HOSTILE_CASES.find((c) => c.name === name)!;
      const model = (await analyzeSpec({ openapiText: hostile.openapiText, mode: 'flagship' })).model!;
      const result = await buildPythonDists(emitPythonSdk(model), new AbortController().signal);
      expect(result.status, `${name}: ${JSON.stringify(result).slice(0, 500)}`).toBe('built');
      if (result.status !== 'built') continue;
      expect(
        result.built.filter((f) => f.path.endsWith('-py3-none-any.whl')),
        name,
      ).toHaveLength(1);
      expect(
        result.built.filter((f) => f.path.endsWith('.tar.gz')),
        name,
      ).toHaveLength(1);
      for (const file of result.built) expect(file.path.length, file.path).toBeLessThan(200);
    }
  }, 120_000);

  it('writes the sdist with every time at SOURCE_DATE_EPOCH, from hatchling and from a pyproject that names setuptools', async () => {
    const model = (await analyzeSpec({ openapiText: PETSTORE, mode: 'flagship' })).model!;
    const generated = emitPythonSdk(model);
    // The shape of the packages generated before hatchling (a run published later, or a partner's
    // own pyproject): setuptools stamps the build's clock, which the step rewrites.
    const setuptools = generated.map((f) =>
      f.path === 'pyproject.toml'
        ? {
            path: f.path,
            content: String(f.content)
              .replace(
                /\[build-system\][^[]*/,
                '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n',
              )
              .replace(/\[tool\.hatch[\s\S]*$/, '[tool.setuptools.packages.find]\nwhere = ["src"]\n'),
          }
        : f,
    );
    for (const [backend, files] of [
      ['hatchling', generated],
      ['setuptools', setuptools],
    ] as const) {
      const pyproject = String(files.find((f) => f.path === 'pyproject.toml')?.content);
      expect(pyproject, backend).toContain(`${backend}.build`);
      const result = await buildPythonDists(files, new AbortController().signal);
      expect(result.status, `${backend}: ${JSON.stringify(result).slice(0, 500)}`).toBe('built');
      if (result.status !== 'built') continue;
      const sdist = result.built.find((f) => f.path.endsWith('.tar.gz'))!;
      const times = sdistTimes(Buffer.from(sdist.content));
      expect(times.gzip, backend).toBe(EPOCH);
      expect([...times.entries], backend).toEqual([EPOCH]);
    }
  }, 120_000);

  it('without pyproject-build and twine on the worker the step is skipped and names them (mypy and pyright still ran)', async () => {
    // A tools environment with the pinned interpreter and mypy only.
    const dir = mkdtempSync(join(tmpdir(), 'python-dist-tools-'));
    temp.push(dir);
    mkdirSync(join(dir, 'bin'));
    const { python, mypy } = pythonTools();
    symlinkSync(python!, join(dir, 'bin', 'python3'));
    symlinkSync(mypy!, join(dir, 'bin', 'mypy'));
    const previous = process.env.PYTHON_TOOLS_DIR;
    process.env.PYTHON_TOOLS_DIR = dir;
    try {
      const outcome = await pythonSdkStep.run(stepContext(PETSTORE));
      expect(outcome.status).toBe('skipped');
      expect(outcome.summary).toMatch(
        /every file compiles, mypy --strict and pyright \(strict\) pass; no wheel or sdist: pyproject-build and twine not installed on this worker$/,
      );
      const files = outcome.artifacts?.[0] && 'files' in outcome.artifacts[0] ? outcome.artifacts[0].files : [];
      expect(files.some((f) => f.path.startsWith('dist/'))).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.PYTHON_TOOLS_DIR;
      else process.env.PYTHON_TOOLS_DIR = previous;
    }
  }, 120_000);
});
