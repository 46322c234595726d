#!/usr/bin/env node
// `npm install` (postinstall) and `npm run setup:python-tools`: the Python checkers and build tools
// the report runs (mypy, PyPA build, hatchling, setuptools, wheel, twine), pinned in python-tools.txt, from
// PyPI into the project's own virtual environment `.python-tools/` (PYTHON_TOOLS_DIR overrides).
// The environment is made with the machine's python3 (`python3 -m venv`); it is made again only
// when python-tools.txt changed (its SHA-256 is stamped inside). Never fails `npm install`: when
// python3 or its venv module is missing, or PyPI cannot be reached, it says what is missing and
// the one command that installs it, and the report's Python step says `skipped` until then.
// Plain JavaScript: it runs while node_modules is being set up.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const REQUIREMENTS = join(ROOT, 'python-tools.txt');
const DIR = process.env.PYTHON_TOOLS_DIR ? resolve(process.env.PYTHON_TOOLS_DIR) : join(ROOT, '.python-tools');
const STAMP = join(DIR, 'python-tools.sha256');

function say(message) {
  console.log(`python tools: ${message}`);
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim(),
    error: result.error,
  };
}

function main() {
  if (process.env.REPORT_SKIP_PYTHON_TOOLS === '1') {
    say('REPORT_SKIP_PYTHON_TOOLS=1: not set up');
    return;
  }
  const wanted = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === wanted && existsSync(join(DIR, 'bin', 'mypy'))) {
    say(`up to date in ${DIR}`);
    return;
  }
  const python = run('python3', ['-c', 'import sys; print(sys.version.split()[0])']);
  if (!python.ok) {
    say(
      'python3 not found: the Python SDK step will be skipped. Install it with `sudo apt-get install python3 python3-venv`, then run `npm run setup:python-tools`.',
    );
    return;
  }
  rmSync(DIR, { recursive: true, force: true });
  const venv = run('python3', ['-m', 'venv', DIR]);
  if (!venv.ok) {
    rmSync(DIR, { recursive: true, force: true });
    say(
      `python3 ${python.output} cannot make a virtual environment (${venv.output.split('\n').pop()}). Install its venv module with \`sudo apt-get install python3-venv\`, then run \`npm run setup:python-tools\`.`,
    );
    return;
  }
  say(`installing python-tools.txt into ${DIR} (Python ${python.output})`);
  const pip = run(join(DIR, 'bin', 'python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--no-input',
    '-r',
    REQUIREMENTS,
  ]);
  if (!pip.ok) {
    rmSync(DIR, { recursive: true, force: true });
    say(
      `pip could not install python-tools.txt (is PyPI reachable?): ${pip.output.split('\n').slice(-3).join(' ')}. Run \`npm run setup:python-tools\` again once it is.`,
    );
    return;
  }
  writeFileSync(STAMP, `${wanted}\n`);
  const mypy = run(join(DIR, 'bin', 'mypy'), ['--version']);
  say(`ready: ${mypy.output}`);
}

try {
  main();
} catch (error) {
  say(`not set up: ${error instanceof Error ? error.message : String(error)}`);
}
