// The python_sdk step's checkers run on the pinned environment (workers/pipeline/python-tools.ts),
// never on whatever `python3` PATH finds: pyright is given the environment's interpreter for its
// search paths, as mypy runs in it.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonTools } from '../../../../workers/pipeline/python-tools.ts';
import { pythonSdkStep } from '../../../../workers/pipeline/steps/python-sdk.ts';
import { PETSTORE } from '../../../setup/http.ts';
import { stepContext } from '../../../setup/step-context.ts';

const tools = pythonTools();

describe.skipIf(tools.missing.length > 0)('the python_sdk step', { timeout: 180_000 }, () => {
  it('checks with the pinned interpreter, not the python3 that PATH finds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'path-python-'));
    const marker = join(dir, 'called');
    // A python3 first on PATH that says it was called, then does what was asked.
    for (const name of ['python3', 'python'])
      writeFileSync(join(dir, name), `#!/bin/sh\ntouch '${marker}'\nexec '${tools.python}' "$@"\n`);
    for (const name of ['python3', 'python']) chmodSync(join(dir, name), 0o755);
    const path = process.env.PATH;
    const cache = process.env.REPORT_CHECK_CACHE_DIR;
    process.env.PATH = `${dir}:${path}`;
    // A cache of its own, so every checker runs (a package that passed before skips them).
    process.env.REPORT_CHECK_CACHE_DIR = join(dir, 'passes');
    try {
      const outcome = await pythonSdkStep.run(stepContext(PETSTORE));
      expect(outcome.status, outcome.summary).toBe('passed');
      expect(outcome.summary).toContain('pyright (strict) pass');
      expect(existsSync(marker)).toBe(false);
    } finally {
      process.env.PATH = path;
      if (cache === undefined) delete process.env.REPORT_CHECK_CACHE_DIR;
      else process.env.REPORT_CHECK_CACHE_DIR = cache;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
