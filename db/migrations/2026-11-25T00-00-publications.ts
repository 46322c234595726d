import type { MigrationContext } from '../migrate.ts';

/**
 * Real publishing. A publish or rollback action that passed its checks carries a `state`
 * (queued → publishing → published | failed; a publication undone by a rollback becomes
 * rolled_back) and the pg-boss job that carries it out. At most one live publication per run,
 * registry and version, and one live rollback per publication: a repeated request or a retried
 * job finds the row instead of publishing twice.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE publishing_actions
      ADD COLUMN state text CHECK (state IN ('queued','publishing','published','failed','rolled_back')),
      ADD COLUMN job_id text,
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN published_at timestamptz(3),
      ADD COLUMN rollback_of text REFERENCES publishing_actions(id),
      ADD COLUMN restores text REFERENCES publishing_actions(id);
    CREATE UNIQUE INDEX publishing_actions_publish_once ON publishing_actions (run_id, registry, coalesce(version, ''))
      WHERE action = 'publish' AND state IN ('queued','publishing','published');
    CREATE UNIQUE INDEX publishing_actions_rollback_once ON publishing_actions (rollback_of)
      WHERE action = 'rollback' AND state IN ('queued','publishing','published');
    CREATE INDEX publishing_actions_published ON publishing_actions (project_id, registry, published_at)
      WHERE state = 'published';
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP INDEX publishing_actions_published;
    DROP INDEX publishing_actions_rollback_once;
    DROP INDEX publishing_actions_publish_once;
    ALTER TABLE publishing_actions DROP COLUMN restores, DROP COLUMN rollback_of, DROP COLUMN published_at,
      DROP COLUMN attempts, DROP COLUMN job_id, DROP COLUMN state;
  `);
}
