import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { listenForAuthChanges, type AuthChangeListener } from '../db/auth-changes.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { openQueue, type Queue } from '../db/queue.ts';
import { startWorker, type RunningWorker } from '../workers/main.ts';
import { createApp } from '../server/app.ts';
import { createOpsApp } from '../server/ops-routes.ts';
import { metrics } from '../shared/metrics.ts';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import type { Deps } from '../server/services/deps.ts';
import { AuthCache } from '../server/services/auth/auth-cache.ts';
import { invalidateOnWrites } from '../server/services/auth/invalidate-on-writes.ts';

export interface RunningRoles {
  /** http://127.0.0.1:<port> when the API runs; undefined for a worker-only process. */
  url: string | undefined;
  /** http://127.0.0.1:<port> of the METRICS_PORT listener (/metrics, /readyz) when configured. */
  opsUrl: string | undefined;
  deps: Deps;
  worker: RunningWorker | undefined;
  /** Drains HTTP, stops the worker and pg-boss, closes the database (and the embedded server). */
  stop(): Promise<void>;
}

/**
 * The composition root: opens the database and queue, builds the services' dependencies, then
 * starts the roles `config.role` names (the API, the worker, or both) in this process.
 */
export async function startRoles(config: Config, logger: Logger): Promise<RunningRoles> {
  const db: Database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPgPort,
    embeddedDurable: config.embeddedPgDurable,
    storage: config.storage,
    log: (line) => logger.debug({ component: 'postgres' }, line),
    notice: (line) => logger.warn({ component: 'postgres' }, line),
  });
  let queue: Queue;
  try {
    queue = await openQueue({
      databaseUrl: db.url,
      supervise: config.role !== 'api',
      policy: config.queue,
      onError: (error) => logger.error({ err: error }, 'queue error'),
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const reportRateLimiter = new RateLimiterPostgres({
    storeClient: db.sequelize,
    storeType: 'sequelize',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'report_starts',
    points: config.rateLimit.starts,
    duration: config.rateLimit.windowSeconds,
  });
  const authFailureLimiter = new RateLimiterPostgres({
    storeClient: db.sequelize,
    storeType: 'sequelize',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'auth_failures',
    points: config.rateLimit.authFailures,
    duration: config.rateLimit.authFailureWindowSeconds,
  });
  const authCache = new AuthCache(config.auth.cacheMs);
  const deps: Deps = { config, db, queue, logger, reportRateLimiter, authFailureLimiter, authCache };

  // API processes cache authenticated callers; the listener keeps every process's cache honest.
  let authChanges: AuthChangeListener | undefined;
  if (config.role !== 'worker' && config.auth.cacheMs > 0)
    authChanges = await listenForAuthChanges(db.url, {
      onChange: (payload) => authCache.apply(payload),
      onListening: (listening) => authCache.setListening(listening),
      onError: (error) => logger.warn({ err: error }, 'auth change listener lost its connection; reconnecting'),
    });
  if (authChanges) {
    authCache.confirmWith(authChanges.confirm);
    invalidateOnWrites(authCache);
  }

  let server: Server | undefined;
  let opsServer: Server | undefined;
  let url: string | undefined;
  let opsUrl: string | undefined;
  let worker: RunningWorker | undefined;
  const ops = { worker: () => worker };
  metrics.info.set({ role: config.role }, 1);
  // Express 5 calls the listen callback with the error too (EADDRINUSE, EACCES): resolving on it
  // handed back a server that never listened, whose address() is null.
  const listen = (app: ReturnType<typeof createApp>, port: number, host: string) =>
    new Promise<Server>((resolve, reject) => {
      const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
    });
  if (config.metrics.port !== undefined) {
    // Before the worker starts: an orchestrator can watch /readyz say "not started yet".
    opsServer = await listen(createOpsApp(deps, ops), config.metrics.port, config.metrics.host);
    opsUrl = `http://127.0.0.1:${(opsServer.address() as AddressInfo).port}`;
  }
  if (config.role !== 'worker') {
    server = await listen(createApp(deps, ops), config.port, config.host);
    server.keepAliveTimeout = 5_000;
    const port = (server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
  }
  if (config.role !== 'api') worker = await startWorker(deps);

  let stopping: Promise<void> | undefined;
  return {
    url,
    opsUrl,
    deps,
    worker,
    stop() {
      stopping ??= (async () => {
        if (server) {
          const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
          server.closeIdleConnections();
          const force = setTimeout(() => server!.closeAllConnections(), 10_000);
          await closing;
          clearTimeout(force);
        }
        await worker?.stop();
        if (opsServer) {
          const closing = new Promise<void>((resolve) => opsServer!.close(() => resolve()));
          opsServer.closeAllConnections();
          await closing;
        }
        await authChanges?.stop();
        await queue.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}
