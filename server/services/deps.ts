import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../../db/connection.ts';
import type { Queue } from '../../db/queue.ts';
import type { Config } from '../../shared/config.ts';
import type { Logger } from '../../shared/logger.ts';
import type { AuthCache } from './auth/auth-cache.ts';

/** What services need from the outside world; built once in bin/roles.ts (or a test's server). */
export interface Deps {
  config: Config;
  db: Database;
  /** Absent in a process that cannot enqueue (never in practice: API processes always open it). */
  queue: Queue;
  logger: Logger;
  reportRateLimiter: RateLimiterAbstract;
  /** Failed bearer tokens per client address (brute-force guard), shared by processes. */
  authFailureLimiter: RateLimiterAbstract;
  /** Authenticated callers kept for a few seconds, dropped at once on a change (auth/auth-cache.ts). */
  authCache: AuthCache;
}
