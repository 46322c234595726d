import type { MigrationContext } from '../migrate.ts';

/** Hosted docs previews: one share per run, served at /docs-preview/<shareId>/. */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE docs_shares (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      project_id text NOT NULL REFERENCES projects(id),
      run_id text NOT NULL UNIQUE REFERENCES runs(id),
      artifact_id text NOT NULL REFERENCES artifacts(id),
      publishing_action_id text NOT NULL REFERENCES publishing_actions(id),
      expires_at timestamptz(3) NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql('DROP TABLE docs_shares');
}
