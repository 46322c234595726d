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
import { analyzeSpec } from '../../workers/generators/analyze.ts';
import type { ParseLimits } from '../../workers/generators/model/parse/limits.ts';
import { emitTypeScriptSdk } from '../../workers/generators/typescript/index.ts';
import { baseSpec, type Json } from './helpers.ts';
import { REPO_ROOT, writeFiles } from './typescript-helpers.ts';

async function analyze(doc: Json, limits: Partial<ParseLimits> = {}) {
  return analyzeSpec({ openapiText: JSON.stringify(doc), mode: 'flagship', limits });
}

const withSchema = (schema: Json): Json => baseSpec({ components: { schemas: { Pet: { type: 'object', properties: { field: schema } } } } });

describe('model limits', () => {
  it('an enum past maxEnumMembers is typed as its base type, with a limits/enum-members warning at the enum', async () => {
    const doc = withSchema({ type: 'integer', enum: Array.from({ length: 30 }, (_, i) => i) });
    const under = await analyze(doc, { maxEnumMembers: 30 });
    expect(under.diagnostics.map((d) => d.ruleId)).not.toContain('limits/enum-members');
    const field = (r: typeof under) => (r.model!.schemas.Pet!.schema as { properties: { name: string; schema: unknown }[] }).properties.find((p) => p.name === 'field')!.schema;
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
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/union-arms')).toMatchObject({ severity: 'warning', pointer: '/components/schemas/Pet/properties/field/oneOf' });
    expect(JSON.stringify(over.model!.schemas.Pet!.schema)).not.toContain('"kind":"union"');
    const under = await analyze(doc, { maxUnionArms: 3 });
    expect(JSON.stringify(under.model!.schemas.Pet!.schema)).toContain('"kind":"union"');
  });

  it('an object past maxObjectProperties becomes a map of any values, with limits/object-properties at its properties', async () => {
    const doc = baseSpec({ components: { schemas: { Pet: { type: 'object', required: undefined, properties: { id: undefined, name: undefined, a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } } } } } });
    const over = await analyze(doc, { maxObjectProperties: 2 });
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/object-properties')).toMatchObject({ severity: 'warning', pointer: '/components/schemas/Pet/properties' });
    expect(over.model!.schemas.Pet!.schema.kind).toBe('map');
    expect((await analyze(doc, { maxObjectProperties: 3 })).model!.schemas.Pet!.schema.kind).toBe('object');
  });

  it('past maxSchemas there is no model: a limits/schemas error, and the generating steps have nothing to emit', async () => {
    const schemas = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`S${i}`, { type: 'string' }]));
    const over = await analyze(baseSpec({ components: { schemas } }), { maxSchemas: 10 });
    expect(over.model).toBeUndefined();
    expect(over.diagnostics.find((d) => d.ruleId === 'limits/schemas')).toMatchObject({ severity: 'error', pointer: '/components/schemas' });
    // Component schemas (12 + Pet) and the inline schemas that become named ones all count.
    const inlineRef = { $ref: '#/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema' };
    expect((await analyze(baseSpec({ components: { schemas } }), { maxSchemas: 13 })).model).toBeDefined();
    const inline = await analyze(baseSpec({ components: { schemas: { ...schemas, Pet: { properties: { x: inlineRef } } } } }), { maxSchemas: 13 });
    expect(inline.model).toBeUndefined();
    expect(inline.diagnostics.map((d) => d.ruleId)).toContain('limits/schemas');
  });

  it('every limit is reported once per place, however large the value (1,000,000 members, linear time)', async () => {
    const doc = withSchema({ type: 'integer', enum: Array.from({ length: 1_000_000 }, (_, i) => i) });
    const result = await analyze(doc);
    expect(result.diagnostics.filter((d) => d.ruleId === 'limits/enum-members')).toHaveLength(1);
    expect(result.model).toBeDefined();
  });
});

describe('bare $ref alias chains', () => {
  const chain = (links: number, nullableAt?: number): Json => {
    const schemas: Json = { Pet: { type: 'object', properties: { s: { $ref: '#/components/schemas/S0' } } }, [`S${links}`]: { type: 'string' } };
    for (let i = 0; i < links; i++) schemas[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}`, ...(i === nullableAt ? { nullable: true } : {}) };
    return baseSpec({ components: { schemas } });
  };

  it('point every link at the end of the chain', async () => {
    const { model } = await analyze(chain(50));
    for (let i = 0; i < 50; i++) expect(model!.schemas[`S${i}`]!.schema).toMatchObject({ kind: 'ref', target: 'S50' });
    expect(model!.schemas.S50!.schema).toMatchObject({ kind: 'primitive', type: 'string' });
  });

  it('keep a link that adds nullability, and leave a cycle of bare refs as it is', async () => {
    const { model } = await analyze(chain(10, 5));
    expect(model!.schemas.S0!.schema).toMatchObject({ target: 'S5' });
    expect(model!.schemas.S5!.schema).toMatchObject({ target: 'S10' });
    const cycle = await analyze(baseSpec({ components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/C' }, C: { $ref: '#/components/schemas/A' } } } }));
    expect(cycle.model!.schemas.A!.schema.kind).toBe('ref');
  });

  it('a 1,000-link chain gives a TypeScript SDK that compiles under the TypeScript it declares (5.9)', async () => {
    const { model } = await analyze(chain(1000));
    const files = emitTypeScriptSdk(model!);
    const declared = JSON.parse(String(files.find((f) => f.path === 'package.json')!.content)).devDependencies.typescript as string;
    const installed = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/typescript/package.json'), 'utf8')).version as string;
    expect(declared.replace(/^[\^~]/, '').split('.')[0]).toBe(installed.split('.')[0]);
    expect(String(files.find((f) => f.path === 'src/models.ts')!.content)).toContain('export type S0 = S1000;');
    const dir = mkdtempSync(join(tmpdir(), 'chain-sdk-'));
    try {
      writeFiles(dir, files);
      const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
      const run = await promisify(execFile)(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--noEmit', '--typeRoots', join(REPO_ROOT, 'node_modules/@types')], { timeout: 120_000 }).then(
        () => ({ code: 0, output: '' }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
      );
      expect(run.output).toBe('');
      expect(run.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
