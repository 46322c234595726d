import type { MigrationContext } from '../migrate.ts';

/** Publishing actions (dry-runs, publish requests, docs-preview shares) and docs preview shares. */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE publishing_actions (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      project_id text NOT NULL REFERENCES projects(id),
      run_id text NOT NULL REFERENCES runs(id),
      created_by_user_id text REFERENCES users(id),
      registry text NOT NULL CHECK (registry IN ('npm','pypi','docs','github')),
      action text NOT NULL CHECK (action IN ('dry_run','publish','rollback','share_preview')),
      status text NOT NULL CHECK (status IN ('ready','blocked')),
      package_name text,
      version text,
      notes text,
      checklist jsonb NOT NULL,
      provider_result jsonb,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE INDEX publishing_actions_run ON publishing_actions(run_id, id);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql('DROP TABLE publishing_actions');
}
