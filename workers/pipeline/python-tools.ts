import { accessSync, constants, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * The Python checkers and build tools the report runs, all from one place: the project's own
 * virtual environment made by `npm install` (bin/setup-python-tools.mjs, pinned in
 * python-tools.txt: mypy, PyPA build with hatchling, setuptools and wheel, twine) and pyright pinned in
 * package.json (npm). The step, the publishing checks and every test that runs mypy or pyright
 * find them here, so they run the pinned versions and never whatever a PATH offers (Debian's
 * mypy is 1.0.1). `PYTHON_TOOLS_DIR` points at another environment made the same way.
 */
export function pythonToolsDir(): string {
  const dir = process.env.PYTHON_TOOLS_DIR;
  return dir ? resolve(dir) : join(import.meta.dirname, '..', '..', '.python-tools');
}

/** The one command that sets the environment up (again). */
export const PYTHON_TOOLS_SETUP = 'npm run setup:python-tools';

/** Pyright's CLI script (npm `pyright`, pinned in package.json), run by this Node. */
export const PYRIGHT = createRequire(import.meta.url).resolve('pyright/index.js');

/**
 * Node's default stack (~1 MB of V8 stack) is too small for pyright's recursive evaluation of a
 * Stripe-sized graph of TypedDicts ("Maximum call stack size exceeded", measured on
 * bench/synthetic-stripe-like.ts); 7,000 KB stays inside Linux's default 8 MB main-thread stack.
 */
export const PYRIGHT_NODE_ARGS = ['--stack-size=7000'];

export interface PythonTools {
  /** The environment's interpreter (the machine's python3 the environment was made with). */
  python?: string;
  mypy?: string;
  /** PyPA build's CLI, with hatchling, setuptools and wheel beside it (builds offline, `--no-isolation`). */
  pyprojectBuild?: string;
  twine?: string;
  /** The tools that are missing, as named in summaries. */
  missing: string[];
}

function executable(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

/** The pinned tools present right now (looked up on each call: `npm run setup:python-tools` may run meanwhile). */
export function pythonTools(): PythonTools {
  const bin = join(pythonToolsDir(), 'bin');
  const tools = {
    python: executable(join(bin, 'python3')),
    mypy: executable(join(bin, 'mypy')),
    pyprojectBuild: executable(join(bin, 'pyproject-build')),
    twine: executable(join(bin, 'twine')),
  };
  const names: Record<keyof typeof tools, string> = {
    python: 'python3',
    mypy: 'mypy',
    pyprojectBuild: 'pyproject-build',
    twine: 'twine',
  };
  const missing = (Object.keys(tools) as (keyof typeof tools)[]).filter((k) => !tools[k]).map((k) => names[k]);
  return {
    ...(tools.python ? { python: tools.python } : {}),
    ...(tools.mypy ? { mypy: tools.mypy } : {}),
    ...(tools.pyprojectBuild ? { pyprojectBuild: tools.pyprojectBuild } : {}),
    ...(tools.twine ? { twine: tools.twine } : {}),
    missing,
  };
}

/**
 * What the pinned tools are, for remembering their verdicts (check-pass-cache.ts): the SHA-256 of
 * python-tools.txt the environment was made from (bin/setup-python-tools.mjs stamps it) and
 * pyright's npm version. Undefined for the environment when it carries no stamp.
 */
export function pythonToolsIdentity(): { environment?: string; pyright: string } {
  const pyright = (JSON.parse(readFileSync(join(PYRIGHT, '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  try {
    const stamp = readFileSync(join(pythonToolsDir(), 'python-tools.sha256'), 'utf8').trim();
    return { environment: `${pythonToolsDir()} ${stamp}`, pyright: `pyright ${pyright} node ${process.version}` };
  } catch {
    return { pyright: `pyright ${pyright} node ${process.version}` };
  }
}
