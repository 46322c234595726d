// The wire tests' plan (workers/pipeline/wire-plan.ts): operations the description leaves nothing
// to test in, each with a reason worded by its cause, decided before any test runs. circleci's
// `POST /user/heroku-key` (only a 403) and 1password's oneOf body of two indistinct open objects;
// nothing else (a oneOf a required property tells apart, an error beside a success, a default).
import { describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../workers/generators/analyze.ts';
import { wirePlan } from '../../../workers/pipeline/wire-plan.ts';

const SPEC = `openapi: 3.0.3
info: { title: Plan, version: 1.0.0 }
paths:
  /user/heroku-key:
    post:
      responses: { '403': { description: forbidden } }
  /only-default:
    get:
      responses: { default: { description: anything } }
  /items:
    get:
      responses: { '200': { description: ok }, '404': { description: missing } }
  /events:
    post:
      requestBody:
        content:
          application/json:
            schema: { oneOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }] }
      responses: { '200': { description: ok } }
  /nested:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [page]
              properties:
                page: { oneOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }] }
                optional: { oneOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }] }
      responses: { '200': { description: ok } }
  /optional-only:
    post:
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                page: { oneOf: [{ $ref: '#/components/schemas/Cursor' }, { $ref: '#/components/schemas/ResetCursor' }] }
      responses: { '200': { description: ok } }
  /told-apart:
    post:
      requestBody:
        content:
          application/json:
            schema:
              oneOf:
                - { $ref: '#/components/schemas/Cursor' }
                - { type: object, required: [limit], properties: { limit: { type: integer } } }
      responses: { '200': { description: ok } }
components:
  schemas:
    Cursor:
      properties: { cursor: { type: string } }
    ResetCursor:
      properties:
        limit: { type: number, minimum: 1, maximum: 1000 }
`;

describe('wirePlan', () => {
  it('plans only the operations the description leaves nothing to test in, with the reason', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    const plan = wirePlan(model!, model!.operations);
    const byKey = Object.fromEntries([...plan].map(([i, reason]) => [model!.operations[i]!.key, reason]));
    expect(Object.keys(byKey).sort()).toEqual(['post /events', 'post /nested', 'post /user/heroku-key']);
    expect(byKey['post /user/heroku-key']).toBe(
      'not testable: the description declares only an error response (403) for this operation and no success response, so the mock can answer it only with that error and there is no answer to check the SDK against',
    );
    expect(byKey['post /events']).toMatch(
      /^not testable: the description is at fault: the request body is a oneOf of Cursor, ResetCursor, objects whose properties are all optional/,
    );
    expect(byKey['post /nested']).toMatch(
      /^not testable: the description is at fault: its required property `page` is a oneOf/,
    );
    // Keyed by the index in model.operations, whichever operations are given.
    const events = model!.operations.findIndex((op) => op.key === 'post /events');
    expect([...wirePlan(model!, [model!.operations[events]!]).keys()]).toEqual([events]);
  });
});

// Requests no encoding can carry (branch wire-realworld): Plaid's JSON body with a binary `file`
// and no multipart alternative (a multipart twin is what the SDKs send instead: not planned), and
// jira's `fields` query parameter, an array of objects.
const UNSENDABLE = `openapi: 3.0.3
info: { title: Plan, version: 1.0.0 }
paths:
  /upload:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Upload' }
      responses: { '200': { description: ok } }
  /upload-twin:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Upload' }
          multipart/form-data:
            schema: { $ref: '#/components/schemas/Upload' }
      responses: { '200': { description: ok } }
  /issues:
    get:
      parameters:
        - { name: fields, in: query, schema: { type: array, items: { type: object, additionalProperties: false } } }
        - { name: ids, in: query, schema: { type: array, items: { type: integer } } }
      responses: { '200': { description: ok } }
components:
  schemas:
    Upload:
      type: object
      required: [file]
      properties: { file: { type: string, format: binary }, purpose: { type: string } }
`;

describe('wirePlan: requests no encoding can carry', () => {
  it('plans a JSON body holding a file with no multipart twin, and a query array of objects', async () => {
    const { model } = await analyzeSpec({ openapiText: UNSENDABLE, mode: 'flagship' });
    const plan = wirePlan(model!, model!.operations);
    const byKey = Object.fromEntries([...plan].map(([i, reason]) => [model!.operations[i]!.key, reason]));
    expect(Object.keys(byKey).sort()).toEqual(['get /issues', 'post /upload']);
    expect(byKey['post /upload']).toMatch(
      /^not testable: the description is at fault: its JSON request body holds a binary property .* no multipart body/,
    );
    expect(byKey['get /issues']).toMatch(
      /^not testable: the description is at fault: query parameter `fields` is an array of objects/,
    );
  });
});
