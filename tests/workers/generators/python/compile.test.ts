// The fixture packages, with the bundled runtime verbatim (this is where bundle/ itself is
// type-checked): `python3 -m compileall` and ONE `mypy --strict --python-version 3.10` run; the
// hostile package is imported to prove nothing in it runs on import; a broken package fails mypy.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { resolveOptions } from '../../../../workers/generators/python/options.ts';
import { FIXTURE_FILES, fixtureModel, MYPY, PYTHON, run, runMypy, writeFiles } from './helpers.ts';

const reason =
  MYPY === undefined
    ? 'the pinned mypy is not set up (npm run setup:python-tools)'
    : PYTHON === undefined
      ? 'python3 is not on PATH'
      : undefined;
if (reason !== undefined) console.warn(`\n!!! Python SDK fixture compile suite SKIPPED: ${reason}.\n`);

describe.skipIf(reason !== undefined)('generated fixture packages', () => {
  const root = mkdtempSync(join(tmpdir(), 'py-sdk-fixtures-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('pass compileall and mypy --strict together, with their README examples (one mypy run)', async () => {
    const srcDirs: string[] = [];
    const readmes: string[] = [];
    for (const name of Object.keys(FIXTURE_FILES)) {
      const files = emitPythonSdk(await fixtureModel(name));
      writeFiles(join(root, name), files);
      srcDirs.push(join(root, name, 'src'));
      // The README's Python blocks in order, as one module (later blocks use the first one's client).
      const readme = files.find((f) => f.path === 'README.md')?.content ?? '';
      const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1] as string);
      expect(blocks.length, `${name} README`).toBeGreaterThan(2);
      const dir = join(root, 'readmes', name, `readme_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '__init__.py'), '');
      writeFileSync(join(dir, 'usage.py'), blocks.join('\n'));
      readmes.push(join(root, 'readmes', name));
    }
    const compiled = await run(PYTHON as string, ['-m', 'compileall', '-q', root]);
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
    const mypy = await runMypy([...srcDirs, ...readmes], join(root, '.mypy_cache'));
    expect(mypy.output).toBe('');
    expect(mypy.code).toBe(0);
  }, 180_000);

  it.each(['hostile', 'hostile-hooks'])(
    'import the %s package without side effects',
    async (name) => {
      const model = await fixtureModel(name);
      const module = resolveOptions(model).moduleName;
      const dir = join(root, `${name}-import`);
      writeFiles(dir, emitPythonSdk(model));
      const script = [
        'import builtins, os, sys',
        'calls = []',
        'os.system = lambda *a: calls.append(a) or 0',
        `import ${module}`,
        `from ${module} import types, resources`,
        ...(name === 'hostile-hooks' ? [`from ${module}.resources import webhooks`] : []),
        `print(len(calls), ${module}.__version__, len(types.__all__) > ${name === 'hostile' ? '10' : '1'})`,
      ].join('\n');
      const result = await run(PYTHON as string, ['-c', script], {
        env: { ...process.env, PYTHONPATH: join(dir, 'src') },
      });
      expect(result.output.trim()).toBe('0 1.0.0 True');
    },
    60_000,
  );

  it('fail mypy when a generated file is broken (the check can fail)', async () => {
    const dir = join(root, 'broken');
    const files = emitPythonSdk(await fixtureModel('live'), { moduleName: 'broken_pets' }).map((f) =>
      f.path === 'src/broken_pets/resources/pets.py'
        ? { ...f, content: f.content.replace('-> "Pet":', '-> "Pett":') }
        : f,
    );
    writeFiles(dir, files);
    const mypy = await runMypy([join(dir, 'src')], join(root, '.mypy_cache_broken'));
    expect(mypy.code).not.toBe(0);
    expect(mypy.output).toMatch(/Name "Pett" is not defined/);
  }, 180_000);
});
