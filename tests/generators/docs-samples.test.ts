// The code samples on the docs pages are checked by the real tools against the generated
// packages: every TypeScript sample type-checks (tsc --strict) against the generated TypeScript
// SDK, and every Python sample passes mypy --strict against the generated Python SDK. So a sample
// that calls a method, resource or parameter the SDK does not have fails here.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SampleBuilder } from '../../workers/generators/docs/index.ts';
import type { ApiModel } from '../../workers/generators/model/types.ts';
import { emitPythonSdk } from '../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../workers/generators/typescript/index.ts';
import { docsFixture, writeSite } from './docs-helpers.ts';
import { checkOptions, runTsc } from './typescript-helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'docs-samples-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FIXTURES = ['small', 'live'];

async function samplesOf(name: string): Promise<{ model: ApiModel; builder: SampleBuilder }> {
  const { model } = await docsFixture(name);
  return { model, builder: new SampleBuilder(model) };
}

/** Writes each fixture's SDK and its samples (one module per sample); `mutate` may break one. */
async function writeTypeScriptProject(dir: string, mutate: (text: string) => string = (t) => t): Promise<number> {
  const paths: Record<string, string[]> = {};
  let count = 0;
  for (const name of FIXTURES) {
    const { model, builder } = await samplesOf(name);
    writeSite(join(dir, name, 'sdk'), emitTypeScriptSdk(model));
    paths[builder.names.typescript.packageName] = [`./${name}/sdk/src/index.ts`];
    model.operations.forEach((op, i) => {
      const sample = builder.samples(op).typescript;
      if (sample === undefined) return;
      mkdirSync(join(dir, name, 'samples'), { recursive: true });
      writeFileSync(join(dir, name, 'samples', `op${i}.ts`), `${mutate(sample)}\nexport {};\n`);
      count++;
    });
  }
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: checkOptions({ noEmit: true, baseUrl: '.', paths, module: 'NodeNext', moduleResolution: 'NodeNext' }), include: ['*/samples/*.ts', '*/sdk/src/**/*.ts'] }));
  return count;
}

describe('TypeScript samples', () => {
  it('name the client, resource chain and methods of the generated SDK (tsc --strict passes on every sample)', async () => {
    const dir = join(root, 'ts');
    const count = await writeTypeScriptProject(dir);
    expect(count).toBeGreaterThanOrEqual(12);
    const { code, output } = await runTsc(join(dir, 'tsconfig.json'));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 180_000);

  it('fail the same check when a sample names a method the SDK does not have (the check can fail)', async () => {
    const dir = join(root, 'ts-broken');
    await writeTypeScriptProject(dir, (text) => text.replace('client.books.retrieve(', 'client.books.fetch('));
    const { code, output } = await runTsc(join(dir, 'tsconfig.json'));
    expect(code).not.toBe(0);
    expect(output).toMatch(/Property 'fetch' does not exist/);
  }, 180_000);

  it('have a method chain that exists in the generated SDK sources', async () => {
    const { model, builder } = await samplesOf('small');
    const files = emitTypeScriptSdk(model);
    const client = files.find((f) => f.path === 'src/client.ts')?.content ?? '';
    for (const op of model.operations) {
      const chain = builder.samples(op).typescriptChain;
      if (chain === undefined) continue;
      const [, first, ...rest] = chain;
      expect(client, op.key).toMatch(new RegExp(`\\b${first}: `));
      const method = rest[rest.length - 1] as string;
      const resourceFiles = files.filter((f) => f.path.startsWith('src/resources/')).map((f) => f.content).join('\n');
      expect(resourceFiles, op.key).toMatch(new RegExp(`\\n {4}${method}\\(`));
    }
  });
});

const MYPY = ['/usr/bin/mypy', '/usr/local/bin/mypy'].find((p) => existsSync(p));

describe('Python samples', () => {
  it.skipIf(MYPY === undefined)('call the generated Python SDK correctly (mypy --strict passes on every sample)', async () => {
    let count = 0;
    const checks: Promise<void>[] = [];
    for (const name of FIXTURES) {
      const { model, builder } = await samplesOf(name);
      const dir = join(root, 'py', name);
      writeSite(join(dir, 'sdk'), emitPythonSdk(model));
      const samples: string[] = [];
      model.operations.forEach((op, i) => {
        const sample = builder.samples(op).python;
        if (sample === undefined) return;
        writeFileSync(join(dir, `sample_${i}.py`), `${sample}\n`);
        samples.push(`sample_${i}.py`);
        count++;
      });
      checks.push(
        promisify(execFile)(MYPY as string, ['--strict', '--no-incremental', '--cache-dir=/dev/null', ...samples], { cwd: dir, env: { ...process.env, MYPYPATH: join(dir, 'sdk', 'src') }, timeout: 150_000 })
          .then(({ stdout }) => void expect(stdout).toMatch(/^Success/))
          .catch((error: { stdout?: string }) => {
            throw new Error(`mypy failed for ${name}:\n${error.stdout ?? String(error)}`);
          }),
      );
    }
    await Promise.all(checks);
    expect(count).toBeGreaterThanOrEqual(12);
  }, 180_000);
});
