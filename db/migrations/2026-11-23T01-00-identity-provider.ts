import type { MigrationContext } from '../migrate.ts';

/** Links to the identity provider (AUTH_PROVIDER=idp): its organization and user ids, one each. */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE organizations ADD COLUMN idp_org_id text UNIQUE;
    ALTER TABLE users ADD COLUMN idp_user_id text UNIQUE;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE organizations DROP COLUMN idp_org_id;
    ALTER TABLE users DROP COLUMN idp_user_id;
  `);
}
