// The mock server as the wire tests run it (workers/pipeline/mock-server.ts starting
// prism-mock-main.ts: Prism's own server, without response validation and request log), against a
// real Prism on 127.0.0.1: every request is still validated and its security checked as
// `prism mock` does, Prism's own answer is not validated (an example off its schema is sent as
// is, with no `sl-violations`, where `prism mock` adds them), and a description Prism cannot read
// fails the start with Prism's own words.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../../workers/pipeline/mock-server.ts';
import { BACKGROUND_NICENESS_STEP } from '../../../workers/pipeline/priority.ts';

const DESCRIPTION = {
  openapi: '3.0.0',
  info: { title: 'Mock', version: '1.0.0' },
  security: [{ key: [] }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
  paths: {
    '/items': {
      get: {
        parameters: [
          {
            name: 'ids',
            in: 'query',
            required: true,
            style: 'form',
            explode: true,
            schema: { type: 'array', minItems: 2, items: { type: 'integer' } },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                // The description's own example breaks its schema (count must be an integer).
                schema: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
                example: { count: 'many' },
              },
            },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } },
            },
          },
        },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
};

let dir: string;
let mock: MockServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mock-server-'));
  await writeFile(join(dir, 'openapi.json'), JSON.stringify(DESCRIPTION));
  await writeFile(join(dir, 'empty.json'), JSON.stringify({ ...DESCRIPTION, paths: {} }));
  await writeFile(
    join(dir, 'broken.json'),
    '{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/nowhere"}}}}}}',
  );
  mock = await startMockServer(join(dir, 'openapi.json'), undefined, 60_000);
}, 90_000);
afterAll(async () => {
  await mock?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the mock server', { timeout: 90_000 }, () => {
  const key = { 'x-key': 'k' };

  it('answers a valid request from the example, not validating its own answer', async () => {
    const answer = await fetch(`${mock.url}/items?ids=1&ids=2`, { headers: key });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ count: 'many' });
    // `prism mock` would add `sl-violations` naming `count`; the SDKs' tests read it only on a refusal.
    expect(answer.headers.get('sl-violations')).toBeNull();
  });

  it('still validates every request and checks its security, as `prism mock` does', async () => {
    const joined = await fetch(`${mock.url}/items?ids=1,2`, { headers: key });
    expect(joined.status).toBe(422);
    expect(JSON.stringify(await joined.json())).toContain('must be integer');
    const long = await fetch(`${mock.url}/items`, {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'too long' }),
    });
    expect(long.status).toBe(422);
    expect(JSON.stringify(await long.json())).toContain('must NOT have more than 5 characters');
    const created = await fetch(`${mock.url}/items`, {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ok' }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${mock.url}/items?ids=1&ids=2`)).status).toBe(401);
  });

  it('runs in our session, below us in the CPU scheduler (priority.ts)', async () => {
    // /proc/<pid>/stat after the command's `)`: field 3 (state) first, so session is [3], nice [16].
    const stat = async (pid: number | 'self'): Promise<string[]> => {
      const text = await readFile(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ');
    };
    const [ours, prism] = [await stat('self'), await stat(mock.pid)];
    // A session of its own would be an autogroup of its own: a whole fair share beside the run.
    expect(prism[3]).toBe(ours[3]);
    expect(Number(prism[16])).toBe(Math.min(19, Number(ours[16]) + BACKGROUND_NICENESS_STEP));
  });

  it('fails to start with Prism’s own words on a description it cannot serve', async () => {
    await expect(startMockServer(join(dir, 'empty.json'), undefined, 60_000)).rejects.toThrow(
      /Prism exited before listening: .*No operations found/,
    );
    await expect(startMockServer(join(dir, 'broken.json'), undefined, 60_000)).rejects.toThrow(
      /Prism exited before listening: .*nowhere/i,
    );
  });
});
