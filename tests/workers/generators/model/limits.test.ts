// What the API model hands the generators and their compilers: past each limit a `limits/...`
// diagnostic at the place and a safe degradation; bare-ref alias chains collapsed; and the
// generated TypeScript package compiles under the compiler version it declares (5.9), not only
// under the gate's.

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ParseLimits } from '../../../../workers/generators/model/parse/limits.ts';
import { emitCli } from '../../../../workers/generators/cli/index.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { baseSpec, type Json } from '../helpers.ts';
import { REPO_ROOT, writeFiles } from '../typescript/helpers.ts';

async function analyze(doc: Json, limits: Partial<ParseLimits> = {}) {
  return analyzeSpec({ openapiText: JSON.stringify(doc), mode: 'flagship', limits });
}

const withSchema = (schema: Json): Json =>
  baseSpec({ components: { schemas: { Pet: { type: 'object', properties: { field: schema } } } } });

describe('model limits', () => {
  it('an enum past maxEnumMembers is typed as its base type, with a limits/enum-members warning at the enum', async () => {
    const doc = withSchema({ type: 'integer', enum: Array.from({ length: 30 }, (_, i) => i) });
    const under = await analyze(doc, { maxEnumMembers: 30 });
    expect(under.diagnostics.map((d) => d.ruleId)).not.toContain('limits/enum-members');
    const field = (r: typeof under) =>
      (r.model!.schemas.Pet!.schema as { properties: { name: string; schema: unknown }[] }).properties.find(
        (p) => p.name === 'field',
      )!.schema;
    expect(field(under)).toMatchObject({ kind: 'enum', valueType: 'integer' });

    const over = await analyze(doc, { maxEnumMembers: 29 });
    const warning = over.diagnostics.find((d) => d.ruleId === 'limits/enum-members');
    expect(warning).toMatchObject({ severity: 'warning', pointer: '/components/schemas/Pet/properties/field/enum' });
    expect(warning!.line).toBeGreaterThan(0);
    expect(warning!.message).toContain('30 values');
    expect(field(over)).toMatchObject({ kind: 'primitive', type: 'integer' });
  });

  it('an enum without a declared type keeps the type its values share; mixed values become any value', async () => {
    const strings = await analyze(withSchema({ enum: ['a', 'b', 'c'] }), { maxEnumMembers: 2 });
    expect(JSON.stringify(strings.model!.schemas.Pet!.schema)).toContain('"kind":"primitive","type":"string"');
    const mixed = await analyze(withSchema({ enum: ['a', 1, true] }), { maxEnumMembers: 2 });
    expect(JSON.stringify(mixed.model!.schemas.Pet!.schema)).toContain('"kind":"unknown","reason":"any"');
  });

  it('a union past maxUnionArms accepts any value, with limits/union-arms at the oneOf', async () => {
    const doc = withSchema({ oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] });
    const over = await analyze(doc, { maxUnionArms: 2 });
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/union-arms')).toMatchObject({
      severity: 'warning',
      pointer: '/components/schemas/Pet/properties/field/oneOf',
    });
    expect(JSON.stringify(over.model!.schemas.Pet!.schema)).not.toContain('"kind":"union"');
    const under = await analyze(doc, { maxUnionArms: 3 });
    expect(JSON.stringify(under.model!.schemas.Pet!.schema)).toContain('"kind":"union"');
  });

  it('an object past maxObjectProperties becomes a map of any values, with limits/object-properties at its properties', async () => {
    const doc = baseSpec({
      components: {
        schemas: {
          Pet: {
            type: 'object',
            required: undefined,
            properties: {
              id: undefined,
              name: undefined,
              a: { type: 'string' },
              b: { type: 'string' },
              c: { type: 'string' },
            },
          },
        },
      },
    });
    const over = await analyze(doc, { maxObjectProperties: 2 });
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/object-properties')).toMatchObject({
      severity: 'warning',
      pointer: '/components/schemas/Pet/properties',
    });
    expect(over.model!.schemas.Pet!.schema.kind).toBe('map');
    expect((await analyze(doc, { maxObjectProperties: 3 })).model!.schemas.Pet!.schema.kind).toBe('object');
  });

  it('past maxSchemas there is no model: a limits/schemas error, and the generating steps have nothing to emit', async () => {
    const schemas = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`S${i}`, { type: 'string' }]));
    const over = await analyze(baseSpec({ components: { schemas } }), { maxSchemas: 10 });
    expect(over.model).toBeUndefined();
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/schemas')).toMatchObject({
      severity: 'error',
      pointer: '/components/schemas',
    });
    // Component schemas (12 + Pet) and the inline schemas that become named ones all count.
    const inlineRef = { $ref: '#/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema' };
    expect((await analyze(baseSpec({ components: { schemas } }), { maxSchemas: 13 })).model).toBeDefined();
    const inline = await analyze(
      baseSpec({ components: { schemas: { ...schemas, Pet: { properties: { x: inlineRef } } } } }),
      { maxSchemas: 13 },
    );
    expect(inline.model).toBeUndefined();
    expect(inline.diagnostics.map((d) => d.ruleId)).toContain('limits/schemas');
  });

  it('names listed only in required count toward maxObjectProperties (each would be a member of the generated type)', async () => {
    const pet = (required: string[]): Json =>
      baseSpec({
        components: {
          schemas: {
            Pet: { type: 'object', required, properties: { id: { type: 'string' }, name: { type: 'string' } } },
          },
        },
      });
    // 2 declared + 2 undeclared (a declared one and a repeat do not count again).
    const doc = pet(['id', 'ghost1', 'ghost2', 'ghost1']);
    const over = await analyze(doc, { maxObjectProperties: 3 });
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/object-properties')).toMatchObject({
      severity: 'warning',
      pointer: '/components/schemas/Pet/required',
      message: expect.stringContaining('4 properties (2 of them only listed in required)'),
    });
    expect(over.model!.schemas.Pet!.schema.kind).toBe('map');
    const under = await analyze(doc, { maxObjectProperties: 4 });
    expect(under.diagnostics.map((d) => d.ruleId)).not.toContain('limits/object-properties');
    expect(under.model!.schemas.Pet!.schema).toMatchObject({ kind: 'object', requiredOnly: ['ghost1', 'ghost2'] });

    // Hostile: 1,000,000 undeclared required names by default: one warning, a map, and nothing of them reaches the SDK.
    // (schema/required-property-defined reports each name: a million diagnostics, which the analysis once spread
    // into one push() call and died of "Maximum call stack size exceeded"; the report keeps maxDiagnostics of them.)
    const million = await analyze(pet(Array.from({ length: 1_000_000 }, (_, i) => `r${i}`)));
    expect(million.diagnostics.filter((d) => d.ruleId === 'limits/object-properties')).toHaveLength(1);
    expect(million.model!.schemas.Pet!.schema.kind).toBe('map');
    const models = String(emitTypeScriptSdk(million.model!).find((f) => f.path === 'src/models.ts')!.content);
    expect(models).not.toContain('r999999');
    expect(models.length).toBeLessThan(100_000);
  }, 180_000);

  it('an allOf past maxAllOfArms accepts any value, with limits/allof-arms at the allOf; nothing of its arms is built', async () => {
    const arms = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { [`k${i}`]: { type: 'string' } } }));
    const doc = withSchema({ allOf: arms(3), properties: { own: { type: 'string' } } });
    const over = await analyze(doc, { maxAllOfArms: 2 });
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/allof-arms')).toMatchObject({
      severity: 'warning',
      pointer: '/components/schemas/Pet/properties/field/allOf',
      message: expect.stringContaining('3 schemas, more than the 2'),
    });
    const field = (r: typeof over) =>
      (r.model!.schemas.Pet!.schema as { properties: { name: string; schema: unknown }[] }).properties.find(
        (p) => p.name === 'field',
      )!.schema;
    expect(field(over)).toMatchObject({ kind: 'unknown', reason: 'any' });
    expect(field(await analyze(doc, { maxAllOfArms: 3 }))).toMatchObject({ kind: 'intersection' });

    // Hostile: 100,000 arms by default (100): one warning, and the SDK gets no intersection of them.
    const huge = await analyze(withSchema({ allOf: arms(100_000) }));
    expect(huge.diagnostics.filter((d) => d.ruleId === 'limits/allof-arms')).toHaveLength(1);
    expect(field(huge)).toMatchObject({ kind: 'unknown', reason: 'any' });
    expect(String(emitTypeScriptSdk(huge.model!).find((f) => f.path === 'src/models.ts')!.content)).not.toContain(
      'k99999',
    );
  }, 60_000);

  it('past maxSchemaNodes Schema Objects in all (inline ones count) there is no model: a limits/schema-nodes error', async () => {
    // One named schema, but many inline ones: maxSchemas alone would not see them.
    const inline = (n: number) =>
      withSchema({
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: n }, (_, i) => [
            `p${i}`,
            { type: 'array', items: { type: 'object', properties: { v: { type: 'string' } } } },
          ]),
        ),
      });
    const doc = inline(50);
    const ok = await analyze(doc, { maxSchemaNodes: 1_000 });
    expect(ok.model).toBeDefined();
    const over = await analyze(doc, { maxSchemaNodes: 100 });
    expect(over.model).toBeUndefined();
    const error = over.diagnostics.find((d) => d.ruleId === 'limits/schema-nodes');
    expect(error).toMatchObject({
      severity: 'error',
      message: expect.stringContaining('more than 100 Schema Objects'),
    });
    expect(error!.pointer).toMatch(/^\/components\/schemas\/Pet\/properties\/field\/properties\/p\d+/);
    expect(error!.line).toBeGreaterThan(0);
    // Hostile: 2,000 properties (within maxObjectProperties) each with 2 inline levels, 150 times over: 600,000 Schema Objects.
    const wide = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [`p${i}`, { type: 'array', items: { type: 'string' } }]),
    );
    const schemas = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`W${i}`, { type: 'object', properties: wide }]),
    );
    const hostile = await analyze(baseSpec({ components: { schemas } }));
    expect(hostile.model).toBeUndefined();
    expect(hostile.diagnostics.map((d) => d.ruleId)).toContain('limits/schema-nodes');
    expect(hostile.diagnostics.map((d) => d.ruleId)).not.toContain('limits/schemas');
  }, 60_000);

  it('every limit is reported once per place, however large the value (1,000,000 members, linear time)', async () => {
    const doc = withSchema({ type: 'integer', enum: Array.from({ length: 1_000_000 }, (_, i) => i) });
    const result = await analyze(doc);
    expect(result.diagnostics.filter((d) => d.ruleId === 'limits/enum-members')).toHaveLength(1);
    expect(result.model).toBeDefined();
  });
});

describe('uniqueness checks stay linear (OpenAPI 3.0 tags and parameters)', () => {
  const param = (name: string, location = 'query'): Json => ({ name, in: location, schema: { type: 'string' } });

  it('50,000 tags and 20,000 parameters per list are analysed in one pass; the duplicates are still reported', async () => {
    // The duplicates come first: ajv's pairwise uniqueItems walked from the end and stopped at the first pair it met, so
    // with them at the front it compared every pair (n²/2 deep comparisons: minutes for these sizes).
    const tags = [
      { name: 'pets' },
      { name: 'pets' },
      { name: 'Pets', description: 'another' },
      ...Array.from({ length: 50_000 }, (_, i) => ({ name: `tag-${i}`, description: `Tag ${i}` })),
    ];
    const params = [
      param('q'),
      param('q'),
      param('X-Trace', 'header'),
      param('x-trace', 'header'),
      ...Array.from({ length: 20_000 }, (_, i) => param(`p${i}`)),
    ];
    const doc = baseSpec({
      tags,
      paths: {
        '/pets/{petId}': {
          parameters: params,
          get: {
            parameters: [param('petId', 'path'), ...params].map((p) =>
              p.in === 'path' ? { ...p, required: true } : p,
            ),
          },
        },
      },
    });
    const result = await analyze(doc);
    // One cause found in several places is one diagnostic listing them (`locations`): every place counts.
    const found = (ruleId: string) =>
      result.diagnostics
        .filter((d) => d.ruleId === ruleId)
        .flatMap((d) => (d.locations ?? [d]).map((at) => [at.pointer, d.message, d.severity]));
    expect(found('tags/unique')).toEqual([['/tags/1', 'Tag "pets" is declared more than once.', 'error']]);
    expect(found('operation/parameter-unique').sort()).toEqual([
      ['/paths/~1pets~1{petId}/get/parameters/2', 'Parameter "q" (in: query) is declared more than once.', 'error'],
      [
        '/paths/~1pets~1{petId}/get/parameters/4',
        'Parameter "x-trace" (in: header) is declared more than once.',
        'error',
      ],
      ['/paths/~1pets~1{petId}/parameters/1', 'Parameter "q" (in: query) is declared more than once.', 'error'],
      ['/paths/~1pets~1{petId}/parameters/3', 'Parameter "x-trace" (in: header) is declared more than once.', 'error'],
    ]);
    // The schema check no longer compares items pairwise, so it adds no second report of the same duplicate.
    expect(result.diagnostics.filter((d) => d.ruleId === 'oas/schema' && /duplicate/i.test(d.message))).toEqual([]);
    expect(result.model).toBeDefined();
  }, 60_000);

  it('duplicate parameters are reported where the schema found them too: path items without operations, callbacks', async () => {
    const callback = {
      '{$request.body#/url}': {
        parameters: [param('a'), param('a')],
        post: { parameters: [param('b'), param('b')], responses: { '200': { description: 'ok' } } },
      },
    };
    const doc = baseSpec({
      paths: {
        '/idle': { parameters: [param('c'), param('c')] },
        '/pets/{petId}': { get: { callbacks: { onEvent: callback } } },
      },
      components: { callbacks: { Shared: callback } },
    });
    const pointers = (await analyze(doc)).diagnostics
      .filter((d) => d.ruleId === 'operation/parameter-unique')
      .flatMap((d) => (d.locations ?? [d]).map((at) => at.pointer));
    expect(pointers.sort()).toEqual(
      [
        '/components/callbacks/Shared/{$request.body#~1url}/parameters/1',
        '/components/callbacks/Shared/{$request.body#~1url}/post/parameters/1',
        '/paths/~1idle/parameters/1',
        '/paths/~1pets~1{petId}/get/callbacks/onEvent/{$request.body#~1url}/parameters/1',
        '/paths/~1pets~1{petId}/get/callbacks/onEvent/{$request.body#~1url}/post/parameters/1',
      ].sort(),
    );
  });
});

describe('examples and defaults against a large enum', () => {
  it('1,000 array examples of 200 values each against a 100,000-member enum: one lookup per value, the mismatches still reported', async () => {
    const n = 100_000;
    const codes = Array.from({ length: n }, (_, i) => `code-${i}`);
    // Values from the end of the enum: a scan per value would compare 1,000 × 200 × ~100,000 times.
    const examples = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, e) => [
        `e${e}`,
        { value: Array.from({ length: 200 }, (_, i) => codes[n - 1 - ((e + i) % 1_000)]) },
      ]),
    );
    examples.bad = { value: ['code-1', 'code-100000', 'code-2'] };
    const doc = baseSpec({
      components: { schemas: { Code: { type: 'string', enum: codes, default: 'code-99999', example: 'nope' } } },
      paths: {
        '/codes': {
          get: {
            operationId: 'listCodes',
            tags: ['pets'],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'array', items: { $ref: '#/components/schemas/Code' } },
                    examples,
                  },
                },
              },
            },
          },
        },
      },
    });
    const result = await analyze(doc);
    const examplesFound = result.diagnostics
      .filter((d) => d.ruleId === 'schema/example-valid')
      .map((d) => [d.pointer, d.message]);
    expect(examplesFound.sort()).toEqual([
      ['/components/schemas/Code/example', 'Example does not match its schema: "nope" is not one of the enum values.'],
      [
        '/paths/~1codes/get/responses/200/content/application~1json/examples/bad/value',
        'Example does not match its schema at /1: "code-100000" is not one of the enum values.',
      ],
    ]);
    expect(result.diagnostics.filter((d) => d.ruleId === 'schema/default-valid')).toEqual([]);
  }, 60_000);

  it('object and array members are still compared by value; primitives by type and value', async () => {
    const schema = { enum: [{ a: 1, b: [1, 2] }, [1, 'x'], 'x', 1, true, null] };
    const problems = async (example: unknown) =>
      (await analyze(baseSpec({ components: { schemas: { E: { ...schema, example } } } }))).diagnostics.filter(
        (d) => d.ruleId === 'schema/example-valid',
      ).length;
    for (const ok of [{ b: [1, 2], a: 1 }, [1, 'x'], 'x', 1, true, null]) expect(await problems(ok)).toBe(0);
    for (const bad of [{ a: 1, b: [2, 1] }, [1], '1', 1.5, false, 'null', { a: 1 }])
      expect(await problems(bad)).toBe(1);
  });
});

describe('bare $ref alias chains', () => {
  type Link = 'bare' | 'nullable' | 'array';
  const chain = (links: number, linkAt: (i: number) => Link = () => 'bare'): Json => {
    const schemas: Json = {
      Pet: { type: 'object', properties: { s: { $ref: '#/components/schemas/S0' } } },
      [`S${links}`]: { type: 'string' },
    };
    for (let i = 0; i < links; i++) {
      const ref = { $ref: `#/components/schemas/S${i + 1}` };
      const kind = linkAt(i);
      schemas[`S${i}`] =
        kind === 'array' ? { type: 'array', items: ref } : kind === 'nullable' ? { ...ref, nullable: true } : ref;
    }
    return baseSpec({ components: { schemas } });
  };

  it('point every link at the end of the chain', async () => {
    const { model } = await analyze(chain(50));
    for (let i = 0; i < 50; i++)
      expect(model!.schemas[`S${i}`]!.schema).toMatchObject({ kind: 'ref', target: 'S50', nullable: false });
    expect(model!.schemas.S50!.schema).toMatchObject({ kind: 'primitive', type: 'string' });
  });

  it('a nullable link is collapsed too, its nullability carried to the links before it; a cycle of bare refs stays', async () => {
    const { model } = await analyze(chain(10, (i) => (i === 5 ? 'nullable' : 'bare')));
    for (let i = 0; i <= 5; i++)
      expect(model!.schemas[`S${i}`]!.schema).toMatchObject({ kind: 'ref', target: 'S10', nullable: true });
    for (let i = 6; i < 10; i++)
      expect(model!.schemas[`S${i}`]!.schema).toMatchObject({ kind: 'ref', target: 'S10', nullable: false });
    const cycle = await analyze(
      baseSpec({
        components: {
          schemas: {
            A: { $ref: '#/components/schemas/B' },
            B: { $ref: '#/components/schemas/C' },
            C: { $ref: '#/components/schemas/A' },
          },
        },
      }),
    );
    expect(cycle.model!.schemas.A!.schema.kind).toBe('ref');
  });

  // Each generated package declares the TypeScript it is built with; the 1,000-link chains must pass that
  // compiler (5.9: it resolves aliases recursively and ran out of stack on a chain of 1,000 nullable ones),
  // not only the gate's TypeScript 7.
  const compileUnderDeclared = async (
    files: { path: string; content: string | Uint8Array }[],
  ): Promise<{ code: number; output: string }> => {
    const declared = JSON.parse(String(files.find((f) => f.path === 'package.json')!.content)).devDependencies
      .typescript as string;
    const installed = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/typescript/package.json'), 'utf8'))
      .version as string;
    expect(
      declared
        .replace(/^[\^~]/, '')
        .split('.')
        .slice(0, 2),
    ).toEqual(installed.split('.').slice(0, 2));
    const dir = mkdtempSync(join(tmpdir(), 'chain-pkg-'));
    try {
      writeFiles(dir, files as Parameters<typeof writeFiles>[1]);
      const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
      return await promisify(execFile)(
        process.execPath,
        [tsc, '-p', join(dir, 'tsconfig.json'), '--noEmit', '--typeRoots', join(REPO_ROOT, 'node_modules/@types')],
        { timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
      ).then(
        () => ({ code: 0, output: '' }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({
          code: error.code ?? 1,
          output: `${error.stdout ?? ''}${error.stderr ?? ''}`.slice(0, 2_000),
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  const variants: [string, (i: number) => Link, string][] = [
    ['bare links', () => 'bare', 'export type S0 = S1000;'],
    ['nullable links', () => 'nullable', 'export type S0 = S1000 | null;'],
    ['array links', () => 'array', 'export type S0 = S1[];'],
    [
      'alternating nullable and array links',
      (i) => (i % 2 === 0 ? 'nullable' : 'array'),
      'export type S0 = S1 | null;',
    ],
  ];
  for (const [label, linkAt, firstAlias] of variants) {
    it(`a 1,000-link chain of ${label} gives a TypeScript SDK and a CLI that compile under the TypeScript they declare (5.9)`, async () => {
      const { model } = await analyze(chain(1000, linkAt));
      const sdk = emitTypeScriptSdk(model!);
      expect(String(sdk.find((f) => f.path === 'src/models.ts')!.content)).toContain(firstAlias);
      expect(await compileUnderDeclared(sdk)).toEqual({ code: 0, output: '' });
      expect(await compileUnderDeclared(emitCli(model!))).toEqual({ code: 0, output: '' });
    }, 400_000);
  }
});
