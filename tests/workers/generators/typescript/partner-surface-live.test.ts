// A partner SDK's Stainless-shaped surface on the wire, without the corpus (issue #29): built by
// tsc, installed under its package name, imported by package subpaths as a user's code does, and
// calling a node:http server on 127.0.0.1. Request options where params are optional, a path
// override, leading path parameters in the params (a Stainless edition), the base error class by
// the client's name, error classes as client statics, the log level and `fetchOptions`, and the
// client internals a Stainless SDK's own `index.test.ts` exercises (`buildRequest`, `withOptions`, ...).

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSpec } from '../../../../workers/generators/analyze.ts';
import type { ApiModel } from '../../../../workers/generators/model/types.ts';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { runTsc, writeFiles } from './helpers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the compiled SDK is imported at runtime */
type Sdk = Record<string, any>;

const OPENAPI = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1.0.0' },
  servers: [{ url: 'https://api.acme.test' }],
  paths: {
    '/pets': {
      get: {
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PetList' } } },
          },
        },
      },
    },
    '/owners/{ownerId}/pets/{petId}': {
      put: {
        parameters: [
          { name: 'ownerId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: {
    schemas: {
      PetList: { type: 'object', properties: { data: { type: 'array', items: { type: 'string' } } } },
    },
  },
});

const STAINLESS_YML = [
  'edition: 2025-10-10',
  'organization:',
  '  name: acme',
  'targets:',
  '  typescript:',
  '    package_name: acme-sdk',
  'resources:',
  '  pets:',
  '    methods:',
  '      list: get /pets',
  '  owners:',
  '    subresources:',
  '      pets:',
  '        methods:',
  '          update: put /owners/{ownerId}/pets/{petId}',
  '',
].join('\n');

const root = mkdtempSync(join(tmpdir(), 'partner-surface-'));
const seen: { method: string; url: string; body: string }[] = [];
let server: Server;
let baseURL = '';
let sdk: Sdk;
let errorModule: Sdk;
let model: ApiModel;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      const known = req.url?.startsWith('/pets') || req.url?.startsWith('/owners/');
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(known ? { data: ['rex'] } : { message: 'no such path' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = await analyzeSpec({ openapiText: OPENAPI, configText: STAINLESS_YML, mode: 'partner_compatible' });
  model = result.model as ApiModel;
  const pkg = join(root, 'node_modules', 'acme-sdk');
  writeFiles(pkg, emitTypeScriptSdk(model));
  const { code, output } = await runTsc(join(pkg, 'tsconfig.json'));
  expect(output).toBe('');
  expect(code).toBe(0);
  // Imported by package name and subpath from a module beside node_modules, as a user's code is.
  mkdirSync(join(root, 'app'), { recursive: true });
  writeFileSync(
    join(root, 'app', 'user.mjs'),
    [
      "export * as sdk from 'acme-sdk';",
      "export * as errors from 'acme-sdk/core/error';",
      "export * as resources from 'acme-sdk/resources/pets';",
      "export * as owners from 'acme-sdk/resources/owners';",
      "export * as core from 'acme-sdk/core';",
      '',
    ].join('\n'),
  );
  symlinkSync(join(root, 'node_modules'), join(root, 'app', 'node_modules'), 'dir');
  const user = (await import(pathToFileURL(join(root, 'app', 'user.mjs')).href)) as Sdk;
  sdk = user.sdk;
  errorModule = user.errors;
  expect(user.resources.Pets).toBe(sdk.Pets);
  // A parent resource's module has its subresources' classes too; `<pkg>/core` has `safeJSON`.
  expect(Object.keys(user.owners).sort()).toEqual(['Owners', new sdk.Acme().owners.pets.constructor.name].sort());
  expect([user.core.safeJSON('{"a":1}'), user.core.safeJSON('{')]).toEqual([{ a: 1 }, undefined]);
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

describe('a partner SDK keeps the Stainless surface', () => {
  it('takes request options where params are optional, and honours a path override', async () => {
    const client = new sdk.Acme({ baseURL, maxRetries: 0 });
    seen.length = 0;
    await client.pets.list({ timeout: 5000 });
    await client.pets.list({ limit: 2 });
    expect(seen.map((s) => s.url)).toEqual(['/pets', '/pets?limit=2']);
    const failure = await client.pets.list({ path: '/_stainless_unknown_path' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(sdk.Acme.NotFoundError);
    expect(failure).toBeInstanceOf(sdk.AcmeError);
    expect(failure).toBeInstanceOf(errorModule.AcmeError);
    expect(sdk.APIConnectionTimeoutError.prototype).toBeInstanceOf(sdk.APIConnectionError);
  });

  it('takes every path parameter but the last in the params (a Stainless edition)', async () => {
    const client = new sdk.Acme({ baseURL, maxRetries: 0, fetchOptions: { keepalive: false } });
    seen.length = 0;
    await client.owners.pets.update('p1', { ownerId: 'o1', name: 'Rex' });
    expect(seen).toEqual([{ method: 'PUT', url: '/owners/o1/pets/p1', body: '{"name":"Rex"}' }]);
  });

  it('logs through the logger at the level asked for', async () => {
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(m), info: () => {}, warn: () => {}, error: () => {} };
    await new sdk.Acme({ baseURL, logLevel: 'debug', logger }).pets.list();
    expect(lines.some((l) => l.startsWith('request GET'))).toBe(true);
    lines.length = 0;
    await new sdk.Acme({ baseURL, logLevel: 'warn', logger }).pets.list();
    expect(lines).toEqual([]);
  });

  it("has a Stainless client's internals: buildRequest, buildURL, withOptions, the HTTP verbs, the retry count", async () => {
    const client = new sdk.Acme({ baseURL, maxRetries: 0, defaultHeaders: { 'X-Default': 'd' } });
    const { req, url } = await client.buildRequest({ path: '/pets', method: 'post', body: { a: 1 } });
    expect(url).toBe(`${baseURL}/pets`);
    expect(req.headers).toBeInstanceOf(Headers);
    expect(req.headers.get('x-default')).toBe('d');
    expect(req.headers['x-default']).toBe('d'); // the older SDKs' plain header object
    expect(req.headers.get('x-stainless-retry-count')).toBe('0');
    expect(req.body).toBe('{"a":1}');
    const stream = (await client.buildRequest({ path: '/pets', method: 'post', body: ['a', 'b'][Symbol.iterator]() }))
      .req;
    expect(await new Response(stream.body).text()).toBe('ab');
    // An operation's own server applies while the client's base URL is the API's own.
    expect(new sdk.Acme().buildURL('/x', null, 'https://other.test/v2')).toBe('https://other.test/v2/x');
    expect(client.buildURL('/x', { q: 1 }, 'https://other.test/v2')).toBe(`${baseURL}/x?q=1`);
    const copy = client.withOptions({ timeout: 1234 });
    expect(copy).toBeInstanceOf(sdk.Acme);
    expect([copy.baseURL, copy.timeout, copy.maxRetries]).toEqual([baseURL, 1234, 0]);
    seen.length = 0;
    expect(await copy.get('/pets', { query: { limit: 1 } })).toEqual({ data: ['rex'] });
    await copy.patch('/owners/o/pets/p', { body: { name: 'Rex' } });
    expect(seen).toEqual([
      { method: 'GET', url: '/pets?limit=1', body: '' },
      { method: 'PATCH', url: '/owners/o/pets/p', body: '{"name":"Rex"}' },
    ]);
  });

  it('warns of a log level that is none, naming where it came from', () => {
    const warnings: string[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: (m: string) => warnings.push(m), error: () => {} };
    const previous = process.env.ACME_LOG;
    process.env.ACME_LOG = 'loud';
    try {
      expect(new sdk.Acme({ logger }).logLevel).toBe('warn');
      expect(new sdk.Acme({ logger, logLevel: 'debug' }).logLevel).toBe('debug');
    } finally {
      if (previous === undefined) delete process.env.ACME_LOG;
      else process.env.ACME_LOG = previous;
    }
    expect(warnings).toEqual([
      `process.env['ACME_LOG'] was set to "loud", expected one of ["off","error","warn","info","debug"]`,
    ]);
  });
});
