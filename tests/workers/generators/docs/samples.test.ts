// The code samples on the docs pages are checked by the real tools against the generated
// packages: every TypeScript sample type-checks (tsc --strict) against the generated TypeScript
// SDK, and every Python sample passes mypy --strict against the generated Python SDK. So a sample
// that calls a method, resource or parameter the SDK does not have fails here.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleOf, type Example } from '../../../../workers/generators/docs/examples.ts';
import { SampleBuilder } from '../../../../workers/generators/docs/index.ts';
import { tsValue } from '../../../../workers/generators/docs/samples.ts';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { CORPUS, HAS_CORPUS } from '../corpus-helpers.ts';
import { docsFixture, writeSite } from './helpers.ts';
import { checkOptions, runTsc } from '../typescript/helpers.ts';
import { pythonTools } from '../../../../workers/pipeline/python-tools.ts';

const root = mkdtempSync(join(tmpdir(), 'docs-samples-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FIXTURES = ['small', 'live', 'nested-examples'];

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
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: checkOptions({
        noEmit: true,
        baseUrl: '.',
        paths,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
      }),
      include: ['*/samples/*.ts', '*/sdk/src/**/*.ts'],
    }),
  );
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
      const resourceFiles = files
        .filter((f) => f.path.startsWith('src/resources/'))
        .map((f) => f.content)
        .join('\n');
      expect(resourceFiles, op.key).toMatch(new RegExp(`\\n {4}${method}\\(`));
    }
  });
});

// The samples' values are written as text in the layout the TypeScript printer gives the same
// expression built with ts.factory (as they were printed before): compared here on every example
// of real descriptions, nested in arrays and objects, and on strings that need escaping.
describe('TypeScript sample values', () => {
  const f = ts.factory;
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
  const file = ts.createSourceFile('x.ts', '', ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const key = (name: string): ts.PropertyName =>
    name === '__proto__'
      ? f.createComputedPropertyName(f.createStringLiteral(name))
      : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)
        ? f.createIdentifier(name)
        : f.createStringLiteral(name);
  const num = (v: number): ts.Expression =>
    v < 0 || Object.is(v, -0)
      ? f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(Math.abs(v)))
      : f.createNumericLiteral(v);
  const node = (e: Example): ts.Expression => {
    switch (e.t) {
      case 'str':
        return f.createStringLiteral(e.v);
      case 'num':
        return num(e.v);
      case 'bool':
        return e.v ? f.createTrue() : f.createFalse();
      case 'null':
        return f.createNull();
      case 'file':
        return f.createNewExpression(f.createIdentifier('Blob'), undefined, [
          f.createArrayLiteralExpression([f.createStringLiteral('file contents')]),
        ]);
      case 'arr':
        return f.createArrayLiteralExpression(e.items.map(node));
      case 'obj':
        return f.createObjectLiteralExpression(
          e.entries.map(([k, v]) => f.createPropertyAssignment(key(k), node(v))),
          e.entries.length > 1,
        );
    }
  };
  const printed = (e: Example): string => printer.printNode(ts.EmitHint.Expression, node(e), file);
  const agree = (e: Example): void => {
    for (const wrapped of [
      e,
      { t: 'arr', items: [e, e] },
      {
        t: 'obj',
        entries: [
          ['a', e],
          ['b', { t: 'arr', items: [e] }],
        ],
      },
      { t: 'obj', entries: [['only', e]] },
    ] as Example[]) {
      expect(tsValue(wrapped, 0)).toBe(printed(wrapped));
    }
  };

  it('are laid out and escaped as the TypeScript printer does', () => {
    for (const v of [
      'plain',
      'q"uote\\back',
      'é ü 中文 😀',
      'line\nbreak\ttab\r',
      '\u2028\u2029\u0085',
      '\u0000',
      '\u00001',
      '\u007f\u0080',
      "it's",
      '${x}`',
    ])
      agree({ t: 'str', v });
    for (const v of [0, -0, 1, -1.5, 1e21, 1e-7, 123456789012]) agree({ t: 'num', v });
    agree({
      t: 'obj',
      entries: [
        ['__proto__', { t: 'obj', entries: [] }],
        ['9x', { t: 'file' }],
        ['a-b', { t: 'null' }],
        ['ok', { t: 'bool', v: false }],
      ],
    });
  });

  it.skipIf(!HAS_CORPUS)(
    'agree with the printer on every schema example of real descriptions',
    async () => {
      let count = 0;
      for (const rel of [
        'real-world/openai/openapi.yaml',
        'real-world/redocly-museum/openapi.yaml',
        'real-world/twilio/twilio_messaging_v1.yaml',
      ]) {
        const { model } = await analyzeSpec({ openapiText: readFileSync(join(CORPUS, rel), 'utf8'), mode: 'flagship' });
        if (!model) throw new Error(`no model for ${rel}`);
        for (const named of Object.values(model.schemas)) {
          for (const mode of ['request', 'response'] as const) {
            agree(exampleOf(model, named.schema, mode));
            count++;
          }
        }
      }
      expect(count).toBeGreaterThan(1000);
    },
    120_000,
  );
});

/** The project's pinned mypy (workers/pipeline/python-tools.ts). */
const MYPY = pythonTools().mypy;

describe('Python samples', () => {
  it.skipIf(MYPY === undefined)(
    'call the generated Python SDK correctly (mypy --strict passes on every sample)',
    async () => {
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
          promisify(execFile)(MYPY as string, ['--strict', '--no-incremental', '--cache-dir=/dev/null', ...samples], {
            cwd: dir,
            env: { ...process.env, MYPYPATH: join(dir, 'sdk', 'src') },
            timeout: 150_000,
          })
            .then(({ stdout }) => void expect(stdout).toMatch(/^Success/))
            .catch((error: { stdout?: string }) => {
              throw new Error(`mypy failed for ${name}:\n${error.stdout ?? String(error)}`);
            }),
        );
      }
      await Promise.all(checks);
      expect(count).toBeGreaterThanOrEqual(12);
    },
    180_000,
  );
});
