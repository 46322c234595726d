import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';

/** What a migration receives: a function that runs SQL on the migrating connection. */
export type MigrationContext = { context: (sql: string) => Promise<unknown> };

interface MigrationModule {
  up(params: MigrationContext): Promise<void>;
  down(params: MigrationContext): Promise<void>;
}

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Migrations of this code that the database has not applied (empty once `migrate` ran; readiness reads it). */
export async function pendingMigrations(sequelize: Sequelize): Promise<string[]> {
  const [rows] = (await sequelize.query('SELECT name FROM schema_migrations')) as [Array<{ name: string }>, unknown];
  const applied = new Set(rows.map((r) => r.name));
  migrationNames ??= readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  return migrationNames.filter((name) => !applied.has(name));
}
let migrationNames: string[] | undefined;

/**
 * Applies pending migrations (timestamped files in db/migrations, in name order). An advisory
 * lock keeps two processes starting at once from racing.
 */
export async function migrate(sequelize: Sequelize, databaseUrl: string): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const run = (sql: string) => sequelize.query(sql);
  const umzug = new Umzug<(sql: string) => Promise<unknown>>({
    migrations: files.map((file) => ({
      name: file.replace(/\.ts$/, ''),
      up: async ({ context }) =>
        ((await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as MigrationModule).up({ context }),
      down: async ({ context }) =>
        ((await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as MigrationModule).down({ context }),
    })),
    context: () => run,
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: undefined,
  });
  // Session-level lock on one dedicated connection (a pooled query could unlock elsewhere).
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(827361)');
    const applied = await umzug.up();
    return applied.map((m) => m.name);
  } finally {
    await lock.end();
  }
}
