// The code blocks of every fixture package's README.md compile: each ```ts block becomes a module
// under `examples/` that imports the package by its npm name (mapped to its `src/index.ts`), and
// all of them go through tsc --strict --noEmit in one compiler run.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import type { GeneratedFile } from '../../../../workers/generators/typescript/index.ts';
import { checkOptions, FIXTURE_FILES, fixtureModel, readmeExamples, runTsc, writeFiles } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'ts-sdk-readme-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a package and its README examples under `root/name`; returns the package name and the number of examples. */
function writeWithExamples(
  name: string,
  files: GeneratedFile[],
  edit: (code: string) => string = (code) => code,
): { packageName: string; count: number } {
  const dir = join(root, name);
  writeFiles(dir, files);
  const readme = files.find((f) => f.path === 'README.md')?.content ?? '';
  const examples = readmeExamples(readme);
  examples.forEach((code, i) =>
    writeFiles(dir, [{ path: `examples/example-${i + 1}.ts`, content: `${edit(code)}\n` }]),
  );
  const pkg = JSON.parse(files.find((f) => f.path === 'package.json')?.content ?? '{}') as { name: string };
  return { packageName: pkg.name, count: examples.length };
}

function writeConfig(file: string, packages: Record<string, string>, include: string[]): void {
  const paths = Object.fromEntries(Object.entries(packages).map(([pkg, dir]) => [pkg, [`./${dir}/src/index.ts`]]));
  writeFileSync(
    file,
    JSON.stringify({
      compilerOptions: checkOptions({ noEmit: true, allowImportingTsExtensions: true, paths }),
      include,
    }),
  );
}

describe('generated README code', () => {
  it('type-checks every ```ts block of every fixture README (tsc --strict)', async () => {
    const packages: Record<string, string> = {};
    for (const name of Object.keys(FIXTURE_FILES)) {
      const { packageName, count } = writeWithExamples(name, emitTypeScriptSdk(await fixtureModel(name)));
      expect(count, name).toBeGreaterThanOrEqual(4);
      packages[packageName] = name;
    }
    writeConfig(join(root, 'tsconfig.json'), packages, ['*/src/**/*.ts', '*/examples/*.ts']);
    const { code, output } = await runTsc(join(root, 'tsconfig.json'));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 180_000);

  it('fails the same check when an example is wrong (the check can fail)', async () => {
    const dir = 'broken';
    const { packageName } = writeWithExamples(dir, emitTypeScriptSdk(await fixtureModel('live')), (code) =>
      code.replace('client.pets.list()', 'client.pets.list({ limit: "two" })'),
    );
    writeConfig(join(root, dir, 'tsconfig.json'), { [packageName]: '.' }, ['src/**/*.ts', 'examples/*.ts']);
    const { code, output } = await runTsc(join(root, dir, 'tsconfig.json'));
    expect(code).not.toBe(0);
    expect(output).toMatch(/examples\/example-\d+\.ts\(\d+,\d+\): error TS2322/);
  }, 180_000);
});
