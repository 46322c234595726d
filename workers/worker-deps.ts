import type { Database } from '../db/connection.ts';
import type { Queue } from '../db/queue.ts';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';

export interface WorkerDeps {
  config: Config;
  db: Database;
  queue: Queue;
  logger: Logger;
}
