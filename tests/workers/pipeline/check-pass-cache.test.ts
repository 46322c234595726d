// Checks remembered between runs on one worker (workers/pipeline/check-pass-cache.ts) and mypy's
// incremental cache: a tree a tool passed before is not checked again, a changed tree is, a failure
// is never remembered; and mypy with a warm cache still finds an error that a change in one module
// causes in another module whose bytes did not change (its cache tracks dependencies).

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWithTools, type ToolRun } from '../../../workers/pipeline/check-with-tool.ts';
import { pythonTools } from '../../../workers/pipeline/python-tools.ts';

const temp = mkdtempSync(join(tmpdir(), 'check-pass-cache-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('checks remembered between runs', () => {
  it('a tree that passed is not checked again; a changed tree and a failing tree are', async () => {
    const previous = process.env.REPORT_CHECK_CACHE_DIR;
    process.env.REPORT_CHECK_CACHE_DIR = join(temp, 'passes');
    const log = join(temp, 'calls.log');
    writeFileSync(log, '');
    // A checker that logs each call and fails when the tree has a file named `bad`.
    const tool: ToolRun = {
      label: 'fake checker',
      command: '/bin/sh',
      args: () => ['-c', `echo call >> '${log}'; test ! -e bad || { echo 'bad: error: found'; exit 1; }`],
      timeoutMs: 10_000,
      passIdentity: 'fake 1.0',
    };
    const signal = new AbortController().signal;
    const calls = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    try {
      const files = [{ path: 'a.py', content: 'x = 1\n' }];
      expect((await checkWithTools(files, [tool], signal)).ok).toBe(true);
      expect(calls()).toBe(1);
      expect((await checkWithTools(files, [tool], signal)).ok).toBe(true);
      expect(calls()).toBe(1);
      // Another version of the tool is another identity.
      expect((await checkWithTools(files, [{ ...tool, passIdentity: 'fake 1.1' }], signal)).ok).toBe(true);
      expect(calls()).toBe(2);
      expect((await checkWithTools([{ path: 'a.py', content: 'x = 2\n' }], [tool], signal)).ok).toBe(true);
      expect(calls()).toBe(3);
      const bad = [...files, { path: 'bad', content: '' }];
      expect((await checkWithTools(bad, [tool], signal)).problems).toEqual(['bad: error: found']);
      expect((await checkWithTools(bad, [tool], signal)).ok).toBe(false);
      expect(calls()).toBe(5);
    } finally {
      if (previous === undefined) delete process.env.REPORT_CHECK_CACHE_DIR;
      else process.env.REPORT_CHECK_CACHE_DIR = previous;
    }
  });

  const { mypy } = pythonTools();
  it.skipIf(!mypy)(
    'mypy with a warm cache finds the error a changed module causes in an unchanged one',
    () => {
      const cache = join(temp, 'mypy-cache');
      const check = (a: string): string => {
        // A fresh folder each time, as the step's checks have.
        const root = mkdtempSync(join(temp, 'pkg-'));
        mkdirSync(join(root, 'src', 'pkg'), { recursive: true });
        writeFileSync(join(root, 'src', 'pkg', '__init__.py'), '');
        writeFileSync(join(root, 'src', 'pkg', 'a.py'), a);
        writeFileSync(
          join(root, 'src', 'pkg', 'b.py'),
          'from .a import size\n\n\ndef twice() -> int:\n    return size() * 2\n',
        );
        try {
          execFileSync(
            mypy!,
            ['--strict', '--python-version', '3.10', '--cache-dir', cache, '--no-error-summary', 'src'],
            {
              cwd: root,
              encoding: 'utf8',
            },
          );
          return '';
        } catch (error) {
          return String((error as { stdout?: string }).stdout);
        }
      };
      expect(check('def size() -> int:\n    return 1\n')).toBe('');
      expect(check('def size() -> int:\n    return 1\n')).toBe('');
      expect(check('def size() -> str:\n    return "1"\n')).toMatch(
        /src\/pkg\/b\.py:5: error: Incompatible return value type/,
      );
    },
    120_000,
  );
});
