// One failing and one passing description per semantic rule. The base spec triggers no rule; each
// case changes just enough of it to trigger (or, for the passing case, to satisfy) one rule.

import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../../../../workers/generators/model/rules/all-rules.ts';
import { analyzeJson, baseSpec, type Json } from '../../helpers.ts';

const petOp = (extra: Json): Json => baseSpec({ paths: { '/pets/{petId}': { get: extra } } });
const schemaOf = (pet: Json, version?: string): Json => baseSpec({ components: { schemas: { Pet: pet } } }, version);
const withServer = (server: Json): Json => baseSpec({ servers: [server] });
const securedBy = (scheme: Json, requirement: Json): Json =>
  baseSpec({ security: [requirement], components: { securitySchemes: { auth: scheme } } });

interface Case {
  rule: string;
  fail: Json;
  pass: Json;
}

const cases: Case[] = [
  { rule: 'operation/operation-id-missing', fail: petOp({ operationId: undefined }), pass: baseSpec() },
  {
    rule: 'operation/operation-id-unique',
    fail: baseSpec({
      paths: {
        '/pets': { get: { operationId: 'getPet', tags: ['pets'], responses: { '200': { description: 'ok' } } } },
      },
    }),
    pass: baseSpec({
      paths: {
        '/pets': { get: { operationId: 'listPets', tags: ['pets'], responses: { '200': { description: 'ok' } } } },
      },
    }),
  },
  {
    rule: 'path/param-declared',
    fail: baseSpec({
      paths: {
        '/pets/{petId}/toys/{toyId}': {
          get: {
            operationId: 'getToy',
            tags: ['pets'],
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }),
    pass: baseSpec(),
  },
  {
    rule: 'path/param-unused',
    fail: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'ownerId', in: 'path', required: true, schema: { type: 'string' } },
      ],
    }),
    pass: baseSpec(),
  },
  {
    rule: 'path/duplicate-or-ambiguous',
    fail: baseSpec({
      paths: {
        '/pets/{id}': {
          get: {
            operationId: 'getPet2',
            tags: ['pets'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }),
    pass: baseSpec({
      paths: {
        '/pets/{petId}/owner': {
          get: {
            operationId: 'getOwner',
            tags: ['pets'],
            parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    }),
  },
  {
    rule: 'path/no-query-string',
    fail: baseSpec({
      paths: {
        '/search?q=1': { get: { operationId: 'search', tags: ['pets'], responses: { '200': { description: 'ok' } } } },
      },
    }),
    pass: baseSpec({
      paths: {
        '/search': { get: { operationId: 'search', tags: ['pets'], responses: { '200': { description: 'ok' } } } },
      },
    }),
  },
  {
    rule: 'operation/success-response',
    fail: petOp({ responses: { '200': undefined, '404': { description: 'missing' } } }),
    pass: petOp({ responses: { '200': undefined, default: { description: 'any' } } }),
  },
  {
    rule: 'operation/parameter-unique',
    fail: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'q', in: 'query', schema: { type: 'string' } },
      ],
    }),
    pass: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'q', in: 'header', schema: { type: 'string' } },
      ],
    }),
  },
  {
    rule: 'operation/get-request-body',
    fail: petOp({ requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } }),
    pass: baseSpec(),
  },
  {
    rule: 'parameter/allow-reserved-location',
    fail: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'x', in: 'header', allowReserved: true, schema: { type: 'string' } },
      ],
    }),
    pass: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'x', in: 'query', allowReserved: true, schema: { type: 'string' } },
      ],
    }),
  },
  {
    rule: 'parameter/header-ignored',
    fail: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'authorization', in: 'header', required: true, schema: { type: 'string' } },
      ],
    }),
    pass: petOp({
      parameters: [
        { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'X-Authorization', in: 'header', schema: { type: 'string' } },
      ],
    }),
  },
  {
    rule: 'security/scheme-defined',
    fail: baseSpec({ security: [{ missing: [] }] }),
    pass: securedBy({ type: 'http', scheme: 'bearer' }, { auth: [] }),
  },
  {
    rule: 'security/scheme-unused',
    fail: baseSpec({ components: { securitySchemes: { auth: { type: 'http', scheme: 'bearer' } } } }),
    pass: securedBy({ type: 'http', scheme: 'bearer' }, { auth: [] }),
  },
  {
    rule: 'security/scope-defined',
    fail: securedBy(
      { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://a.example/token', scopes: { read: 'r' } } } },
      { auth: ['write'] },
    ),
    pass: securedBy(
      { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://a.example/token', scopes: { read: 'r' } } } },
      { auth: ['read'] },
    ),
  },
  { rule: 'servers/present', fail: baseSpec({ servers: undefined }), pass: baseSpec() },
  { rule: 'servers/valid-url', fail: withServer({ url: 'https://api example.com' }), pass: withServer({ url: '/v1' }) },
  {
    rule: 'servers/variable-defined',
    fail: withServer({ url: 'https://{region}.example.com' }),
    pass: withServer({ url: 'https://{region}.example.com', variables: { region: { default: 'eu' } } }),
  },
  {
    rule: 'servers/variable-default-in-enum',
    fail: withServer({ url: 'https://{region}.example.com', variables: { region: { default: 'us', enum: ['eu'] } } }),
    pass: withServer({ url: 'https://{region}.example.com', variables: { region: { default: 'eu', enum: ['eu'] } } }),
  },
  { rule: 'tags/declared', fail: petOp({ tags: ['cats'] }), pass: baseSpec() },
  { rule: 'tags/unique', fail: baseSpec({ tags: [{ name: 'pets' }, { name: 'pets' }] }), pass: baseSpec() },
  {
    rule: 'components/unused',
    fail: baseSpec({ components: { schemas: { Orphan: { type: 'string' } } } }),
    pass: baseSpec(),
  },
  {
    rule: 'schema/example-valid',
    fail: schemaOf({ type: 'object', properties: { id: { type: 'string' } }, example: { id: 42 } }),
    pass: schemaOf({ type: 'object', properties: { id: { type: 'string' } }, example: { id: '42' } }),
  },
  {
    rule: 'schema/default-valid',
    fail: schemaOf({ type: 'object', properties: { size: { type: 'string', enum: ['s', 'm'], default: 'xl' } } }),
    pass: schemaOf({ type: 'object', properties: { size: { type: 'string', enum: ['s', 'm'], default: 'm' } } }),
  },
  {
    rule: 'schema/enum-type',
    fail: schemaOf({ type: 'object', properties: { size: { type: 'string', enum: ['s', 3] } } }),
    pass: schemaOf({ type: 'object', properties: { size: { type: 'integer', enum: [1, 3] } } }),
  },
  {
    rule: 'schema/discriminator-property',
    fail: baseSpec({
      components: {
        schemas: {
          Pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind' } },
          Cat: { type: 'object', properties: { lives: { type: 'integer' } } },
        },
      },
    }),
    pass: baseSpec({
      components: {
        schemas: {
          Pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind' } },
          Cat: {
            type: 'object',
            required: ['kind'],
            properties: { kind: { type: 'string' }, lives: { type: 'integer' } },
          },
        },
      },
    }),
  },
  {
    rule: 'schema/array-items',
    fail: schemaOf({ type: 'object', properties: { tags: { type: 'array' } } }),
    pass: schemaOf({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }),
  },
  {
    rule: 'schema/required-property-defined',
    fail: schemaOf({
      type: 'object',
      required: ['id', 'nmae'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }),
    pass: schemaOf({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'string' }, name: { type: 'string' } },
    }),
  },
  {
    rule: 'schema/nullable-keyword',
    fail: schemaOf({ type: 'object', properties: { id: { type: 'string', nullable: true } } }, '3.1.0'),
    pass: schemaOf({ type: 'object', properties: { id: { type: ['string', 'null'] } } }, '3.1.0'),
  },
  {
    rule: 'ref/unresolved',
    fail: schemaOf({ type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' } } }),
    pass: baseSpec(),
  },
  {
    rule: 'ref/external',
    fail: schemaOf({ type: 'object', properties: { owner: { $ref: 'owner.yaml#/Owner' } } }),
    pass: baseSpec(),
  },
  {
    rule: 'ref/cycle',
    fail: baseSpec({
      components: {
        schemas: { Pet: { $ref: '#/components/schemas/Animal' }, Animal: { $ref: '#/components/schemas/Pet' } },
      },
    }),
    pass: baseSpec({
      components: {
        schemas: { Pet: { type: 'object', properties: { parent: { $ref: '#/components/schemas/Pet' } } } },
      },
    }),
  },
  {
    rule: 'ref/sibling-ignored',
    fail: petOp({ responses: { '200': { $ref: '#/components/responses/Ok', description: 'ignored in 3.0' } } }),
    pass: baseSpec(),
  },
  {
    rule: 'generator/name-collision',
    fail: baseSpec({ components: { schemas: { 'pet-info': { type: 'string' }, PetInfo: { type: 'string' } } } }),
    pass: baseSpec({ components: { schemas: { PetInfo: { type: 'string' }, PetInfos: { type: 'string' } } } }),
  },
  {
    rule: 'generator/unsupported-construct',
    fail: schemaOf({ type: 'object', properties: { id: { not: { type: 'string' } } } }),
    pass: baseSpec(),
  },
];

// `ref/sibling-ignored` needs the referenced response to exist.
const okResponse = { components: { responses: { Ok: { description: 'ok' } } } };
for (const c of cases)
  if (c.rule === 'ref/sibling-ignored')
    c.fail = { ...c.fail, components: { ...(c.fail.components as Json), ...okResponse.components } };

describe('semantic rules', () => {
  it('the base description triggers no diagnostic at all', async () => {
    const result = await analyzeJson(baseSpec());
    expect(result.diagnostics).toEqual([]);
  });

  it('every registered rule has a failing and a passing case here', () => {
    const tested = new Set(cases.map((c) => c.rule));
    expect(ALL_RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
    expect(ALL_RULES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ALL_RULES.map((r) => r.id)).size).toBe(ALL_RULES.length);
  });

  for (const c of cases) {
    describe(c.rule, () => {
      it('fires on the failing description, with a location', async () => {
        const result = await analyzeJson(c.fail);
        const hits = result.diagnostics.filter((d) => d.ruleId === c.rule);
        expect(hits.length, JSON.stringify(result.diagnostics, null, 1)).toBeGreaterThan(0);
        for (const hit of hits) {
          expect(hit.line).toBeGreaterThan(0);
          expect(hit.column).toBeGreaterThan(0);
          expect(hit.message.length).toBeGreaterThan(10);
        }
      });
      it('stays quiet on the passing description', async () => {
        const result = await analyzeJson(c.pass);
        expect(result.diagnostics.filter((d) => d.ruleId === c.rule)).toEqual([]);
      });
    });
  }
});
