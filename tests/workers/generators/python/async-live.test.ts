// The generated Python SDK's async client against a real HTTP server on 127.0.0.1 (the `live`
// fixture API): awaitable calls, `async for` pagination and streaming, the client's timeout and
// asyncio.wait_for, and cancellation, which must abort the request (the server sees its socket
// close), keep the event loop running and give the worker thread back to the pool.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { fixtureModel, PYTHON, run, typeCheckAndRun, writeFiles } from './helpers.ts';

if (PYTHON === undefined) console.warn('\n!!! Python SDK async live suite SKIPPED: python3 is not on PATH.\n');

const PETS = [
  { id: 'p1', name: 'Rex', tag: null },
  { id: 'p2', name: 'Tom', tag: 'cat' },
  { id: 'p3', name: 'Kit', tag: null },
];
/** How long the slow endpoints hold a request: far longer than any abort may take. */
const HOLD_MS = 30_000;

const SCRIPT = String.raw`
import asyncio, inspect, json, sys, time
from typing import Any, Dict, List
from live_pets import APITimeoutError, AsyncLivePets, AsyncPage, AsyncStream, LivePets
from live_pets.types import Pet, Tick

out: Dict[str, object] = {}


def signatures(sync: object, async_: object, path: str, found: List[str]) -> None:
    """Every public method of the sync resource tree has an async twin with the same signature."""
    for name in dir(sync):
        if name.startswith("_"):
            continue
        member: object = getattr(sync, name)
        if inspect.ismethod(member) and path != "":
            twin: object = getattr(async_, name)
            mine, theirs = inspect.signature(member), inspect.signature(twin)  # type: ignore[arg-type]
            # Same parameters; the return type too, but a SyncPage is an AsyncPage and a Stream an AsyncStream.
            returned = str(mine.return_annotation).replace("SyncPage[", "AsyncPage[").replace("Stream[", "AsyncStream[")
            if mine.parameters != theirs.parameters or returned != theirs.return_annotation:
                found.append(path + name + ": " + str(mine) + " != " + str(theirs))
            found.append(path + name)
        elif type(member).__module__.startswith("live_pets.resources"):
            signatures(member, getattr(async_, name), path + name + ".", found)


async def ticker(counter: List[int]) -> None:
    while True:
        await asyncio.sleep(0.01)
        counter[0] += 1


async def freed(client: AsyncLivePets) -> str:
    """A quick call on a one-thread client: it only completes if the pool's thread is free."""
    pet = await asyncio.wait_for(client.pets.retrieve("p1"), 5)
    return pet.id


async def main() -> None:
    found: List[str] = []
    sync = LivePets()
    async with AsyncLivePets() as client:
        signatures(sync, client, "", found)
        out["signatures"] = found
        pet: Pet = await client.pets.retrieve("p2")
        out["pet"] = pet.to_dict()
        created = await client.pets.create(name="Bo", tag="dog")
        out["created"] = created.to_dict()
        page: AsyncPage[Pet] = client.pets.list(limit=2)
        out["items"] = [p.id async for p in page]
        out["pages"] = [[p.id for p in result.items] async for result in client.pets.list(limit=2).iter_pages()]
        out["first_page"] = [p.id for p in (await client.pets.list(limit=2).first_page()).items]
        stream: AsyncStream[Tick] = await client.diagnostics.ticks.stream()
        out["stream"] = [t.n async for t in stream]
        # Nine calls at once on the (sixteen-thread) pool; gather keeps their order.
        ids = await asyncio.gather(*(client.pets.retrieve(p) for p in ["p1", "p2", "p3"] * 3))
        out["gathered"] = [p.id for p in ids]

    # The client's timeout option: a read that takes too long is an APITimeoutError.
    started = time.monotonic()
    try:
        await AsyncLivePets(timeout=0.3, max_retries=0).diagnostics.slow()
    except APITimeoutError as error:
        out["client_timeout"] = type(error).__name__
    out["client_timeout_seconds"] = round(time.monotonic() - started, 2)

    one = AsyncLivePets(max_workers=1)
    counter = [0]
    tick_task = asyncio.create_task(ticker(counter))

    # asyncio.wait_for: a TimeoutError, the request aborted, the thread free again.
    started = time.monotonic()
    try:
        await asyncio.wait_for(one.diagnostics.slow(extra_headers={"x-case": "wait-for"}), 0.4)
    except asyncio.TimeoutError:
        out["wait_for"] = "TimeoutError"
    out["wait_for_seconds"] = round(time.monotonic() - started, 2)
    out["wait_for_freed"] = await freed(one)

    # Cancellation of a request in flight, while a ticker task runs on the loop.
    task = asyncio.create_task(one.diagnostics.slow(extra_headers={"x-case": "cancel"}))
    before = counter[0]
    await asyncio.sleep(0.5)
    out["ticks_during_call"] = counter[0] - before
    out["done_before_cancel"] = task.done()
    started = time.monotonic()
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        out["cancelled"] = task.cancelled()
    out["cancel_seconds"] = round(time.monotonic() - started, 2)
    out["cancel_freed"] = await freed(one)

    # Cancellation during a retry back-off (the server asks for a 30 s wait): the wait is cut short.
    task = asyncio.create_task(one.diagnostics.flaky(note="x", extra_headers={"x-case": "backoff"}))
    await asyncio.sleep(0.5)
    started = time.monotonic()
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        out["backoff_cancelled"] = True
    out["backoff_freed"] = await freed(one)
    out["backoff_seconds"] = round(time.monotonic() - started, 2)

    # Cancelling a stream read: the first event arrives, the next read is aborted.
    held = await one.diagnostics.ticks.stream(extra_headers={"x-case": "hold"})
    first = await held.__anext__()
    try:
        await asyncio.wait_for(held.__anext__(), 0.4)
    except asyncio.TimeoutError:
        out["stream_cancel"] = [first.n, "TimeoutError"]
    out["stream_freed"] = await freed(one)

    await one.close()
    try:
        await one.pets.retrieve("p1")
    except RuntimeError as error:
        out["closed"] = str(error)
    tick_task.cancel()
    print(json.dumps(out))


asyncio.run(main())
`;

/** Over TLS (the socket to abort is then an SSLSocket): a verified call, a cancel, a wait_for timeout. */
const TLS_SCRIPT = String.raw`
import asyncio, json
from typing import Dict
from live_pets import AsyncLivePets


async def main() -> None:
    out: Dict[str, object] = {}
    async with AsyncLivePets(max_workers=1) as client:
        out["pet"] = (await client.pets.retrieve("p2")).id
        task = asyncio.create_task(client.diagnostics.slow(extra_headers={"x-case": "tls-cancel"}))
        await asyncio.sleep(0.5)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            out["cancelled"] = True
        out["cancel_freed"] = (await asyncio.wait_for(client.pets.retrieve("p1"), 5)).id
        try:
            await asyncio.wait_for(client.diagnostics.slow(extra_headers={"x-case": "tls-wait-for"}), 0.4)
        except asyncio.TimeoutError:
            out["wait_for"] = "TimeoutError"
        out["wait_for_freed"] = (await asyncio.wait_for(client.pets.retrieve("p3"), 5)).id
    print(json.dumps(out))


asyncio.run(main())
`;

function which(cmd: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const OPENSSL = which('openssl');

describe.skipIf(PYTHON === undefined)('the generated async Python client against a live server', () => {
  let server: Server;
  let baseUrl = '';
  const root = mkdtempSync(join(tmpdir(), 'py-sdk-async-'));
  /** Requests whose socket closed before the server answered (x-case header -> count). */
  const aborted = new Map<string, number>();

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const testCase = String(req.headers['x-case'] ?? '');
    res.on('close', () => {
      if (!res.writableFinished) aborted.set(testCase, (aborted.get(testCase) ?? 0) + 1);
    });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    req.resume();
    if (req.headers['x-api-key'] !== 'secret-key') return json(401, { message: 'no key' });
    if (req.method === 'GET' && path === '/v1/pets') {
      const cursor = url.searchParams.get('cursor');
      if (cursor === null) return json(200, { data: PETS.slice(0, 2), next_cursor: 'c2' });
      return json(200, { data: PETS.slice(2), next_cursor: null });
    }
    if (req.method === 'POST' && path === '/v1/pets') return json(201, { id: 'p9', name: 'Bo', tag: 'dog' });
    if (req.method === 'GET' && path.startsWith('/v1/pets/')) {
      const pet = PETS.find((p) => p.id === decodeURIComponent(path.slice('/v1/pets/'.length)));
      return pet ? json(200, pet) : json(404, { message: 'not found' });
    }
    if (req.method === 'GET' && path === '/v1/slow') {
      setTimeout(() => json(200, { path }), HOLD_MS).unref();
      return;
    }
    if (req.method === 'POST' && path === '/v1/flaky')
      return json(429, { message: 'slow down' }, { 'retry-after': '30' });
    if (req.method === 'GET' && path === '/v1/ticks') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"n": 1}\n\n');
      if (testCase === 'hold') {
        setTimeout(() => res.end(), HOLD_MS).unref();
        return;
      }
      setTimeout(() => res.write('data: {"n": 2}\n\n'), 50);
      setTimeout(() => res.end('data: {"n": 3}\n\n'), 100);
      return;
    }
    json(404, { message: 'no route' });
  };

  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    writeFiles(root, emitPythonSdk(await fixtureModel('live')));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('awaits calls, pages and streams with async for, times out, and aborts cancelled requests', async () => {
    const { checked, result } = await typeCheckAndRun(root, SCRIPT, {
      LIVE_PETS_API_KEY: 'secret-key',
      LIVE_PETS_BASE_URL: baseUrl,
    });
    // The script is user code: the async client type-checks strictly.
    if (checked !== undefined) expect(checked.output).toMatch(/^Success/);
    expect(result.code, result.output).toBe(0);
    const out = JSON.parse(result.output.trim().split('\n').pop() as string) as Record<string, unknown>;
    // Same parameters as the sync methods, for every method of every resource.
    const signatures = out.signatures as string[];
    expect(signatures.filter((s) => s.includes('!='))).toEqual([]);
    expect(signatures).toEqual(
      expect.arrayContaining(['pets.list', 'pets.retrieve', 'diagnostics.slow', 'diagnostics.ticks.stream']),
    );
    expect(out.pet).toEqual({ id: 'p2', name: 'Tom', tag: 'cat' });
    expect(out.created).toEqual({ id: 'p9', name: 'Bo', tag: 'dog' });
    expect(out.items).toEqual(['p1', 'p2', 'p3']);
    expect(out.pages).toEqual([['p1', 'p2'], ['p3']]);
    expect(out.first_page).toEqual(['p1', 'p2']);
    expect(out.stream).toEqual([1, 2, 3]);
    expect(out.gathered).toEqual(['p1', 'p2', 'p3', 'p1', 'p2', 'p3', 'p1', 'p2', 'p3']);
    expect(out.client_timeout).toBe('APITimeoutError');
    expect(out.wait_for).toBe('TimeoutError');
    expect(out.wait_for_freed).toBe('p1');
    // While the call was in flight the loop kept running the ticker; the call was still pending.
    expect(out.ticks_during_call).toBeGreaterThan(5);
    expect(out.done_before_cancel).toBe(false);
    expect(out.cancelled).toBe(true);
    expect(out.cancel_freed).toBe('p1');
    expect(out.backoff_cancelled).toBe(true);
    expect(out.backoff_freed).toBe('p1');
    expect(out.stream_cancel).toEqual([1, 'TimeoutError']);
    expect(out.stream_freed).toBe('p1');
    expect(out.closed).toBe('The client is closed.');
    // Prompt, against a server that holds each of these requests (or back-off) for 30 s.
    for (const key of ['wait_for_seconds', 'cancel_seconds', 'backoff_seconds'])
      expect(out[key] as number, key).toBeLessThan(5);
    // The aborted requests' sockets were closed from the client side before the server answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Object.fromEntries(aborted)).toMatchObject({ 'wait-for': 1, cancel: 1, hold: 1 });
  }, 120_000);

  it.skipIf(OPENSSL === undefined)(
    'aborts a cancelled request over TLS too',
    async () => {
      // A self-signed certificate for 127.0.0.1, trusted by the script through SSL_CERT_FILE.
      const key = join(root, 'tls.key');
      const cert = join(root, 'tls.crt');
      execFileSync(
        OPENSSL as string,
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore' },
      );
      const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, handle);
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      try {
        writeFileSync(join(root, 'drive_tls.py'), TLS_SCRIPT);
        const result = await run(PYTHON as string, [join(root, 'drive_tls.py')], {
          env: {
            ...process.env,
            PYTHONPATH: join(root, 'src'),
            SSL_CERT_FILE: cert,
            LIVE_PETS_API_KEY: 'secret-key',
            LIVE_PETS_BASE_URL: `https://127.0.0.1:${(tls.address() as AddressInfo).port}/v1`,
          },
          timeoutMs: 60_000,
        });
        expect(result.code, result.output).toBe(0);
        const out = JSON.parse(result.output.trim().split('\n').pop() as string) as Record<string, unknown>;
        expect(out).toEqual({
          pet: 'p2',
          cancelled: true,
          cancel_freed: 'p1',
          wait_for: 'TimeoutError',
          wait_for_freed: 'p3',
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(Object.fromEntries(aborted)).toMatchObject({ 'tls-cancel': 1, 'tls-wait-for': 1 });
      } finally {
        tls.closeAllConnections();
        await new Promise<void>((resolve) => tls.close(() => resolve()));
      }
    },
    120_000,
  );
});
