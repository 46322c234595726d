import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest } from '../setup/http.ts';
import { spawnService } from '../setup/process.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

// The real `npm start` path: embedded PostgreSQL in DATA_DIR, first-start bootstrap, admin CLI, SIGTERM.
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'report-service-lifecycle-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('service process lifecycle on the embedded default', () => {
  it('bootstraps once, serves, lets the admin CLI add a workspace, stops cleanly on SIGTERM and keeps data across restarts', async () => {
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', DATABASE_URL: '' };
    const first = await spawnService(env);
    let token: string;
    try {
      expect(first.output()).toContain('First start: created workspace');
      const keyFile = join(dataDir, 'bootstrap-api-key');
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      token = (await readFile(keyFile, 'utf8')).trim();
      expect(first.output()).toContain(token);
      expect(first.output()).toContain('curl -H "Authorization: Bearer');
      const me = await rest(first.url, token).get('/me');
      expect(me.status).toBe(200);
      expect(me.body.entitlements.role).toBe('owner');
      expect((await rest(first.url).get('/health')).body.pipeline.database).toBe('embedded');

      // The admin CLI beside the running server uses its embedded PostgreSQL.
      const { stdout } = await run(
        'npm',
        ['run', '--silent', 'admin', '--', 'workspace', 'create', '--name', 'Second', '--email', 'ops@example.com'],
        {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        },
      );
      const created = JSON.parse(stdout) as {
        organization: { name: string };
        user: { email: string };
        apiKey: { tokenPrefix: string };
        token: string;
      };
      expect(created.organization.name).toBe('Second');
      expect(created.user.email).toBe('ops@example.com');
      expect(created.token.startsWith(created.apiKey.tokenPrefix)).toBe(true);
      const second = await rest(first.url, created.token).get('/me');
      expect(second.body.organization.name).toBe('Second');
    } finally {
      expect(await first.stop('SIGTERM')).toBe(0);
    }
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const again = await spawnService(env);
    try {
      expect(again.output()).not.toContain('First start');
      expect((await rest(again.url, token).get('/me')).status).toBe(200);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
  }, 120_000);

  it('the admin CLI rejects a bad email with exit code 2', async () => {
    const failure = await run(
      'npm',
      ['run', '--silent', 'admin', '--', 'workspace', 'create', '--name', 'X', '--email', 'nope'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect('code' in failure && failure.code).toBe(2);
    expect('stderr' in failure && failure.stderr).toMatch(/--email/);
  });
});
