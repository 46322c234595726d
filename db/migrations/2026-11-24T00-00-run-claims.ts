import type { MigrationContext } from '../migrate.ts';

/**
 * The attempt that holds a running run. A job whose worker stopped heartbeating (killed, or its
 * event loop blocked by a huge description) is retried elsewhere while the first attempt may still
 * be alive: each attempt claims the run with a fresh token and writes only while it holds it, so
 * the older attempt stops at its next write or poll instead of racing the newer one.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE runs ADD COLUMN claim_token TEXT`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE runs DROP COLUMN claim_token`);
}
