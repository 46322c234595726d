import type { MigrationContext } from '../migrate.ts';

/**
 * A hostname may be pending in several workspaces (each with its own token), but verified in at
 * most one: whoever publishes new proof takes it over. Within a workspace it stays unique.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE docs_domains DROP CONSTRAINT docs_domains_domain_key;
    CREATE UNIQUE INDEX docs_domains_org_domain ON docs_domains(org_id, domain);
    CREATE UNIQUE INDEX docs_domains_verified_domain ON docs_domains(domain) WHERE status = 'verified';
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP INDEX docs_domains_verified_domain;
    DROP INDEX docs_domains_org_domain;
    ALTER TABLE docs_domains ADD CONSTRAINT docs_domains_domain_key UNIQUE (domain);
  `);
}
