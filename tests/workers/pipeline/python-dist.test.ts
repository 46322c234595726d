// The Python SDK step's wheel and sdist (workers/pipeline/python-dist.ts): built by the standard
// tooling for hostile descriptions too (names and versions that would overflow a file name), and
// when the tooling is missing the step says so and is skipped, never passed.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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
        /compileall, mypy --strict and pyright \(strict\) pass; no wheel or sdist: pyproject-build and twine not installed on this worker$/,
      );
      const files = outcome.artifacts?.[0] && 'files' in outcome.artifacts[0] ? outcome.artifacts[0].files : [];
      expect(files.some((f) => f.path.startsWith('dist/'))).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.PYTHON_TOOLS_DIR;
      else process.env.PYTHON_TOOLS_DIR = previous;
    }
  }, 120_000);
});
