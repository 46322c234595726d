import type { MigrationContext } from '../migrate.ts';

/** Why the last verification of a docs domain failed (null once verified). */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE docs_domains ADD COLUMN failure_reason text`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE docs_domains DROP COLUMN failure_reason`);
}
