import type { MigrationContext } from '../migrate.ts';

/**
 * A project's settings (docs/web-app.md: Project settings):
 * - `settings`: what a person set (package names, versions, targets on or off, the default config);
 * - `packages_in_use`: the package names the project's first run generated with, so that a later
 *   run whose description changed its title keeps them (the settings and a run's config override).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE projects ADD COLUMN settings jsonb;
    ALTER TABLE projects ADD COLUMN packages_in_use jsonb;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE projects DROP COLUMN packages_in_use;
    ALTER TABLE projects DROP COLUMN settings;
  `);
}
