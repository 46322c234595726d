// What the mock server (Prism) is given: a description whose schema tree, written out as Prism does
// before it listens, is over a cap is bounded (responses cut a few references deep, requests kept
// exact but where a reference closes a cycle), or, when even that is over the cap, not mocked.
// The Stripe-sized synthetic description, which Prism never read as written, is served by a real
// Prism on 127.0.0.1 in seconds, and its request validation still refuses a wrong body.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripeLikeDescription } from '../../../bench/synthetic-stripe-like.ts';
import { expandedSize, mockDescription } from '../../../workers/pipeline/mock-description.ts';
import { startMockServer } from '../../../workers/pipeline/mock-server.ts';
import { wireTestsStep } from '../../../workers/pipeline/steps/wire-tests.ts';
import { stepContext } from '../../setup/step-context.ts';

// A request body with a cycle (node -> children -> node), a response with a chain of references.
const CYCLIC = `openapi: 3.0.0
info: { title: Trees, version: 1.0.0 }
paths:
  /trees:
    post:
      operationId: createTree
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/node' }
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/a' }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
  schemas:
    node:
      type: object
      required: [name]
      properties:
        name: { type: string, maxLength: 5 }
        children: { type: array, items: { $ref: '#/components/schemas/node' } }
    a: { type: object, properties: { b: { $ref: '#/components/schemas/b' }, default: { type: string, default: x } } }
    b: { type: object, properties: { c: { $ref: '#/components/schemas/c' } } }
    c: { type: object, properties: { leaf: { type: integer } } }
`;

describe('mockDescription', () => {
  it('gives a description under the cap as written, with its references', () => {
    const described = mockDescription(CYCLIC);
    expect(described?.cut).toBeUndefined();
    expect(described?.tooLarge).toBeUndefined();
    expect(described?.json).toContain('"$ref":"#/components/schemas/node"');
    expect(described?.nodes).toBe(expandedSize(JSON.parse(described?.json ?? '{}'), 1_000));
  });

  it('over the cap: requests exact but for a cycle, responses cut by depth, no reference left', () => {
    const described = mockDescription(CYCLIC, 22);
    expect(described?.cut).toEqual({ responseRefDepth: 2, requestCycleCuts: 1, responseCuts: 1 });
    const document = JSON.parse(described?.json ?? '{}');
    expect(described?.json).not.toContain('$ref');
    expect(document.components).toEqual({ securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } });
    const operation = document.paths['/trees'].post;
    // The request: `node` written out, its own reference inside it (the cycle) accepts anything.
    expect(operation.requestBody.content['application/json'].schema).toEqual({
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', maxLength: 5 }, children: { type: 'array', items: {} } },
    });
    // The response: a and b written out, c (a third reference deep) accepts anything; data stays data.
    expect(operation.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { b: { type: 'object', properties: { c: {} } }, default: { type: 'string', default: 'x' } },
    });
    expect(expandedSize(document, 1_000)).toBe(described?.nodes);
  });

  it('not mocked at all when even the smallest bounded copy is over the cap', () => {
    const described = mockDescription(CYCLIC, 5);
    expect(described?.tooLarge).toBe(true);
    expect(described?.json).toBe('');
  });

  it('Prism listens on the Stripe-sized description in seconds and still refuses a wrong request', async () => {
    const text = stripeLikeDescription(330);
    const described = mockDescription(text);
    expect(described?.cut?.requestCycleCuts).toBe(0);
    const dir = await mkdtemp(join(tmpdir(), 'mock-description-'));
    const file = join(dir, 'openapi.json');
    await writeFile(file, described?.json ?? '');
    const mock = await startMockServer(file, undefined, 60_000);
    try {
      expect(mock.startMs).toBeLessThan(30_000);
      const auth = { authorization: `Basic ${Buffer.from('sk_test:').toString('base64')}` };
      const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
      // POST /v1/price_0s is not in the description; /v1/product_0s (resource 16, 16 % 4 != 1) has only GET.
      const listed = await fetch(`${mock.url}/v1/amount_0s?limit=3`, { headers: auth });
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { object?: string }).object).toBe('list');
      const created = await fetch(`${mock.url}/v1/currency_0s`, {
        method: 'POST',
        headers: form,
        body: 'description=x',
      });
      expect(created.status).toBe(200);
      // A form body's property over its maxLength is refused (Prism ignores `additionalProperties: false`
      // in form bodies whatever it is given, so an unknown field is not a test of the bounding).
      const long = await fetch(`${mock.url}/v1/currency_0s`, {
        method: 'POST',
        headers: form,
        body: `description=${'x'.repeat(5001)}`,
      });
      expect(long.status).toBe(422);
    } finally {
      await mock.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('wire_tests passes on a Stripe-like description Prism cannot read as written, form bodies included', async () => {
    // 6 resources: over the cap as written (dense cycles), bounded for the mock. Each create sends a
    // form body with an array (`expand=a&expand=b`) and a map (`metadata`), which Prism decodes only
    // with the default encoding written out, and the TypeScript SDK once sent the map as JSON.
    const text = stripeLikeDescription(6);
    expect(mockDescription(text)?.cut).toBeDefined();
    const context = { ...stepContext(text), turnedOff: async () => new Set(['go_sdk'] as const) };
    // The suites two at a time against the one mock (large descriptions' setting), the report in the SDKs' order.
    process.env.WIRE_MOCK_LANES_FROM = '1';
    const outcome = await wireTestsStep.run(context).finally(() => {
      delete process.env.WIRE_MOCK_LANES_FROM;
    });
    expect(outcome.counts?.mocks).toBe(1);
    expect(outcome.counts?.lanes).toBe(2);
    expect(outcome.summary).toMatch(
      /against a Prism mock \(started in \d+ ms, 2 suites at a time\): typescript: .*cli: .*mcp: .*python: /,
    );
    expect(outcome.status, outcome.summary).toBe('passed');
    expect(outcome.summary).toContain('the mock was given the description bounded');
    const operations = outcome.counts?.operations ?? 0;
    expect(operations).toBeGreaterThan(5);
    for (const sdk of ['typescript', 'cli', 'mcp', 'python'])
      expect(outcome.counts?.[`${sdk}Passed`], `${sdk}: ${outcome.summary}`).toBe(operations);
  }, 180_000);
});

// A multipart body as OpenAPI says to send it (OpenAI's POST /audio/transcriptions and POST /files):
// an array as one part per item, an object as one JSON part. Prism reads each part as a string and
// refused both ("must be array", "must be object") until the copy it is given says how to decode them.
const MULTIPART = `openapi: 3.1.0
info: { title: Uploads, version: 1.0.0 }
paths:
  /files:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema: { $ref: '#/components/schemas/Upload' }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
  /notes:
    post:
      operationId: note
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { $ref: '#/components/schemas/Note' }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
  /boards:
    get:
      operationId: boards
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, required: [total], properties: { total: { type: integer } } }
              example: '{"total": 5}'
  /speech:
    get:
      operationId: speak
      responses:
        '200':
          description: audio
          headers:
            Transfer-Encoding: { schema: { type: string } }
            Content-Encoding: { schema: { type: string, example: gzip } }
            X-Request-Id: { $ref: '#/components/headers/Transfer-Encoding' }
          content: { application/octet-stream: { schema: { type: string, format: binary } } }
components:
  headers:
    Transfer-Encoding: { schema: { type: string, example: req-1 } }
  schemas:
    # twilio's UseCaseCategories: a nullable array in a form body.
    Note:
      type: object
      required: [payee]
      properties:
        payee: { type: string, maxLength: 20 }
        tags: { type: [array, 'null'], items: { type: string, enum: [a, b] } }
    Upload:
      type: object
      required: [file, purpose]
      properties:
        file: { type: string, format: binary }
        purpose: { type: string, enum: [batch, vision] }
        languages: { type: array, minItems: 1, items: { type: string } }
        expires_after: { $ref: '#/components/schemas/Expiry' }
    Expiry:
      type: object
      required: [anchor, seconds]
      properties: { anchor: { type: string, enum: [created_at] }, seconds: { type: integer, minimum: 3600 } }
`;

// OpenAI's POST /audio/speech declares a `Transfer-Encoding` response header (`type: string`):
// Prism answered `Transfer-Encoding: string` beside its Content-Length, which Go's transport
// ("unsupported transfer encoding") and Node's parser refuse. Framing headers are not given to Prism.
describe('mockDescription: multipart bodies, framing headers', () => {
  it('Prism takes an array as repeated parts and an object as a JSON part, and still checks the rest', async () => {
    const described = mockDescription(MULTIPART);
    const given = JSON.parse(described?.json ?? '{}') as {
      paths: { '/speech': { get: { responses: { '200': { headers: Record<string, unknown> } } } } };
      components: { headers: Record<string, unknown> };
    };
    expect(Object.keys(given.paths['/speech'].get.responses['200'].headers)).toEqual(['X-Request-Id']);
    // A named header of `components` is a name, not a response's header: kept for its references.
    expect(Object.keys(given.components.headers)).toEqual(['Transfer-Encoding']);
    const dir = await mkdtemp(join(tmpdir(), 'mock-multipart-'));
    const file = join(dir, 'openapi.json');
    await writeFile(file, described?.json ?? '');
    const mock = await startMockServer(file, undefined, 60_000);
    const send = async (fields: [string, string | Blob][]): Promise<number> => {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      const response = await fetch(`${mock.url}/files`, { method: 'POST', body: form });
      await response.arrayBuffer();
      return response.status;
    };
    try {
      const file = new Blob(['contents']);
      const expiry = JSON.stringify({ anchor: 'created_at', seconds: 3600 });
      expect(
        await send([
          ['file', file],
          ['purpose', 'batch'],
          ['languages', 'en'],
          ['expires_after', expiry],
        ]),
      ).toBe(200);
      expect(
        await send([
          ['file', file],
          ['purpose', 'batch'],
          ['languages', 'en'],
          ['languages', 'fr'],
        ]),
      ).toBe(200);
      // Still refused: a value outside the enum, a missing required field.
      expect(
        await send([
          ['file', file],
          ['purpose', 'other'],
          ['languages', 'en'],
        ]),
      ).toBe(422);
      expect(
        await send([
          ['file', file],
          ['languages', 'en'],
        ]),
      ).toBe(422);
      // A form body's space as `+` (Go's url.Values, URLSearchParams): Prism took it for a reserved
      // character once the copy it is given wrote an encoding for each property.
      const note = async (body: string): Promise<number> => {
        const response = await fetch(`${mock.url}/notes`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        await response.arrayBuffer();
        return response.status;
      };
      expect(await note('payee=Acme+Inc.&tags=a&tags=b')).toBe(200);
      expect(await note('payee=x&tags=c')).toBe(422);
      expect(await note(`payee=${'x'.repeat(21)}`)).toBe(422);
      // jira's examples are the JSON text of the object: Prism sent a JSON string (the Go SDK could
      // not decode it); without the example it answers an object from the schema.
      const boards = await fetch(`${mock.url}/boards`);
      expect(typeof (await boards.json())).toBe('object');
      // Node's fetch reads the answer (it refused Prism's made-up Transfer-Encoding before).
      const speech = await fetch(`${mock.url}/speech`);
      expect(speech.status).toBe(200);
      expect(speech.headers.get('x-request-id')).toBe('req-1');
      await speech.arrayBuffer();
    } finally {
      await mock.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
