// The embedded PostgreSQL default as people run it: two services with their own DATA_DIRs on one
// machine both start (the second one used to hit the first one's port and die with
// "failed to start: undefined"), the port each one chose is remembered across restarts, a
// remembered port that another program took meanwhile is given up for a free one, the cluster
// runs with fsync on, and a start-up failure names its cause and the way out.

import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { describeStartupFailure } from '../../bin/startup-failure.ts';
import { freePort, PORT_FILE } from '../../db/embedded.ts';
import { createTestDatabase } from '../setup/database.ts';
import { spawnService, type ServiceProcess } from '../setup/process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'embedded-defaults-'));
chmodSync(root, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must enter it
const running: ServiceProcess[] = [];
afterAll(async () => {
  for (const service of running) await service.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A worker-only `npm start` on the embedded default in `dataDir` (no web build needed). */
async function startEmbedded(dataDir: string): Promise<ServiceProcess> {
  const service = await spawnService({ ROLE: 'worker', DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_PG_PORT: '' });
  running.push(service);
  return service;
}

async function stopped(service: ServiceProcess): Promise<void> {
  expect(await service.stop()).toBe(0);
  running.splice(running.indexOf(service), 1);
}

const portOf = (dataDir: string) => Number(readFileSync(join(dataDir, PORT_FILE), 'utf8').trim());

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
const embeddedUrl = (port: number) => `postgres://postgres:embedded@127.0.0.1:${port}/report_service`;

/** Runs `npm start` until it exits; its exit code and stderr. */
function startUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('two embedded services on one machine', () => {
  it('both start on their own ports, remember them across a restart, and move off a remembered port taken meanwhile', async () => {
    const dirA = join(root, 'a');
    const dirB = join(root, 'b');
    const a = await startEmbedded(dirA);
    const b = await startEmbedded(dirB);
    const portA = portOf(dirA);
    const portB = portOf(dirB);
    expect(portB).not.toBe(portA);
    // Full durability for what a person keeps in DATA_DIR.
    expect(await query(embeddedUrl(portA), 'SHOW fsync')).toEqual([{ fsync: 'on' }]);
    expect(await query(embeddedUrl(portB), 'SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'on' }]);
    // Something B keeps, to find again after its restarts.
    await query(embeddedUrl(portB), "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('b was here')");
    const kept = [{ note: 'b was here' }];

    // Restart B: the same port (from DATA_DIR), the same data.
    await stopped(b);
    const b2 = await startEmbedded(dirB);
    expect(portOf(dirB)).toBe(portB);
    expect(await query(embeddedUrl(portB), 'SELECT note FROM kept')).toEqual(kept);

    // Another program takes B's remembered port while B is down: B starts elsewhere and remembers that.
    await stopped(b2);
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(portB, '127.0.0.1', resolve));
    try {
      const b3 = await startEmbedded(dirB);
      const moved = portOf(dirB);
      expect(moved).not.toBe(portB);
      expect(moved).not.toBe(portA);
      expect(b3.output()).toContain(`port ${portB} is taken`);
      expect(await query(embeddedUrl(moved), 'SELECT note FROM kept')).toEqual(kept);
      await stopped(b3);
    } finally {
      squatter.close();
    }
    await stopped(a);
  }, 120_000);

  it('the test server alone trades durability for speed', async () => {
    expect(await query(inject('pgAdminUrl'), 'SHOW fsync')).toEqual([{ fsync: 'off' }]);
  });
});

describe('start-up failures name the cause and the way out', () => {
  it('an unreachable DATABASE_URL: the refusal, the redacted URL, what to do; never "undefined" nor the password', async () => {
    const port = await freePort();
    const { code, stderr } = await startUntilExit({
      ROLE: 'worker',
      DATABASE_URL: `postgres://someone:s3cret-pass@127.0.0.1:${port}/nowhere`,
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `report-service failed to start: the PostgreSQL server at postgres://someone:***@127.0.0.1:${port}/nowhere (DATABASE_URL) refused the connection`,
    );
    expect(stderr).toContain('What to do: Start PostgreSQL or correct the host and port in DATABASE_URL');
    expect(stderr).not.toContain('s3cret-pass');
    expect(stderr).not.toMatch(/undefined/);
  }, 60_000);

  it('an EMBEDDED_PG_PORT another program holds: named, with the way out', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as { port: number }).port;
    try {
      const { code, stderr } = await startUntilExit({
        ROLE: 'worker',
        DATABASE_URL: '',
        DATA_DIR: join(root, 'explicit'),
        EMBEDDED_PG_PORT: String(port),
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`Embedded PostgreSQL cannot listen on 127.0.0.1:${port} (EMBEDDED_PG_PORT)`);
      expect(stderr).toContain('Unset EMBEDDED_PG_PORT to let the service choose a free port');
      expect(stderr).not.toMatch(/undefined/);
    } finally {
      squatter.close();
    }
  }, 60_000);

  // Express 5 hands a listen error to the callback, and start-up took that for "listening":
  // it then died on "Cannot read properties of null (reading 'port')".
  it.each(['PORT', 'METRICS_PORT'])(
    'a %s another program holds: the real process names it, with the way out',
    async (name) => {
      const squatter = createServer();
      await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
      const port = (squatter.address() as { port: number }).port;
      try {
        const { code, stderr } = await startUntilExit({
          ROLE: name === 'PORT' ? 'api' : 'worker',
          DATABASE_URL: await createTestDatabase(),
          BOOTSTRAP: 'false',
          PORT: '0',
          [name]: String(port),
        });
        expect(code).toBe(1);
        expect(stderr).toContain(
          `report-service failed to start: listen EADDRINUSE: address already in use 127.0.0.1:${port}: another program listens on that address.`,
        );
        expect(stderr).toContain('What to do: Stop it, or set PORT (or METRICS_PORT) to a free port.');
        expect(stderr).not.toMatch(/Cannot read properties|undefined/);
      } finally {
        squatter.close();
      }
    },
    60_000,
  );

  it('PORT in use: the listen error, named, with the way out', async () => {
    const first = createServer();
    await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
    const port = (first.address() as { port: number }).port;
    const second = createServer();
    const error = await new Promise<Error>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    first.close();
    expect(describeStartupFailure(error, {})).toBe(
      `report-service failed to start: listen EADDRINUSE: address already in use 127.0.0.1:${port}: another program listens on that address.\n` +
        '  What to do: Stop it, or set PORT (or METRICS_PORT) to a free port.',
    );
  });

  it('a bad setting, a wrong password, a missing database, an error without a message', () => {
    const env = { DATABASE_URL: 'postgres://app:pw@db.internal:5432/reports' };
    expect(describeStartupFailure(new Error('Invalid configuration: PORT: Too big'), env)).toBe(
      'report-service failed to start: Invalid configuration: PORT: Too big\n  What to do: Fix the environment variable named above and start again (docs/deployment.md: Configuration).',
    );
    const auth = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
    const wrapped = Object.assign(new Error(auth.message), { name: 'SequelizeAccessDeniedError', parent: auth });
    expect(describeStartupFailure(wrapped, env)).toContain('postgres://app:***@db.internal:5432/reports');
    expect(describeStartupFailure(wrapped, env)).toContain('Correct the user name and password in DATABASE_URL');
    const missing = Object.assign(new Error('database "reports" does not exist'), { code: '3D000' });
    expect(describeStartupFailure(missing, env)).toContain('Create it (createdb <name>');
    expect(describeStartupFailure(undefined, env)).toMatch(/failed to start: an error without a message\n/);
    expect(describeStartupFailure(undefined, env)).not.toMatch(/undefined/);
  });
});
