// The generated Python SDK against a real HTTP server: a node:http server on 127.0.0.1 speaks the
// `live` fixture API; python3 runs a script using the generated package (subprocess).

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { fixtureModel, PYTHON, typeCheckAndRun, writeFiles } from './helpers.ts';

if (PYTHON === undefined) console.warn('\n!!! Python SDK live suite SKIPPED: python3 is not on PATH.\n');

const PETS = [
  { id: 'p1', name: 'Rex', tag: null },
  // `born` is not in the description: a key the model keeps in `model_extra`.
  { id: 'p2', name: 'Tom', tag: 'cat', born: 2019 },
  { id: 'p3', name: 'Kit', tag: null },
];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe.skipIf(PYTHON === undefined)('generated Python SDK against a live server', () => {
  let server: Server;
  let baseUrl = '';
  const root = mkdtempSync(join(tmpdir(), 'py-sdk-live-'));
  const flakyAttempts = new Map<string, number>();
  const seen: { method: string; url: string; apiKey: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const url = new URL(req.url ?? '/', 'http://x');
        const rawPath = (req.url ?? '').split('?')[0] as string;
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          apiKey: req.headers['x-api-key'] as string | undefined,
        });
        const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
          res.writeHead(status, {
            'content-type': 'application/json',
            'x-request-id': `req-${seen.length}`,
            ...headers,
          });
          res.end(JSON.stringify(value));
        };
        if (req.headers['x-api-key'] !== 'secret-key') return json(401, { message: 'no key' });
        if (req.method === 'GET' && url.pathname === '/v1/pets') {
          const cursor = url.searchParams.get('cursor');
          if (cursor === null) return json(200, { data: PETS.slice(0, 2), next_cursor: 'c2' });
          if (cursor === 'c2') return json(200, { data: PETS.slice(2), next_cursor: null });
          return json(400, { message: 'bad cursor' });
        }
        if (req.method === 'POST' && url.pathname === '/v1/pets') {
          const input = JSON.parse(body.toString('utf8')) as { name: string; tag?: string };
          return json(201, { id: 'p9', name: input.name, tag: input.tag ?? null });
        }
        if (req.method === 'GET' && rawPath.startsWith('/v1/pets/')) {
          const id = decodeURIComponent(rawPath.slice('/v1/pets/'.length));
          const pet = PETS.find((p) => p.id === id);
          return pet ? json(200, pet) : json(404, { message: `pet ${id} not found` });
        }
        if (req.method === 'GET' && rawPath.startsWith('/v1/echo/')) return json(200, { path: rawPath });
        if (req.method === 'POST' && url.pathname === '/v1/flaky') {
          const key = String(req.headers['idempotency-key'] ?? '');
          const attempts = (flakyAttempts.get(key) ?? 0) + 1;
          flakyAttempts.set(key, attempts);
          if (attempts === 1) return json(429, { message: 'slow down' }, { 'retry-after': '0' });
          return json(200, { path: rawPath, attempts, idempotency_key: key === '' ? null : key });
        }
        if (req.method === 'GET' && url.pathname === '/v1/slow') {
          setTimeout(() => json(200, { path: rawPath }), 3000).unref();
          return;
        }
        if (req.method === 'POST' && url.pathname === '/v1/uploads') {
          const text = body.toString('latin1');
          const fields = {
            content_type: String(req.headers['content-type']).split(';')[0] ?? '',
            has_file: String(text.includes('filename="pet.txt"')),
            has_bytes: String(text.includes('hello file')),
            title: /name="title"\r\n\r\n([^\r]*)/.exec(text)?.[1] ?? '',
          };
          return json(200, { path: rawPath, fields });
        }
        if (req.method === 'GET' && url.pathname === '/v1/ticks') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end('data: {"n": 1}\n\n: comment\ndata: {"n": 2}\n\nevent: done\ndata: {"n": 3}\n\n');
          return;
        }
        json(404, { message: 'no route' });
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    writeFiles(root, emitPythonSdk(await fixtureModel('live')));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('typed success (model classes), typed 404, retry after 429, pagination, path encoding, uploads, SSE, timeout', async () => {
    const script = `
import io, json, time
from live_pets import BaseModel, LivePets, NotFoundError, APITimeoutError, RateLimitError
from live_pets.types import Echo, Pet, Tick

out: dict[str, object] = {}
client = LivePets()
pet: Pet = client.pets.retrieve("p2")
out["pet"] = pet.to_dict()
out["pet_attrs"] = [type(pet).__name__, isinstance(pet, BaseModel), pet.id, pet.name, pet.tag]
out["pet_extra"] = pet.model_extra
out["pet_item"] = [pet["name"], pet["born"], "tag" in pet, "nope" in pet]
out["pet_repr"] = repr(pet)
out["pet_eq"] = [pet == client.pets.retrieve("p2"), pet == client.pets.retrieve("p1")]
out["pet_json"] = json.loads(pet.to_json())
created = client.pets.create(name="Bo", tag="dog")
out["created"] = created.to_dict()
try:
    client.pets.retrieve("missing")
except NotFoundError as error:
    out["not_found"] = {"status": error.status_code, "body": error.body, "request_id": error.request_id, "type": type(error).__name__}
listed = list(client.pets.list(limit=2))
out["pages"] = [p.id for p in listed]
out["page_tags"] = [p.tag for p in listed]
out["page_types"] = sorted({type(p).__name__ for p in listed})
echo: Echo = client.diagnostics.echo("a/b c?&é")
out["echo"] = echo.path
out["echo_unset"] = [echo.attempts, echo.fields, echo.to_dict()]
flaky = client.diagnostics.flaky(note="x")
out["flaky"] = {"attempts": flaky.attempts, "has_key": bool(flaky.idempotency_key)}
no_retry = LivePets(max_retries=0)
try:
    no_retry.diagnostics.flaky()
except RateLimitError as error:
    out["no_retry"] = error.status_code
up = client.diagnostics.upload(file=("pet.txt", io.BytesIO(b"hello file"), "text/plain"), title="My pet")
out["upload"] = up.fields
ticks: list[Tick] = list(client.diagnostics.ticks.stream())
out["ticks"] = [t.n for t in ticks]
raw_ticks = client.with_raw_response.diagnostics.ticks.stream()
out["raw_ticks"] = [raw_ticks.status_code, raw_ticks.headers["content-type"], [t.n for t in raw_ticks.parse()]]
started = time.monotonic()
try:
    LivePets(timeout=0.3, max_retries=0).diagnostics.slow()
except APITimeoutError as error:
    out["timeout"] = {"type": type(error).__name__, "seconds": round(time.monotonic() - started, 1) < 2.5}
print(json.dumps(out))
`;
    const { checked, result } = await typeCheckAndRun(root, script, {
      LIVE_PETS_API_KEY: 'secret-key',
      LIVE_PETS_BASE_URL: baseUrl,
    });
    // The script is user code: attribute access on the models type-checks strictly.
    if (checked !== undefined) expect(checked.output).toMatch(/^Success/);
    expect(result.code, result.output).toBe(0);
    const out = JSON.parse(result.output.trim().split('\n').pop() as string) as Record<string, unknown>;
    expect(out.pet).toEqual({ id: 'p2', name: 'Tom', tag: 'cat', born: 2019 });
    expect(out.pet_attrs).toEqual(['Pet', true, 'p2', 'Tom', 'cat']);
    expect(out.pet_extra).toEqual({ born: 2019 });
    expect(out.pet_item).toEqual(['Tom', 2019, true, false]);
    expect(out.pet_repr).toBe("Pet(id='p2', name='Tom', tag='cat', model_extra={'born': 2019})");
    expect(out.pet_eq).toEqual([true, false]);
    expect(out.pet_json).toEqual({ id: 'p2', name: 'Tom', tag: 'cat', born: 2019 });
    expect(out.created).toEqual({ id: 'p9', name: 'Bo', tag: 'dog' });
    expect(out.not_found).toMatchObject({
      status: 404,
      body: { message: 'pet missing not found' },
      type: 'NotFoundError',
    });
    expect((out.not_found as { request_id: string }).request_id).toMatch(/^req-\d+$/);
    expect(out.pages).toEqual(['p1', 'p2', 'p3']);
    expect(out.page_tags).toEqual([null, 'cat', null]);
    expect(out.page_types).toEqual(['Pet']);
    // Fields the server did not send read as None and are left out of to_dict().
    expect(out.echo_unset).toEqual([null, null, { path: '/v1/echo/a%2Fb%20c%3F%26%C3%A9' }]);
    expect(out.echo).toBe('/v1/echo/a%2Fb%20c%3F%26%C3%A9');
    expect(out.flaky).toEqual({ attempts: 2, has_key: true });
    expect(out.no_retry).toBe(429);
    expect(out.upload).toEqual({
      content_type: 'multipart/form-data',
      has_file: 'true',
      has_bytes: 'true',
      title: 'My pet',
    });
    expect(out.ticks).toEqual([1, 2, 3]);
    // A raw streaming call answers once the stream opens; parse() is the stream.
    expect(out.raw_ticks).toEqual([200, 'text/event-stream', [1, 2, 3]]);
    expect(out.timeout).toEqual({ type: 'APITimeoutError', seconds: true });
    expect(seen.every((s) => s.apiKey === 'secret-key')).toBe(true);
    expect(seen.filter((s) => s.url.startsWith('/v1/pets?')).map((s) => s.url)).toEqual([
      '/v1/pets?limit=2',
      '/v1/pets?cursor=c2&limit=2',
    ]);
  }, 180_000);
});
