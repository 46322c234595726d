// Two `npm start`s at once on the embedded PostgreSQL default (issue #34, point 11): both used to
// find the remembered (or default) port free, both started a server on it, and one died with
// "could not bind 127.0.0.1:54329". Here they start at the same moment, in-process (the part of
// `npm start` that races): with their own data folders remembering the same port, both come up on
// ports of their own; on one data folder, both end up on the one server.

import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, PORT_FILE, startEmbeddedPostgres, type EmbeddedServer } from '../../db/embedded.ts';

const root = mkdtempSync(join(tmpdir(), 'embedded-race-'));
chmodSync(root, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must enter it
const started: EmbeddedServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT 1 AS one')).rows[0].one);
  } finally {
    await client.end();
  }
}

describe('two embedded starts at once', { timeout: 120_000 }, () => {
  it('with their own data folders remembering one port: both start, on different ports', async () => {
    const port = await freePort();
    const dirs = ['a', 'b'].map((name) => {
      const dir = join(root, name);
      mkdirSync(dir, { mode: 0o755 });
      writeFileSync(join(dir, PORT_FILE), `${port}\n`);
      return dir;
    });
    const results = await Promise.allSettled(dirs.map((dataDir) => startEmbeddedPostgres({ dataDir, durable: false })));
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    const ports = dirs.map((dir) => Number(readFileSync(join(dir, PORT_FILE), 'utf8').trim()));
    expect(new Set(ports).size).toBe(2);
    for (const server of started) expect(await answers(server.url)).toBe(1);
  });

  it('on one data folder: one server, both use it', async () => {
    const dataDir = join(root, 'shared');
    mkdirSync(dataDir, { mode: 0o755 });
    const results = await Promise.allSettled([0, 1].map(() => startEmbeddedPostgres({ dataDir, durable: false })));
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    const urls = results.map((r) => (r.status === 'fulfilled' ? r.value.url : ''));
    expect(urls[0]).toBe(urls[1]);
    expect(await answers(urls[0]!)).toBe(1);
  });
});
