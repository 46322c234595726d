// `tsc --strict --noEmit` over every fixture package in one compiler run, with the bundled core
// as real .ts (this is where bundle/ itself is type-checked).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitTypeScriptSdk } from '../../workers/generators/typescript/index.ts';
import { checkOptions, FIXTURE_FILES, fixtureModel, runTsc, writeFiles } from './typescript-helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'ts-sdk-fixtures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('generated fixture packages', () => {
  it('pass tsc --strict --noEmit together (one compiler run)', async () => {
    for (const name of Object.keys(FIXTURE_FILES)) writeFiles(join(root, name), emitTypeScriptSdk(await fixtureModel(name)));
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: checkOptions({ noEmit: true }), include: ['*/src/**/*.ts'] }));
    const { code, output } = await runTsc(join(root, 'tsconfig.json'));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  it('fail the same check when a generated file is broken (the check can fail)', async () => {
    const dir = join(root, 'broken');
    writeFiles(dir, emitTypeScriptSdk(await fixtureModel('live')).map((f) => (f.path === 'src/resources/pets.ts' ? { ...f, content: f.content.replace('Promise<Pet>', 'Promise<Pett>') } : f)));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: checkOptions({ noEmit: true }), include: ['src/**/*.ts'] }));
    const { code, output } = await runTsc(join(dir, 'tsconfig.json'));
    expect(code).not.toBe(0);
    expect(output).toMatch(/error TS2552|error TS2304/);
  }, 120_000);
});
