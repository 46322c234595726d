import type { MigrationContext } from '../migrate.ts';

/**
 * Registries publish after the release pull request merges (docs/custom-code-and-release-prs.md):
 * a publish to `github` that opened or updated a release pull request, and the npm/PyPI publishes
 * of its run, wait `awaiting_merge`; the repository's `pull_request` webhook publishes them when it
 * is merged, or ends them `canceled` when it is closed without merging (or another release
 * supersedes it). A waiting publication still counts as the live one of its run, registry and version.
 *
 * Retention of pristine generations: the maintenance job prunes the content of those a three-way
 * merge can no longer need (workers/jobs/prune-generations.ts); the row keeps the run's report.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE publishing_actions DROP CONSTRAINT IF EXISTS publishing_actions_state_check;
    ALTER TABLE publishing_actions ADD CONSTRAINT publishing_actions_state_check
      CHECK (state IN ('queued','publishing','awaiting_merge','published','failed','rolled_back','canceled'));
    DROP INDEX publishing_actions_publish_once;
    CREATE UNIQUE INDEX publishing_actions_publish_once ON publishing_actions (run_id, registry, coalesce(version, ''))
      WHERE action = 'publish' AND state IN ('queued','publishing','awaiting_merge','published');
    CREATE INDEX publishing_actions_awaiting_merge ON publishing_actions (project_id)
      WHERE state = 'awaiting_merge';
    CREATE INDEX sdk_generations_project ON sdk_generations (project_id, language, created_at DESC);
    ALTER TABLE sdk_generations ALTER COLUMN content DROP NOT NULL;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DELETE FROM sdk_generations WHERE content IS NULL;
    ALTER TABLE sdk_generations ALTER COLUMN content SET NOT NULL;
    DROP INDEX sdk_generations_project;
    DROP INDEX publishing_actions_awaiting_merge;
    DROP INDEX publishing_actions_publish_once;
    CREATE UNIQUE INDEX publishing_actions_publish_once ON publishing_actions (run_id, registry, coalesce(version, ''))
      WHERE action = 'publish' AND state IN ('queued','publishing','published');
    UPDATE publishing_actions SET state = 'failed' WHERE state IN ('awaiting_merge', 'canceled');
    ALTER TABLE publishing_actions DROP CONSTRAINT publishing_actions_state_check;
    ALTER TABLE publishing_actions ADD CONSTRAINT publishing_actions_state_check
      CHECK (state IN ('queued','publishing','published','failed','rolled_back'));
  `);
}
