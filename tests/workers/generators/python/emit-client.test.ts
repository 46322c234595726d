// The generated Python client's credentials per operation (workers/generators/python/emit-client.ts,
// bundle/_base_client.py): a request carries only the credentials its operation accepts, the first
// of its security alternatives whose credentials are all set. Before, every configured credential
// went on every request, the last one set winning the Authorization header: jira's OAuth2-only
// operations were sent Basic credentials and the mock refused them (401, "Invalid security scheme
// used"). Run with python3 against a server on 127.0.0.1 that records what each request carried.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { PYTHON, run, writeFiles } from './helpers.ts';

if (PYTHON === undefined) console.warn('\n!!! Python client security test SKIPPED: python3 is not on PATH.\n');

const SPEC = `openapi: 3.0.3
info: { title: Schemes, version: 1.0.0 }
security: [{ basicAuth: [] }]
paths:
  /basic:
    get: { operationId: getBasic, responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } } }
  /oauth:
    get:
      operationId: getOauth
      security: [{ OAuth2: [] }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
  /either:
    get:
      operationId: getEither
      security: [{ apiKey: [] }, { OAuth2: [] }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
  /open:
    get:
      operationId: getOpen
      security: []
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
components:
  securitySchemes:
    basicAuth: { type: http, scheme: basic }
    apiKey: { type: apiKey, in: query, name: key }
    OAuth2:
      type: oauth2
      flows: { authorizationCode: { authorizationUrl: 'https://example.com/a', tokenUrl: 'https://example.com/t', scopes: {} } }
`;

describe.skipIf(PYTHON === undefined)('Python client: the credentials each operation accepts', () => {
  let server: Server;
  let base = '';
  const seen: Record<string, string> = {};
  let dir = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen[url.pathname] = `${req.headers.authorization ?? '-'} ${url.searchParams.get('key') ?? '-'}`;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'py-security-'));
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends Bearer to the OAuth2 operation, Basic to the others, none where none is asked', async () => {
    const { model } = await analyzeSpec({ openapiText: SPEC, mode: 'flagship' });
    writeFiles(dir, emitPythonSdk(model!));
    const script = [
      'import sys',
      'from schemes import Schemes',
      'c = Schemes(username="u", password="p", o_auth2="tok", base_url=sys.argv[1], max_retries=0)',
      // No API key: `either` takes its second alternative (OAuth2).
      'c.basic.list(); c.oauth.list(); c.either.list(); c.open.list()',
      // With one: its first (the key alone, no Authorization).
      'd = Schemes(username="u", password="p", api_key="k", o_auth2="tok", base_url=sys.argv[1] + "/d", max_retries=0)',
      'd.either.list()',
    ].join('\n');
    const result = await run(PYTHON as string, ['-c', script, base], {
      cwd: dir,
      env: { ...process.env, PYTHONPATH: join(dir, 'src') },
    });
    expect(result.code, result.output).toBe(0);
    const basic = `Basic ${Buffer.from('u:p').toString('base64')}`;
    expect(seen).toEqual({
      '/basic': `${basic} -`,
      '/oauth': 'Bearer tok -',
      '/either': 'Bearer tok -',
      '/open': '- -',
      '/d/either': '- k',
    });
  });
});
