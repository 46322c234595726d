// Raw responses in the generated TypeScript SDK, used as a customer would: a typed program
// (compiled with the SDK under tsc --strict) calls the Shelter API served on 127.0.0.1 and reads
// status, headers and data through `.withResponse()` / `.asResponse()` beside plain `await`.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitTypeScriptSdk } from '../../../../workers/generators/typescript/index.ts';
import { cliFixtureModel } from '../cli/helpers.ts';
import { PETS, requestId, startShelterServer, type ShelterServer } from '../../../fakes/shelter-server.ts';
import { checkOptions, runTsc, writeFiles } from './helpers.ts';

const KEY = 'shelter-secret';
const root = mkdtempSync(join(tmpdir(), 'ts-sdk-raw-'));
let shelter: ShelterServer;

/** The customer's program: typed against the generated package; each function returns what it saw. */
const PROGRAM = `
import { NotFoundError, Shelter, type Pet, type WithResponse } from '../shelter/src/index.js';

const client = (baseURL: string, apiKey: string): Shelter => new Shelter({ baseURL, apiKey, maxRetries: 0 });

export async function withResponse(baseURL: string, apiKey: string) {
  const { data, response } = await client(baseURL, apiKey).pets.retrieve('p2').withResponse();
  const pet: Pet = data;
  return { pet, status: response.status, requestId: response.headers.get('x-request-id'), bodyUsed: response.bodyUsed };
}

export async function asResponse(baseURL: string, apiKey: string) {
  const response: Response = await client(baseURL, apiKey).pets.create({ name: 'Ada', species: 'cat' }).asResponse();
  const before = response.bodyUsed;
  return { status: response.status, requestId: response.headers.get('x-request-id'), before, body: (await response.json()) as unknown };
}

export async function awaited(baseURL: string, apiKey: string) {
  const pet: Pet = await client(baseURL, apiKey).pets.retrieve('p1');
  const text: string = await client(baseURL, apiKey).health.check();
  return { pet, text };
}

export async function health(baseURL: string, apiKey: string) {
  const typed: WithResponse<string> = await client(baseURL, apiKey).health.check().withResponse();
  return { text: typed.data, type: typed.response.headers.get('content-type'), status: typed.response.status };
}

export async function page(baseURL: string, apiKey: string) {
  const { data: first, response } = await client(baseURL, apiKey).pets.list({ limit: 2 }).withResponse();
  const raw = await client(baseURL, apiKey).pets.list({ limit: 1 }).asResponse();
  const names: string[] = [];
  for await (const pet of client(baseURL, apiKey).pets.list({ limit: 2 })) names.push(pet.name);
  return {
    firstIds: first.data.map((p) => p.id),
    hasNext: first.hasNextPage(),
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    rawBody: (await raw.json()) as unknown,
    names,
  };
}

export async function notFound(baseURL: string, apiKey: string) {
  const seen: unknown[] = [];
  for (const call of [
    () => client(baseURL, apiKey).pets.retrieve('nope').asResponse(),
    () => client(baseURL, apiKey).pets.retrieve('nope').withResponse(),
  ]) {
    try {
      await call();
      seen.push('resolved');
    } catch (error) {
      seen.push(error instanceof NotFoundError ? { status: error.status, requestId: error.headers?.get('x-request-id') } : String(error));
    }
  }
  return seen;
}

export async function once(baseURL: string, apiKey: string) {
  const promise = client(baseURL, apiKey).pets.retrieve('p3');
  const [a, b, both] = await Promise.all([promise, promise, promise.withResponse()]);
  return { same: a === b && b === both.data, name: a.name };
}
`;

type Program = Record<string, (baseURL: string, apiKey: string) => Promise<Record<string, unknown> | unknown[]>>;
let program: Program;

beforeAll(async () => {
  shelter = await startShelterServer(KEY);
  writeFiles(join(root, 'shelter'), emitTypeScriptSdk(await cliFixtureModel('pets')));
  writeFiles(join(root, 'user'), [
    { path: 'raw.ts', content: PROGRAM },
    { path: 'package.json', content: JSON.stringify({ type: 'module' }) },
  ]);
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: checkOptions({ rootDir: '.', outDir: 'out' }),
      include: ['shelter/src/**/*.ts', 'user/*.ts'],
    }),
  );
  const { code, output } = await runTsc(join(root, 'tsconfig.json'));
  if (code !== 0) throw new Error(`compiling the SDK and the program failed:\n${output}`);
  writeFileSync(join(root, 'out/package.json'), JSON.stringify({ type: 'module' }));
  program = (await import(pathToFileURL(join(root, 'out/user/raw.js')).href)) as Program;
}, 180_000);

afterAll(async () => {
  await shelter?.close();
  shelter?.server.closeAllConnections();
  rmSync(root, { recursive: true, force: true });
});

/** Runs one function of the program; also returns the request ids the server gave out meanwhile. */
async function run(name: string): Promise<{ result: unknown; ids: string[] }> {
  const from = shelter.seen.length;
  const fn = program[name] as Program[string];
  const result = await fn(shelter.baseURL, KEY);
  return { result, ids: shelter.seen.slice(from).map((_, i) => requestId(from + i + 1)) };
}

describe('raw responses of the generated TypeScript SDK (live, 127.0.0.1)', () => {
  it('.withResponse() gives the parsed data with the status and headers of its response', async () => {
    const { result, ids } = await run('withResponse');
    expect(result).toEqual({ pet: PETS[1], status: 200, requestId: ids[0], bodyUsed: true });
  });

  it('.asResponse() gives the Response with its body unread (201 Created, x-request-id)', async () => {
    const { result, ids } = await run('asResponse');
    expect(result).toEqual({
      status: 201,
      requestId: ids[0],
      before: false,
      body: { id: 'p9', name: 'Ada', species: 'cat' },
    });
  });

  it('a plain await still gives the data, as before', async () => {
    const { result } = await run('awaited');
    expect(result).toEqual({ pet: PETS[0], text: 'all good' });
  });

  it('text responses: data is the text, the response says text/plain', async () => {
    const { result } = await run('health');
    expect(result).toEqual({ text: 'all good', type: 'text/plain', status: 200 });
  });

  it("a paginated method's promise reaches the first page's response and still iterates every page", async () => {
    const { result, ids } = await run('page');
    expect(result).toEqual({
      firstIds: ['p1', 'p2'],
      hasNext: true,
      status: 200,
      requestId: ids[0],
      rawBody: { data: [PETS[0]], next_cursor: '1' },
      names: PETS.map((p) => p.name),
    });
  });

  it('an error status still throws the typed error from both accessors (with the response headers)', async () => {
    const { result, ids } = await run('notFound');
    expect(result).toEqual([
      { status: 404, requestId: ids[0] },
      { status: 404, requestId: ids[1] },
    ]);
  });

  it('sends one request and parses the body once however often the promise is read', async () => {
    const { result, ids } = await run('once');
    expect(ids).toHaveLength(1);
    expect(result).toEqual({ same: true, name: PETS[2]?.name });
  });
});
