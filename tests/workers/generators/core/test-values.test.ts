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

// Shapes of the real-world corpus (OpenAI, Plaid) whose values the mock refused before: a
// discriminator with implied mapping whose variants name themselves by a one-value enum, required
// arms beside properties (oneOf / anyOf of `{required: [...]}`, with a `not` of both), an allOf of
// strings, and a string enum whose only non-null member is a number.
const SHAPES = `openapi: 3.0.3
info: { title: Shapes, version: 1.0.0 }
paths:
  /run:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Run' }
      responses: { '204': { description: ok } }
components:
  schemas:
    Run:
      type: object
      required: [tool, search, ref, user, config]
      properties:
        # Any value (twilio's form field SinkConfiguration): a string, which a form body carries
        # where an empty object is no pair at all.
        config: { description: The sink configuration, encoded as JSON }
        tool: { $ref: '#/components/schemas/Tool' }
        search:
          type: object
          properties:
            ids: { type: array, maxItems: 1, items: { type: string } }
            stores: { type: array, maxItems: 1, items: { type: object, properties: { name: { type: string } } } }
          oneOf: [{ required: [ids] }, { required: [stores] }]
        ref:
          type: object
          additionalProperties: false
          properties: { url: { type: string }, file_id: { type: string } }
          anyOf: [{ required: [url] }, { required: [file_id] }]
          not: { required: [url, file_id] }
        user:
          type: object
          required: [id]
          properties: { id: { allOf: [{ $ref: '#/components/schemas/UserId' }, { type: string }] } }
        version: { type: string, nullable: true, enum: [3, null] }
    UserId: { type: string }
    Tool:
      oneOf: [{ $ref: '#/components/schemas/FunctionTool' }, { $ref: '#/components/schemas/FileTool' }]
      discriminator: { propertyName: type }
    FunctionTool:
      type: object
      required: [type, name]
      properties: { type: { type: string, enum: [function] }, name: { type: string } }
    FileTool:
      type: object
      required: [type]
      properties: { type: { type: string, enum: [file] } }
`;

describe('test values on real-world shapes', () => {
  it('builds values the raw JSON Schema accepts, in both fills', async () => {
    const { model } = await analyzeSpec({ openapiText: SHAPES, mode: 'flagship' });
    const raw = parse(SHAPES) as { components: Record<string, Record<string, unknown>> };
    // OpenAPI 3.0's nullable, as JSON Schema says it.
    const schemas = structuredClone(raw.components.schemas!) as Record<string, { properties: Record<string, object> }>;
    schemas.Run!.properties.version = { type: ['string', 'null'], enum: [3, null] };
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const op = model!.operations[0]!;
    for (const fill of ['required', 'all'] as const) {
      const body = json(testValue(model!, op.requestBody!.content[0]!.schema, fill)) as Record<string, unknown>;
      const schema = { $ref: '#/components/schemas/Run', components: { schemas } };
      expect(ajv.validate(schema, body), `${fill}: ${JSON.stringify(body)} ${ajv.errorsText()}`).toBe(true);
      // The variant's own value, not the implied mapping's schema name (`FunctionTool`).
      expect(body.tool).toMatchObject({ type: 'function' });
      expect(body.ref).toEqual({ url: 'string' });
      expect(body.user).toEqual({ id: 'string' });
      expect(body.config).toBe('string');
      if (fill === 'all') expect(body.version).toBeNull();
    }
  });
});
