// Issue #29: the generated Python SDK's `http_client=` (a user's httpx-like client sends every
// request) and `_strict_response_validation=True` (responses checked against the description,
// `APIResponseValidationError` naming the property), against a node:http server on 127.0.0.1 that
// speaks the `live` fixture API. The user's script is type-checked (mypy --strict, pyright strict,
// with the package) and run with python3.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitPythonSdk } from '../../../../workers/generators/python/index.ts';
import { fixtureModel, PYTHON, runPyright, typeCheckAndRun, writeFiles } from './helpers.ts';

if (PYTHON === undefined)
  console.warn('\n!!! Python SDK http_client / strict suite SKIPPED: python3 is not on PATH.\n');

/** Bodies by path (under /v1): `bad` lacks the required `name`, `typed` has it as a number. */
const BODIES: Record<string, string> = {
  '/v1/pets/good': JSON.stringify({ id: 'p1', name: 'Rex', tag: null }),
  '/v1/pets/bad': JSON.stringify({ id: 'p2', tag: 'cat' }),
  '/v1/pets/typed': JSON.stringify({ id: 'p3', name: 5 }),
  '/v1/pets/notjson': '{"id": "p4", ',
  '/v1/pets': JSON.stringify({ data: [{ id: 'a', name: 'A' }, { id: 'b' }], next_cursor: null }),
};

const SCRIPT = `
import asyncio
import json
import os
import urllib.error
import urllib.request
from typing import Callable, Dict, List, Mapping, Optional

from live_pets import APIResponseValidationError, AsyncLivePets, LivePets, NotFoundError

BASE = os.environ["TRANSPORT_BASE_URL"]


class Answer:
    """What the user's client returns (an httpx.Response has these three)."""

    def __init__(self, status_code: int, headers: Dict[str, str], content: bytes) -> None:
        self.status_code = status_code
        self.headers = headers
        self.content = content


class UserClient:
    """Stands for a user's httpx.Client: its own transport (urllib here) and a header of its own."""

    def __init__(self) -> None:
        self.calls: List[str] = []

    def request(self, method: str, url: str, *, headers: Mapping[str, str], content: Optional[bytes], timeout: float) -> Answer:
        self.calls.append(method + " " + url[len(BASE):])
        sent = dict(headers)
        sent["X-User-Client"] = "duck"
        request = urllib.request.Request(url, data=content, headers=sent, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Answer(response.status, dict(response.headers.items()), response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, dict(error.headers.items()), error.read())


def outcome(call: Callable[[], object]) -> str:
    try:
        value = call()
        return "ok " + json.dumps(getattr(value, "to_dict")())
    except APIResponseValidationError as error:
        return "invalid " + error.path + " | " + error.expected + " | " + str(error.status_code) + " | " + error.message
    except NotFoundError as error:
        return "not found " + str(error.status_code)


user = UserClient()
via = LivePets(api_key="k", base_url=BASE, max_retries=1, http_client=user)
print("via-good", outcome(lambda: via.pets.retrieve("good")))
print("via-missing", outcome(lambda: via.pets.retrieve("missing")))
print("via-flaky", via.diagnostics.flaky(note="x").path)
print("via-pages", [pet.id for pet in via.pets.list()])
print("via-ticks", [tick.n for tick in via.diagnostics.ticks.stream()])
print("via-calls", user.calls)

lenient = LivePets(api_key="k", base_url=BASE, max_retries=0)
bad = lenient.pets.retrieve("bad")
print("lenient-bad", bad.id, bad.name, bad.tag)
print("lenient-typed", repr(lenient.pets.retrieve("typed").name))
print("lenient-notjson", outcome(lambda: lenient.pets.retrieve("notjson")))

strict = LivePets(api_key="k", base_url=BASE, max_retries=0, _strict_response_validation=True)
print("strict-good", outcome(lambda: strict.pets.retrieve("good")))
print("strict-bad", outcome(lambda: strict.pets.retrieve("bad")))
print("strict-typed", outcome(lambda: strict.pets.retrieve("typed")))
print("strict-page", outcome(lambda: list(strict.pets.list())))
print("strict-ticks-good", [tick.n for tick in strict.diagnostics.ticks.stream()])
odd = LivePets(api_key="k", base_url=BASE, max_retries=0, default_headers={"X-Odd-Ticks": "1"})
print("lenient-ticks-odd", [tick.n for tick in odd.diagnostics.ticks.stream()])
strict_odd = LivePets(api_key="k", base_url=BASE, max_retries=0, default_headers={"X-Odd-Ticks": "1"}, _strict_response_validation=True)
print("strict-ticks-odd", outcome(lambda: list(strict_odd.diagnostics.ticks.stream())))


async def in_async() -> str:
    client = AsyncLivePets(api_key="k", base_url=BASE, max_retries=0, http_client=UserClient(), _strict_response_validation=True)
    try:
        await client.pets.retrieve("bad")
        return "no error"
    except APIResponseValidationError as error:
        return error.path
    finally:
        await client.close()


print("async-strict", asyncio.run(in_async()))
`;

describe.skipIf(PYTHON === undefined)('Python SDK: http_client and strict response validation', () => {
  let server: Server;
  let baseUrl = '';
  const root = mkdtempSync(join(tmpdir(), 'py-sdk-transport-'));
  const seen: string[] = [];
  let flaky = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0] as string;
      seen.push(`${req.method} ${path} ${req.headers['x-user-client'] ?? '-'}`);
      req.resume();
      req.on('end', () => {
        if (path === '/v1/flaky') {
          flaky += 1;
          if (flaky === 1) {
            res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
            res.end('{"message": "again"}');
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ path: '/flaky', attempts: flaky }));
          return;
        }
        if (path === '/v1/ticks') {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          // With X-Odd-Ticks the second event's `n` is a string (the description says integer).
          res.end(`data: {"n": 1}\n\ndata: {"n": ${req.headers['x-odd-ticks'] ? '"two"' : '2'}}\n\n`);
          return;
        }
        const body = BODIES[path];
        if (body === undefined) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end('{"message": "no such pet"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    writeFiles(root, emitPythonSdk(await fixtureModel('live')));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('sends through the user client, validates strictly, and type-checks', async () => {
    const { checked, result } = await typeCheckAndRun(root, SCRIPT, { TRANSPORT_BASE_URL: baseUrl });
    if (checked !== undefined) expect(checked.output).toMatch(/^Success/);
    expect(result.code, result.output).toBe(0);
    const lines = new Map(
      result.output
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)] as const),
    );
    // (a) http_client: every request but the event stream went through the user's client.
    expect(lines.get('via-good')).toBe('ok {"id": "p1", "name": "Rex", "tag": null}');
    expect(lines.get('via-missing')).toBe('not found 404');
    expect(lines.get('via-flaky')).toBe('/flaky');
    expect(lines.get('via-pages')).toBe("['a', 'b']");
    expect(lines.get('via-ticks')).toBe('[1, 2]');
    expect(lines.get('via-calls')).toBe(
      "['GET /pets/good', 'GET /pets/missing', 'POST /flaky', 'POST /flaky', 'GET /pets']",
    );
    expect(seen.slice(0, 6)).toEqual([
      'GET /v1/pets/good duck',
      'GET /v1/pets/missing duck',
      'POST /v1/flaky duck',
      'POST /v1/flaky duck',
      'GET /v1/pets duck',
      'GET /v1/ticks -',
    ]);
    // (b) the default client is lenient; a strict one names the property and what was expected.
    expect(lines.get('lenient-bad')).toBe('p2 None cat');
    expect(lines.get('lenient-typed')).toBe('5');
    expect(lines.get('lenient-notjson')).toMatch(/^invalid {2}\| a JSON body \| 200 \| The response body is not JSON/);
    expect(lines.get('strict-good')).toBe('ok {"id": "p1", "name": "Rex", "tag": null}');
    expect(lines.get('strict-bad')).toBe(
      'invalid name | a value (a required property of Pet) | 200 | The response does not match the API description: name: expected a value (a required property of Pet), got nothing (the property is missing)',
    );
    expect(lines.get('strict-typed')).toMatch(/^invalid name \| a string \| 200 \| .*got a number \(5\)$/);
    expect(lines.get('strict-page')).toMatch(/^invalid data\[1\]\.name \| a value \(a required property of Pet\)/);
    expect(lines.get('async-strict')).toBe('name');
    // Event streams: each event's data is checked in strict mode.
    expect(lines.get('strict-ticks-good')).toBe('[1, 2]');
    expect(lines.get('lenient-ticks-odd')).toBe("[1, 'two']");
    expect(lines.get('strict-ticks-odd')).toMatch(
      /^invalid n \| an integer \| 200 \| An event does not match the API description: /,
    );
    // pyright strict over the package and the user's script (the duck-typed client fits `HttpClient`).
    const pyright = await runPyright(root, [join(root, 'drive.py')], [join(root, 'src')]);
    expect(pyright.output).toMatch(/(^|\s)0 errors/);
  }, 180_000);
});
