import type { MigrationContext } from '../migrate.ts';

/**
 * A customer's own code across regenerations (docs/custom-code-and-release-prs.md):
 * - `sdk_generations`: the pristine generation of each SDK of a run (gzipped tar, kept after the
 *   run's artifacts expire: it is the base of the next three-way merge), with the custom-code
 *   report of that run, and when the customer received it (downloaded, published, pushed to the
 *   connected repository's `generated` branch). The base of a run is the latest received one.
 * - `project_repositories`: a project's connected SDK repository (release pull requests) and
 *   description repository (a signed push webhook starts a run).
 * - `description_pushes`: one row per (project, commit) a push webhook started a run for, so a
 *   redelivery starts nothing new.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE sdk_generations (
      run_id text NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      language text NOT NULL,
      org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      project_id text NOT NULL,
      content bytea NOT NULL,
      sha256 text NOT NULL,
      file_count integer NOT NULL,
      report jsonb,
      received_at timestamptz(3),
      received_via text,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (run_id, language)
    );
    CREATE INDEX sdk_generations_received ON sdk_generations (project_id, language, received_at DESC)
      WHERE received_at IS NOT NULL;

    CREATE TABLE project_repositories (
      project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
      org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      sdk_repository text,
      sdk_language text NOT NULL DEFAULT 'typescript',
      default_branch text NOT NULL DEFAULT 'main',
      description_repository text,
      description_path text,
      webhook_secret text,
      connected_by_user_id text NOT NULL REFERENCES users(id),
      pull_request jsonb,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );

    CREATE TABLE description_pushes (
      project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      commit_sha text NOT NULL,
      delivery_id text,
      run_id text,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, commit_sha)
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TABLE description_pushes;
    DROP TABLE project_repositories;
    DROP TABLE sdk_generations;
  `);
}
