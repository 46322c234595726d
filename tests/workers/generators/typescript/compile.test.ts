// `tsc --strict --noEmit` over every fixture package in one compiler run, with the bundled core
// as real .ts (this is where bundle/ itself is type-checked), plus type-level checks of what the
// wire fixture's types accept.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { checkOptions, FIXTURE_FILES, fixtureModel, runTsc, writeFiles } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'ts-sdk-fixtures-'));

/** Compiled beside the wire package: each `@ts-expect-error` must meet an error, everything else must compile. */
const WIRE_CHECKS = `import { Wire, type Account, type AccountsCreateParams, type ObjectsCreateParams } from '../src/index.js';

const create: AccountsCreateParams = { name: 'n', password: 'p', owner: { email: 'e@example.com' } };
// @ts-expect-error a readOnly property is not part of a request
const withId: AccountsCreateParams = { id: 'a1', name: 'n', password: 'p' };
// @ts-expect-error nor is a readOnly property of a referenced schema
const nestedId: AccountsCreateParams = { name: 'n', password: 'p', owner: { id: 'o1', email: 'e@example.com' } };
declare const account: Account;
// @ts-expect-error a writeOnly property is not part of a response
export const password: string = account.password;
export const id: string = account.id;
// Object literals that leave out properties named like Object.prototype members compile.
const object: ObjectsCreateParams = { constructor: 'c', ['__proto__']: { polluted: true } };
const client = new Wire({ apiKeyAuth: 'k' });
export const checks = [create, withId, nestedId, object, client.objects.create({ constructor: 'c', toString: 's' })];
`;
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('generated fixture packages', () => {
  it('pass tsc --strict --noEmit together (one compiler run)', async () => {
    for (const name of Object.keys(FIXTURE_FILES))
      writeFiles(join(root, name), emitTypeScriptSdk(await fixtureModel(name)));
    writeFiles(join(root, 'wire'), [{ path: 'checks/types.ts', content: WIRE_CHECKS }]);
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: checkOptions({ noEmit: true }),
        include: ['*/src/**/*.ts', 'wire/checks/*.ts'],
      }),
    );
    const { code, output } = await runTsc(join(root, 'tsconfig.json'));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);

  it('fail the same check when a generated file is broken (the check can fail)', async () => {
    const dir = join(root, 'broken');
    writeFiles(
      dir,
      emitTypeScriptSdk(await fixtureModel('live')).map((f) =>
        f.path === 'src/resources/pets.ts' ? { ...f, content: f.content.replace('Promise<Pet>', 'Promise<Pett>') } : f,
      ),
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: checkOptions({ noEmit: true }), include: ['src/**/*.ts'] }),
    );
    const { code, output } = await runTsc(join(dir, 'tsconfig.json'));
    expect(code).not.toBe(0);
    expect(output).toMatch(/error TS2552|error TS2304/);
  }, 120_000);
});
