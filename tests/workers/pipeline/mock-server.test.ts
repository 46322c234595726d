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
import { spawn } from 'node:child_process';
import {
  discardPreloadedMockServer,
  preloadedMockServerPid,
  preloadMockServer,
  startMockServer,
  type MockServer,
} from '../../../workers/pipeline/mock-server.ts';
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
  discardPreloadedMockServer();
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

/** Whether the process is gone (or a zombie nobody has reaped yet) within `ms`. */
async function endsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return true;
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** CPU-seconds the process has used so far (utime + stime from /proc, in clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

describe('a preloaded mock server (loaded while the run reads its description)', { timeout: 90_000 }, () => {
  it('loads Prism before it knows what to serve, then serves the next start', async () => {
    preloadMockServer();
    const pid = preloadedMockServerPid();
    expect(pid).toBeDefined();
    // Its modules load with nothing to serve yet: CPU spent while it waits for the file.
    const deadline = Date.now() + 30_000;
    while ((await cpuSeconds(pid!)) < 0.2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cpuSeconds(pid!)).toBeGreaterThanOrEqual(0.2);
    const served = await startMockServer(join(dir, 'openapi.json'), undefined, 60_000);
    try {
      expect(served.pid).toBe(pid);
      expect(preloadedMockServerPid()).toBeUndefined();
      const answer = await fetch(`${served.url}/items?ids=1&ids=2`, { headers: { 'x-key': 'k' } });
      expect(answer.status).toBe(200);
      expect((await fetch(`${served.url}/items?ids=1,2`, { headers: { 'x-key': 'k' } })).status).toBe(422);
    } finally {
      await served.stop();
    }
  });

  it('is replaced by a new process when it died before the start', async () => {
    preloadMockServer();
    const pid = preloadedMockServerPid()!;
    process.kill(pid, 'SIGKILL');
    expect(await endsWithin(pid, 5_000)).toBe(true);
    const served = await startMockServer(join(dir, 'openapi.json'), undefined, 60_000);
    try {
      expect(served.pid).not.toBe(pid);
      expect((await fetch(`${served.url}/items?ids=1&ids=2`, { headers: { 'x-key': 'k' } })).status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it('reports a description it cannot serve in Prism’s own words, as a new process does', async () => {
    preloadMockServer();
    await expect(startMockServer(join(dir, 'broken.json'), undefined, 60_000)).rejects.toThrow(
      /Prism exited before listening: .*nowhere/i,
    );
  });

  it('ends when discarded, and on its own when its stdin closes with nothing to serve', async () => {
    preloadMockServer();
    const pid = preloadedMockServerPid()!;
    discardPreloadedMockServer();
    expect(preloadedMockServerPid()).toBeUndefined();
    expect(await endsWithin(pid, 5_000)).toBe(true);

    // The run that loaded it is gone: its end of the pipe closes.
    const main = join(import.meta.dirname, '../../../workers/pipeline/prism-mock-main.ts');
    const orphan = spawn(process.execPath, [main, '--stdin'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const code = new Promise<number | null>((resolve) => orphan.once('exit', (c) => resolve(c)));
    orphan.stdin.end();
    expect(await code).toBe(0);
  });
});
