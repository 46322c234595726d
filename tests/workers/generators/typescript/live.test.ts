// The generated SDK against a real HTTP server: compile the live fixture's package to JS, import
// it, and call a node:http server on 127.0.0.1 speaking that API. Also runs the hostile fixture's
// compiled client to show nothing from the description executes, and the wire fixture's against
// an echo route (cookies, per-operation security, Object.prototype-named properties).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { checkOptions, fixtureModel, runTsc, writeFiles } from './helpers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the compiled SDK is imported at runtime */
type Sdk = Record<string, any>;

const PETS = ['p1', 'p2', 'p3', 'p4', 'p5'].map((id, i) => ({ id, name: `pet ${i + 1}`, tag: null }));
const root = mkdtempSync(join(tmpdir(), 'ts-sdk-live-'));
let server: Server;
let baseURL = '';
let live: Sdk;
let hostile: Sdk;
let wire: Sdk;
const seen: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
let flakyCalls = 0;
const flakyKeys: (string | undefined)[] = [];

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  if (url.pathname.startsWith('/wire/')) {
    // The wire fixture's echo: what arrived, as the Echo schema.
    const raw = (await readBody(req)).toString('utf8');
    const headers = Object.fromEntries(
      ['authorization', 'cookie', 'x-api-key', 'x-trace', 'tolocalestring'].flatMap((h) =>
        typeof req.headers[h] === 'string' ? [[h, req.headers[h]]] : [],
      ),
    );
    return json(res, 200, { method: req.method, url: req.url, headers, ...(raw === '' ? {} : { body: raw }) });
  }
  if (req.headers['x-api-key'] !== 'secret') return json(res, 401, { message: 'bad key' });
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /v1/pets') {
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const limit = Number(url.searchParams.get('limit') ?? '2');
    const data = PETS.slice(start, start + limit);
    return json(res, 200, { data, next_cursor: start + limit < PETS.length ? String(start + limit) : null });
  }
  if (route === 'POST /v1/pets') {
    const body = JSON.parse((await readBody(req)).toString('utf8')) as { name: string; tag?: string };
    return json(res, 201, { id: 'new', name: body.name, tag: body.tag ?? null });
  }
  if (req.method === 'GET' && url.pathname.startsWith('/v1/pets/')) {
    const id = decodeURIComponent(url.pathname.slice('/v1/pets/'.length));
    const pet = PETS.find((p) => p.id === id);
    return pet ? json(res, 200, pet) : json(res, 404, { message: `no pet ${id}` }, { 'x-request-id': 'req_404' });
  }
  if (req.method === 'GET' && url.pathname.startsWith('/v1/echo/')) return json(res, 200, { path: req.url });
  if (route === 'POST /v1/flaky') {
    flakyCalls++;
    flakyKeys.push(req.headers['idempotency-key'] as string | undefined);
    if (flakyCalls === 1) return json(res, 429, { message: 'slow down' }, { 'retry-after': '0' });
    return json(res, 200, {
      path: req.url,
      attempts: flakyCalls,
      idempotency_key: req.headers['idempotency-key'] ?? null,
    });
  }
  if (route === 'GET /v1/slow') {
    // `?body_after=ms`: the headers at once, the body later; else the whole response after 1 s.
    const bodyAfter = url.searchParams.get('body_after');
    if (bodyAfter !== null) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      setTimeout(() => res.end(JSON.stringify({ path: req.url })), Number(bodyAfter));
      return;
    }
    setTimeout(() => json(res, 200, { path: req.url }), 1_000);
    return;
  }
  if (route === 'POST /v1/uploads') {
    const body = await readBody(req);
    const form = await new Response(body, {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file') as File;
    return json(res, 200, {
      path: req.url,
      fields: { title: String(form.get('title')), fileName: file.name, fileText: await file.text() },
    });
  }
  if (route === 'GET /v1/ticks') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(': comment\r\n\r\ndata: {"n":');
    res.write('1}\r\n\r\nevent: tick\ndata: {"n":2}\n\n');
    res.end('data: {"n":3}\n\n');
    return;
  }
  json(res, 404, { message: 'no route' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  writeFiles(join(root, 'live'), emitTypeScriptSdk(await fixtureModel('live')));
  writeFiles(join(root, 'hostile'), emitTypeScriptSdk(await fixtureModel('hostile')));
  writeFiles(join(root, 'wire'), emitTypeScriptSdk(await fixtureModel('wire')));
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: checkOptions({ rootDir: '.', outDir: 'out' }),
      include: ['live/src/**/*.ts', 'hostile/src/**/*.ts', 'wire/src/**/*.ts'],
    }),
  );
  const { code, output } = await runTsc(join(root, 'tsconfig.json'));
  if (code !== 0) throw new Error(`compiling the generated SDKs failed:\n${output}`);
  writeFileSync(join(root, 'out/package.json'), JSON.stringify({ type: 'module' }));
  live = (await import(pathToFileURL(join(root, 'out/live/src/index.js')).href)) as Sdk;
  hostile = (await import(pathToFileURL(join(root, 'out/hostile/src/index.js')).href)) as Sdk;
  wire = (await import(pathToFileURL(join(root, 'out/wire/src/index.js')).href)) as Sdk;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  rmSync(root, { recursive: true, force: true });
});

const client = (options: Record<string, unknown> = {}): any =>
  new live.LivePets({ apiKey: 'secret', baseURL, ...options });

describe('generated SDK against a live server', () => {
  it('returns typed success bodies and sends the API key header', async () => {
    const pet = await client().pets.retrieve('p2');
    expect(pet).toEqual({ id: 'p2', name: 'pet 2', tag: null });
    const created = await client().pets.create({ name: 'Rex', tag: 'dog' });
    expect(created).toEqual({ id: 'new', name: 'Rex', tag: 'dog' });
    expect(live.default).toBe(live.LivePets);
  });

  it('reads the API key from LIVE_PETS_API_KEY by default', async () => {
    process.env.LIVE_PETS_API_KEY = 'secret';
    try {
      const c = new live.LivePets({ baseURL });
      expect(c.apiKey).toBe('secret');
      expect((await c.pets.retrieve('p1')).id).toBe('p1');
    } finally {
      delete process.env.LIVE_PETS_API_KEY;
    }
    await expect(new live.LivePets({ baseURL, maxRetries: 0 }).pets.retrieve('p1')).rejects.toBeInstanceOf(
      live.AuthenticationError,
    );
  });

  it('throws NotFoundError with status, body, headers and request id on 404', async () => {
    const error = await client()
      .pets.retrieve('nope')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(live.NotFoundError);
    expect(error).toBeInstanceOf(live.APIError);
    expect(error.status).toBe(404);
    expect(error.body).toEqual({ message: 'no pet nope' });
    expect(error.requestId).toBe('req_404');
    expect(error.headers.get('content-type')).toBe('application/json');
    expect(error.message).toBe('404 no pet nope');
  });

  it('retries after 429 with Retry-After: 0, keeping one idempotency key', async () => {
    flakyCalls = 0;
    flakyKeys.length = 0;
    const result = await client().diagnostics.flaky({ note: 'x' });
    expect(result.attempts).toBe(2);
    expect(flakyKeys).toHaveLength(2);
    expect(flakyKeys[0]).toMatch(/[0-9a-f-]{36}/);
    expect(flakyKeys[1]).toBe(flakyKeys[0]);
    flakyCalls = 0;
    await expect(client({ maxRetries: 0 }).diagnostics.flaky()).rejects.toBeInstanceOf(live.RateLimitError);
  });

  it('pages through every item with for await', async () => {
    const names: string[] = [];
    for await (const pet of client().pets.list({ limit: 2 })) names.push(pet.name);
    expect(names).toEqual(PETS.map((p) => p.name));
    const first = await client().pets.list({ limit: 2 });
    expect(first.data.map((p: { id: string }) => p.id)).toEqual(['p1', 'p2']);
    expect(first.hasNextPage()).toBe(true);
    const pages = seen.filter((s) => s.url.startsWith('/v1/pets?')).map((s) => s.url);
    expect(pages).toContain('/v1/pets?cursor=2&limit=2');
  });

  it('percent-encodes path parameters', async () => {
    const result = await client().diagnostics.echo('a/b?c=d#e f%');
    expect(result.path).toBe('/v1/echo/a%2Fb%3Fc%3Dd%23e%20f%25');
    expect((await client().diagnostics.echo('ünï cödé')).path).toBe('/v1/echo/%C3%BCn%C3%AF%20c%C3%B6d%C3%A9');
    expect(() => client().diagnostics.echo('..')).toThrow(/cannot be/); // a caller bug, thrown synchronously
  });

  it('times out with APITimeoutError', async () => {
    await expect(client({ timeout: 100, maxRetries: 0 }).diagnostics.slow()).rejects.toBeInstanceOf(
      live.APITimeoutError,
    );
  });

  it('uploads multipart/form-data files', async () => {
    const result = await client().diagnostics.upload({
      file: live.toFile(new TextEncoder().encode('hello'), 'hello.txt', { type: 'text/plain' }),
      title: 'greeting',
    });
    expect(result.fields).toEqual({ title: 'greeting', fileName: 'hello.txt', fileText: 'hello' });
  });

  it('streams text/event-stream responses as an async iterator', async () => {
    const ticks: number[] = [];
    for await (const tick of await client().diagnostics.ticks.stream()) ticks.push(tick.n);
    expect(ticks).toEqual([1, 2, 3]);
  });

  it('gives a stream beside its response (.withResponse), or the raw event-stream response (.asResponse)', async () => {
    const { data: stream, response } = await client().diagnostics.ticks.stream().withResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream).toBeInstanceOf(live.Stream);
    const ticks: number[] = [];
    for await (const tick of stream) ticks.push(tick.n);
    expect(ticks).toEqual([1, 2, 3]);
    const raw = await client().diagnostics.ticks.stream().asResponse();
    expect(raw.bodyUsed).toBe(false);
    expect(await raw.text()).toContain('data: {"n":3}');
  });

  it('rejects .withResponse() and .asResponse() with APITimeoutError when the response does not come in time', async () => {
    await expect(client({ timeout: 100, maxRetries: 0 }).diagnostics.slow().withResponse()).rejects.toBeInstanceOf(
      live.APITimeoutError,
    );
    await expect(client({ timeout: 100, maxRetries: 0 }).diagnostics.slow().asResponse()).rejects.toBeInstanceOf(
      live.APITimeoutError,
    );
  });

  it('reads the body under the timeout for data, and hands .asResponse() its body outside it', async () => {
    const late = { query: { body_after: '400' } };
    const c = client({ timeout: 150, maxRetries: 0 });
    await expect(c.diagnostics.slow(late)).rejects.toBeInstanceOf(live.APITimeoutError);
    await expect(c.diagnostics.slow(late).withResponse()).rejects.toBeInstanceOf(live.APITimeoutError);
    const response = await c.diagnostics.slow(late).asResponse();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: '/v1/slow?body_after=400' });
  });
});

describe('hostile fixture at runtime', () => {
  it('constructs and calls the client without executing anything from the description', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = async (url: string, init: RequestInit): Promise<Response> => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ default: 'd' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const Client = hostile.default;
    const c = new Client({ fetch: fakeFetch, defaultHeaders: {} });
    expect(c.baseURL).toBe('https://api.example.com/v1"; globalThis.__pwned = 4; //');
    await c.items.root.list('a"b', {
      'x"); globalThis.__pwned = 9; ("': 'v',
      params: 'p',
      options: 'o',
      body2: { body: 'b' },
    });
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
    const url = new URL(calls[0]?.url ?? '');
    expect(url.pathname).toBe('/v1%22;%20globalThis.__pwned%20=%204;%20/items/a%22b/%60$%7Bx%7D%60/*/');
    expect(url.searchParams.get('x"); globalThis.__pwned = 9; ("')).toBe('v');
    expect(url.searchParams.get('params')).toBe('p');
    expect(url.searchParams.get('options')).toBe('o');
    expect(calls[0]?.init.body).toBe('{"body":"b"}');
  });
});

describe('wire fixture against the echo route', () => {
  const wireClient = (options: Record<string, unknown>): any =>
    new wire.Wire({ baseURL: baseURL.replace(/\/v1$/, '/wire'), maxRetries: 0, ...options });
  type Echo = { method: string; url: string; headers: Record<string, string>; body?: string };

  it('sends cookie parameters in the Cookie header, RFC 6265-encoded, after a Cookie header already given', async () => {
    const c = wireClient({ apiKeyAuth: 'k' });
    const plain: Echo = await c.accounts.retrieve('a1', { session_id: 's1' });
    expect(plain.headers.cookie).toBe('session_id=s1');
    const echo: Echo = await c.accounts.retrieve(
      'a1',
      { session_id: 'a b;c"d\\é%', prefs: ['x', 'y,z'], 'X-Trace': 't' },
      { headers: { Cookie: 'user=1' } },
    );
    expect(echo.headers.cookie).toBe('user=1; session_id=a%20b%3Bc%22d%5C%C3%A9%25; prefs=x,y%2Cz');
    expect(echo.headers['x-trace']).toBe('t');
    expect(echo.url).toBe('/wire/accounts/a1');
    // An apiKey credential in a cookie and cookie parameters share the one header.
    const session: Echo = await wireClient({ sessionCookie: 'tok en' }).session.retrieve({ theme: 'dark' });
    expect(session.headers.cookie).toBe('session=tok%20en; theme=dark');
  });

  it("applies each operation's security: its own, else the document's; [] means none; the first satisfied alternative wins", async () => {
    const keyOnly = wireClient({ apiKeyAuth: 'k' });
    const both = wireClient({ apiKeyAuth: 'k', bearerAuth: 'b', queryKey: 'q', sessionCookie: 's' });
    // Document default (ApiKeyAuth) only: the bearer token, query key and session cookie stay home.
    const retrieved: Echo = await both.accounts.retrieve('a1', { session_id: 'x' });
    expect(retrieved.headers).toEqual({ 'x-api-key': 'k', cookie: 'session_id=x' });
    expect(retrieved.url).toBe('/wire/accounts/a1');
    // `security: []`: no credentials at all.
    expect((await both.public.retrieve()).headers).toEqual({});
    // bearerAuth or ApiKeyAuth: the first alternative that is configured.
    expect((await both.accounts.create({ name: 'n', password: 'p' })).headers).toEqual({ authorization: 'Bearer b' });
    expect((await keyOnly.accounts.create({ name: 'n', password: 'p' })).headers).toEqual({ 'x-api-key': 'k' });
    // ApiKeyAuth together with queryKey, or anonymous: half a requirement sends nothing.
    const anonymous: Echo = await keyOnly.objects.create({ constructor: 'c' });
    expect(anonymous.headers).toEqual({});
    expect(anonymous.url).toBe('/wire/objects');
    const together: Echo = await both.objects.create({ constructor: 'c' });
    expect(together.headers).toEqual({ 'x-api-key': 'k' });
    expect(together.url).toBe('/wire/objects?key=q');
  });

  it('sends body properties named like Object.prototype members as given, and never an inherited member', async () => {
    const c = wireClient({});
    const given = Object.fromEntries([
      ['constructor', 'c'],
      ['__proto__', { polluted: true }],
      ['toString', 's'],
      ['hasOwnProperty', false],
      ['isPrototypeOf', 0],
    ]);
    const echo: Echo = await c.objects.create(given);
    expect(echo.body).toBe(
      '{"constructor":"c","__proto__":{"polluted":true},"toString":"s","hasOwnProperty":false,"isPrototypeOf":0}',
    );
    // The valueOf query parameter and the toLocaleString header were not given: nothing inherited is sent.
    expect(echo.url).toBe('/wire/objects');
    expect(echo.headers.tolocalestring).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const withParams: Echo = await c.objects.create({ constructor: 'c', valueOf: 'v', toLocaleString: 'l' });
    expect(withParams.url).toBe('/wire/objects?valueOf=v');
    expect(withParams.headers.tolocalestring).toBe('l');
    expect(withParams.body).toBe('{"constructor":"c"}');
  });
});
