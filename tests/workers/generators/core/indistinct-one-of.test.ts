// A oneOf no object can satisfy as oneOf asks (workers/generators/core/indistinct-one-of.ts): found
// in exactly that situation (open variants, all properties optional, none shared, no discriminator),
// and in no near miss, where some object is accepted by one variant only.
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { indistinctOneOf } from '../../../../workers/generators/core/indistinct-one-of.ts';

// 1password events' request body (apis-guru/1password.com): Cursor and ResetCursor, no `type`.
const UNIONS = {
  Indistinct: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }]`,
  InlineIndistinct: `oneOf: [{ type: object, properties: { a: { type: string } } }, { type: object, additionalProperties: true, properties: { b: { type: integer } } }]`,
  Required: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { type: object, required: [limit], properties: { limit: { type: integer } } }]`,
  Closed: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { type: object, additionalProperties: false, properties: { limit: { type: integer } } }]`,
  TypedExtras: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { type: object, additionalProperties: { type: integer }, properties: { limit: { type: integer } } }]`,
  Shared: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { type: object, properties: { cursor: { type: integer } } }]`,
  NotObject: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { type: string }]`,
  AnyOf: `anyOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }]`,
  Discriminated: `oneOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }]
      discriminator: { propertyName: kind }`,
  Single: `oneOf: [{ $ref: '#/components/schemas/Cursor' }]`,
};

const SPEC = `openapi: 3.0.3
info: { title: Unions, version: 1.0.0 }
paths: {}
components:
  schemas:
    Cursor:
      properties: { cursor: { type: string } }
    ResetCursor:
      properties:
        limit: { type: number, minimum: 1, maximum: 1000 }
        start_time: { type: string, format: date-time }
${Object.entries(UNIONS)
  .map(([name, body]) => `    ${name}:\n      ${body}`)
  .join('\n')}
`;

describe('indistinctOneOf', () => {
  it('names the variants of a oneOf no object tells apart, and only of such a oneOf', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    const found = Object.fromEntries(
      Object.keys(UNIONS).map((name) => [name, indistinctOneOf(model!, model!.schemas[name]!.schema)]),
    );
    expect(found).toEqual({
      Indistinct: ['Cursor', 'ResetCursor'],
      InlineIndistinct: ['variant 1', 'variant 2'],
      Required: undefined,
      Closed: undefined,
      TypedExtras: undefined,
      Shared: undefined,
      NotObject: undefined,
      // anyOf accepts a value more than one variant accepts.
      AnyOf: undefined,
      // The discriminator's property names the variant.
      Discriminated: undefined,
      Single: undefined,
    });

    // Checked on the raw schemas (Ajv): each near miss has an object oneOf accepts (one variant
    // only); the indistinct ones refuse every object made of one variant's well-formed properties.
    const raw = parse(SPEC) as { components: object };
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const accepts = (name: string, value: unknown): boolean =>
      ajv.validate({ $ref: `#/components/schemas/${name}`, components: raw.components }, value);
    const witness: Record<string, unknown> = {
      Required: {},
      Closed: { cursor: 'x' },
      TypedExtras: { cursor: 'x' },
      Shared: { cursor: 'x' },
    };
    for (const [name, value] of Object.entries(witness)) expect(accepts(name, value), name).toBe(true);
    for (const value of [
      {},
      { cursor: 'x' },
      { limit: 5, start_time: '2021-06-11T16:32:50Z' },
      { cursor: 'x', limit: 5 },
    ])
      expect(accepts('Indistinct', value), JSON.stringify(value)).toBe(false);
    for (const value of [{}, { a: 'x' }, { b: 1 }]) expect(accepts('InlineIndistinct', value)).toBe(false);
    // Not a union at all.
    expect(indistinctOneOf(model!, model!.schemas.Cursor!.schema)).toBeUndefined();
  });
});
