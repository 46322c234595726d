// The API model built from our fixtures: schema graph, operations, auth, servers, names, sources.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ApiModel, SchemaNode } from '../../../../workers/generators/model/types.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/specs');
const load = async (name: string, configText?: string): Promise<{ model: ApiModel; text: string }> => {
  const text = readFileSync(path.join(FIXTURES, name), 'utf8');
  const result = await analyzeSpec({ openapiText: text, mode: 'flagship', ...(configText ? { configText } : {}) });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.model) throw new Error('no model');
  return { model: result.model, text };
};
const prop = (node: SchemaNode | undefined, name: string): SchemaNode | undefined =>
  node?.kind === 'object' ? node.properties.find((p) => p.name === name)?.schema : undefined;

describe('schema graph (3.1 fixture)', async () => {
  const { model, text } = await load('zoo-3.1.yaml');
  const schema = (id: string): SchemaNode | undefined => model.schemas[id]?.schema;

  it('builds a oneOf union with a discriminator (explicit + implied mapping)', () => {
    expect(schema('Animal')).toMatchObject({
      kind: 'union',
      combinator: 'oneOf',
      variants: [
        { kind: 'ref', target: 'Cat' },
        { kind: 'ref', target: 'Dog' },
      ],
      discriminator: {
        propertyName: 'kind',
        mapping: [
          { value: 'cat', target: 'Cat', explicit: true },
          { value: 'Dog', target: 'Dog', explicit: false },
        ],
      },
    });
  });

  it('builds allOf as an intersection, const as a literal, enums with value types', () => {
    const cat = schema('Cat');
    expect(cat).toMatchObject({ kind: 'intersection', members: [{ kind: 'ref', target: 'Pet' }, { kind: 'object' }] });
    if (cat?.kind === 'intersection')
      expect(prop(cat.members[1], 'kind')).toMatchObject({ kind: 'literal', value: 'cat' });
    if (cat?.kind === 'intersection')
      expect(prop(cat.members[1], 'lives')).toMatchObject({ kind: 'primitive', type: 'integer', default: 9 });
    expect(schema('Size')).toMatchObject({
      kind: 'enum',
      valueType: 'string',
      members: [{ value: 'small' }, { value: 'medium' }, { value: 'large' }],
    });
    expect(schema('Flag')).toMatchObject({
      kind: 'enum',
      valueType: 'boolean',
      nullable: true,
      members: [{ value: true }, { value: false }],
    });
    expect(schema('Score')).toMatchObject({
      kind: 'union',
      combinator: 'anyOf',
      variants: [{ type: 'integer' }, { type: 'number' }],
    });
  });

  it('keeps objects: required, readOnly/writeOnly, 3.1 nullable, maps, recursion', () => {
    const pet = schema('Pet');
    expect(pet?.kind).toBe('object');
    if (pet?.kind !== 'object') return;
    expect(pet.properties.map((p) => [p.name, p.required, p.readOnly, p.writeOnly])).toEqual([
      ['kind', true, false, false],
      ['name', true, false, false],
      ['id', false, true, false],
      ['password', false, false, true],
      ['nickname', false, false, false],
      ['tags', false, false, false],
      ['parent', false, false, false],
    ]);
    expect(prop(pet, 'nickname')).toMatchObject({ kind: 'primitive', type: 'string', nullable: true });
    expect(prop(pet, 'tags')).toMatchObject({ kind: 'map', values: { kind: 'primitive', type: 'string' } });
    expect(prop(pet, 'parent')).toMatchObject({ kind: 'ref', target: 'Pet' });
    expect(schema('Tree')).toMatchObject({
      kind: 'object',
      properties: [{ name: 'children', schema: { kind: 'array', items: { kind: 'ref', target: 'Tree' } } }],
    });
  });

  it('gives every node a source location that points at its text', () => {
    const lines = text.split('\n');
    const at = (loc: { line: number; column: number }): string => (lines[loc.line - 1] ?? '').slice(loc.column - 1);
    expect(at(model.schemas.Pet?.source ?? { line: 0, column: 0 })).toMatch(/^Pet:/);
    const pet = schema('Pet');
    if (pet?.kind === 'object') expect(at(pet.properties[2]?.source ?? { line: 0, column: 0 })).toMatch(/^id:/);
    const list = model.operations.find((o) => o.key === 'get /animals');
    expect(at(list?.source ?? { line: 0, column: 0 })).toMatch(/^get:/);
    expect(list?.source.pointer).toBe('/paths/~1animals/get');
  });

  it('builds operations: parameters by location, bodies, responses, errors, streaming, security', () => {
    const list = model.operations.find((o) => o.key === 'get /animals');
    expect(list?.parameters.query.map((p) => [p.name, p.style, p.explode, p.required])).toEqual([
      ['after', 'form', true, false],
      ['limit', 'form', true, false],
    ]);
    expect(list?.successResponse?.status).toBe('200');
    expect(list?.errorResponses.map((r) => r.status)).toEqual(['4XX']);
    expect(list?.security).toEqual([{ schemes: [{ scheme: 'bearerAuth', scopes: [] }] }]);
    const get = model.operations.find((o) => o.key === 'get /animals/{animalId}');
    expect(get?.parameters.path).toMatchObject([
      { name: 'animalId', required: true, style: 'simple', schema: { format: 'uuid' } },
    ]);
    expect(get?.errorResponses.map((r) => r.status)).toEqual(['default']);
    const upload = model.operations.find((o) => o.key === 'post /animals/{animalId}/photos');
    expect(upload?.requestBody?.content[0]).toMatchObject({
      mediaType: 'multipart/form-data',
      kind: 'multipart',
      encoding: [{ property: 'file', contentType: 'image/png' }],
    });
    expect(upload?.parameters.header.map((p) => p.name)).toEqual(['X-Request-Id']);
    expect(model.operations.find((o) => o.key === 'post /animals/{animalId}/feed')?.streaming).toBe(true);
    expect(model.operations.find((o) => o.key === 'delete /animals/{animalId}')?.deprecated).toBe(true);
    expect(model.operations.find((o) => o.key === 'post /animals')?.requestBody).toMatchObject({
      required: true,
      content: [{ kind: 'json', schema: { kind: 'ref', target: 'Animal' } }],
    });
  });

  it('derives servers, environments, auth, client naming and resources', () => {
    expect(model.specVersion).toBe('3.1');
    expect(model.servers[0]).toMatchObject({
      url: 'https://{region}.zoo.example.com/v1',
      variables: [{ name: 'region', default: 'eu', enum: ['eu', 'us'] }],
    });
    expect(model.environments).toMatchObject([{ name: 'production', url: 'https://eu.zoo.example.com/v1' }]);
    expect(model.authSchemes).toMatchObject([{ key: 'bearerAuth', type: 'http', scheme: 'bearer' }]);
    expect(model.authOptions).toMatchObject([
      { name: 'bearer_token', scheme: 'bearerAuth', envVar: 'ZOO_BEARER_TOKEN' },
    ]);
    expect(model.client).toMatchObject({
      name: 'Zoo',
      packages: { typescript: 'zoo', python: 'zoo', pythonModule: 'zoo', cli: 'zoo' },
      envPrefix: 'ZOO',
    });
    expect(model.resources.map((r) => [r.name, r.methods.map((m) => m.name)])).toEqual([
      ['animals', ['list', 'create', 'retrieve', 'delete', 'feed', 'photos']],
    ]);
    for (const op of model.operations) expect(op.resourcePath).toEqual(['animals']);
  });
});

describe('3.0 fixture (JSON)', async () => {
  const { model } = await load('legacy-3.0.json');
  it('reads 3.0 nullable, null in enums, boolean exclusive bounds, deepObject', () => {
    const order = model.schemas.Order?.schema;
    expect(prop(order, 'note')).toMatchObject({ kind: 'primitive', type: 'string', nullable: true });
    expect(prop(order, 'status')).toMatchObject({
      kind: 'enum',
      nullable: true,
      members: [{ value: 'open' }, { value: 'closed' }],
    });
    expect(prop(order, 'total')).toMatchObject({ kind: 'primitive', constraints: { exclusiveMinimum: 0 } });
    expect(prop(order, 'id')).toMatchObject({ kind: 'primitive', type: 'integer', format: 'int64' });
    const list = model.operations[0];
    expect(list?.parameters.query[1]).toMatchObject({ name: 'filter', style: 'deepObject', explode: true });
    expect(list?.successResponse?.content[0]?.schema).toMatchObject({
      kind: 'array',
      items: { kind: 'ref', target: 'Order' },
    });
    expect(model.specVersion).toBe('3.0');
  });
});

describe('header parameters OpenAPI ignores', () => {
  it('leaves Accept, Content-Type and Authorization (any case, any level) out of the model and reports each', async () => {
    // Jira's description declares `Authorization` as a header parameter; our SDKs used to take and send it.
    const result = await analyzeSpec({
      mode: 'flagship',
      openapiText: `openapi: 3.0.3
info: { title: Headers, version: 1.0.0 }
paths:
  /boards:
    parameters:
      - { name: accept, in: header, schema: { type: string } }
    post:
      operationId: createBoard
      parameters:
        - { name: Authorization, in: header, required: true, schema: { type: string } }
        - { name: CONTENT-TYPE, in: header, schema: { type: string } }
        - { name: X-Trace, in: header, schema: { type: string } }
        - { name: authorization, in: query, schema: { type: string } }
      responses: { '204': { description: created } }
`,
    });
    const op = result.model?.operations[0];
    expect(op?.parameters.header.map((p) => p.name)).toEqual(['X-Trace']);
    // Only headers are ignored: a query parameter of the same name stays.
    expect(op?.parameters.query.map((p) => p.name)).toEqual(['authorization']);
    const ignored = result.diagnostics.filter((d) => d.ruleId === 'parameter/header-ignored');
    expect(ignored.map((d) => [d.severity, d.pointer])).toEqual([
      ['warning', '/paths/~1boards/parameters/0'],
      ['warning', '/paths/~1boards/post/parameters/0'],
      ['warning', '/paths/~1boards/post/parameters/1'],
    ]);
    expect(ignored[1]?.message).toMatch(/security scheme/);
  });
});
