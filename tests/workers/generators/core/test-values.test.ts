// The generated tests' value builder (workers/generators/core/test-values.ts): every value it
// builds for a parameter or a request body is accepted by the description's own JSON Schema
// (checked with Ajv on the raw schema, not with our model), and an example is used only when it fits.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { parameterValue, testValue, type TestValue } from '../../../../workers/generators/core/test-values.ts';

const SPEC = `openapi: 3.1.0
info: { title: Values, version: 1.0.0 }
paths:
  /things/{code}:
    post:
      parameters:
        - { name: code, in: path, required: true, schema: { type: string, pattern: '^[A-Z]{3}$' } }
        - { name: size, in: query, required: true, schema: { type: integer, minimum: 5, maximum: 9, multipleOf: 3 } }
        - { name: ratio, in: query, schema: { type: number, exclusiveMinimum: 0, exclusiveMaximum: 1 } }
        - { name: kind, in: query, schema: { type: string, enum: [alpha, beta] }, example: beta }
        - { name: bad, in: query, schema: { type: integer, maximum: 3 }, example: 10 }
        - { name: when, in: query, schema: { type: string, format: date-time } }
        - { name: tags, in: query, schema: { type: array, minItems: 2, items: { type: string, minLength: 4 } } }
        # tomtom routing's pattern: no plain candidate matches it, so the value is generated from it.
        - { name: locations, in: query, required: true, schema: { type: string, pattern: '^((\\d+\\.?\\d*,\\d+\\.?\\d*):?)+$' } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Thing' }
      responses: { '204': { description: ok } }
components:
  schemas:
    Thing:
      type: object
      additionalProperties: false
      required: [name, pet, choice]
      properties:
        id: { type: string, readOnly: true }
        name: { type: string, minLength: 2, maxLength: 3 }
        email: { type: string, format: email }
        parent: { $ref: '#/components/schemas/Thing' }
        children: { type: array, items: { $ref: '#/components/schemas/Thing' } }
        labels: { type: object, additionalProperties: { type: integer, minimum: 1 } }
        pet: { $ref: '#/components/schemas/Pet' }
        choice: { $ref: '#/components/schemas/Choice' }
    # The first variant's value ({c}) also fits the second (open) one: oneOf refuses it.
    Choice:
      oneOf:
        - { type: object, required: [c], properties: { c: { type: string } } }
        - { type: object, properties: { d: { type: integer } } }
    Pet:
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
      discriminator: { propertyName: kind, mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } }
    Cat:
      type: object
      required: [kind]
      properties: { kind: { type: string, enum: [cat] }, lives: { type: integer, minimum: 1 } }
    Dog:
      type: object
      required: [kind]
      properties: { kind: { type: string, enum: [dog] }, good: { type: boolean } }
`;

function json(v: TestValue): unknown {
  switch (v.t) {
    case 'str':
    case 'num':
    case 'bool':
      return v.v;
    case 'null':
      return null;
    case 'file':
      return 'file';
    case 'arr':
      return v.items.map(json);
    case 'obj':
      return Object.fromEntries(v.entries.map(([k, x]) => [k, json(x)]));
  }
}

describe('test values', () => {
  it('builds parameter and body values the raw JSON Schema accepts, in both fills', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    const raw = parse(SPEC) as {
      paths: Record<string, { post: { parameters: { name: string; schema: object }[] } }>;
      components: object;
    };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const op = model!.operations[0]!;
    const rawParams = raw.paths['/things/{code}']!.post.parameters;
    for (const fill of ['required', 'all'] as const) {
      for (const param of [...op.parameters.path, ...op.parameters.query]) {
        const schema = rawParams.find((p) => p.name === param.name)!.schema;
        const value = json(parameterValue(model!, param, fill));
        expect(ajv.validate(schema, value), `${param.name} = ${JSON.stringify(value)}`).toBe(true);
      }
      // The body: readOnly `id` left out (the schema is closed, so only what the request may carry).
      const body = json(testValue(model!, op.requestBody!.content[0]!.schema, fill)) as Record<string, unknown>;
      const bodySchema = { $ref: '#/components/schemas/Thing', components: raw.components };
      expect(ajv.validate(bodySchema, body), `${fill}: ${JSON.stringify(body)} ${ajv.errorsText()}`).toBe(true);
      expect(body).not.toHaveProperty('id');
      expect(body.pet).toMatchObject({ kind: 'cat' });
    }
    const values = Object.fromEntries(op.parameters.query.map((p) => [p.name, json(parameterValue(model!, p, 'all'))]));
    // The example is used when it fits (`beta`), not when it does not (`bad: 10` over maximum 3).
    expect(values).toMatchObject({ kind: 'beta', size: 6, bad: 1, locations: '8,3' });
    expect(json(parameterValue(model!, op.parameters.path[0]!, 'required'))).toBe('ABC');
    // Optional properties leading back into the schema being built are left out (`parent`, `children`).
    const all = json(testValue(model!, op.requestBody!.content[0]!.schema, 'all')) as Record<string, unknown>;
    expect(all).not.toHaveProperty('parent');
    expect(all).not.toHaveProperty('children');
    expect(all.labels).toEqual({ key: 1 });
  });
});
