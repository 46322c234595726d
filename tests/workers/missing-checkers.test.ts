// What a worker prints at start about the checker tools it lacks (workers/missing-checkers.ts):
// each missing tool with the one command that installs it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingCheckers } from '../../workers/missing-checkers.ts';

describe('missing checker tools named at start', () => {
  it('names the pinned Python tools and the system tools that are absent, with the command that installs each', () => {
    const empty = mkdtempSync(join(tmpdir(), 'missing-checkers-'));
    const saved = { path: process.env.PATH, tools: process.env.PYTHON_TOOLS_DIR };
    process.env.PATH = empty;
    process.env.PYTHON_TOOLS_DIR = empty;
    try {
      const missing = missingCheckers();
      expect(missing.find((m) => m.tool === 'go')).toMatchObject({ install: 'sudo apt-get install golang-go' });
      expect(missing.find((m) => m.tool === 'python3')).toMatchObject({
        install: 'sudo apt-get install python3 python3-venv',
      });
      const mypy = missing.find((m) => m.tool.startsWith('mypy'));
      expect(mypy?.install).toBe('sudo apt-get install python3 python3-venv && npm run setup:python-tools');
      expect(missing.map((m) => m.tool.split(' ')[0])).toEqual(
        expect.arrayContaining(['pyproject-build', 'twine', 'mypy']),
      );
    } finally {
      process.env.PATH = saved.path;
      if (saved.tools === undefined) delete process.env.PYTHON_TOOLS_DIR;
      else process.env.PYTHON_TOOLS_DIR = saved.tools;
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('names nothing of the Python tools once npm install set them up', () => {
    const missing = missingCheckers().map((m) => m.tool);
    if (missing.some((t) => t.startsWith('mypy'))) return; // not set up on this machine (the first test covers it)
    expect(missing.filter((t) => t.includes('.python-tools'))).toEqual([]);
  });
});
