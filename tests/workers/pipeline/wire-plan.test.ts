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
