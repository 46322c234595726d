import type { MigrationContext } from '../migrate.ts';

/** Workspaces, people, keys, projects, runs with their retained inputs and artifacts. */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE organizations (
      id text PRIMARY KEY,
      name text NOT NULL,
      plan text NOT NULL DEFAULT 'free',
      subscription_status text,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE TABLE users (
      id text PRIMARY KEY,
      email text NOT NULL UNIQUE,
      name text,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE TABLE members (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      user_id text REFERENCES users(id),
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner','admin','editor','viewer')),
      status text NOT NULL CHECK (status IN ('active','invited','removed')),
      invited_by_user_id text REFERENCES users(id),
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now(),
      UNIQUE (org_id, email)
    );
    CREATE INDEX members_user ON members(user_id);
    CREATE TABLE api_keys (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      created_by_user_id text NOT NULL REFERENCES users(id),
      name text NOT NULL,
      token_prefix text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL,
      last_used_at timestamptz(3),
      revoked_at timestamptz(3),
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE INDEX api_keys_org ON api_keys(org_id, created_at);
    CREATE TABLE projects (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      name text NOT NULL,
      api_name text,
      mode text NOT NULL,
      status text NOT NULL CHECK (status IN ('created','active','archived')),
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE INDEX projects_org ON projects(org_id, id DESC);
    CREATE TABLE run_inputs (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      openapi_text text NOT NULL,
      config_text text,
      old_sdk_text text,
      docs_source_text text,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      expires_at timestamptz(3) NOT NULL
    );
    CREATE INDEX run_inputs_expiry ON run_inputs(expires_at);
    CREATE TABLE runs (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      project_id text NOT NULL REFERENCES projects(id),
      created_by_user_id text REFERENCES users(id),
      input_id text REFERENCES run_inputs(id) ON DELETE SET NULL,
      status text NOT NULL CHECK (status IN ('queued','running','blocked','complete','ready','failed','expired','canceled')),
      mode text NOT NULL,
      verdict text NOT NULL,
      steps jsonb NOT NULL DEFAULT '[]',
      input_summary jsonb NOT NULL,
      notes text,
      current_step text,
      artifact_manifest jsonb,
      job_id text,
      retry_of_run_id text REFERENCES runs(id),
      failure_message text,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now(),
      completed_at timestamptz(3)
    );
    CREATE INDEX runs_org ON runs(org_id, id DESC);
    CREATE INDEX runs_project ON runs(project_id, id DESC);
    CREATE INDEX runs_org_created ON runs(org_id, created_at);
    CREATE TABLE artifacts (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      run_id text NOT NULL REFERENCES runs(id),
      kind text NOT NULL,
      name text NOT NULL,
      media_type text NOT NULL,
      size_bytes integer NOT NULL,
      sha256 text NOT NULL,
      file_count integer NOT NULL,
      content bytea,
      expires_at timestamptz(3) NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      UNIQUE (run_id, kind)
    );
    CREATE INDEX artifacts_expiry ON artifacts(expires_at);
    CREATE TABLE docs_domains (
      id text PRIMARY KEY,
      org_id text NOT NULL REFERENCES organizations(id),
      project_id text NOT NULL REFERENCES projects(id),
      domain text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('pending','verified','failed')),
      verification_token text NOT NULL,
      cname_target text NOT NULL,
      last_verified_at timestamptz(3),
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      updated_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE TABLE idempotency_keys (
      org_id text NOT NULL REFERENCES organizations(id),
      key text NOT NULL,
      request_hash text NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (org_id, key)
    );
    CREATE TABLE worker_heartbeats (
      worker_id text PRIMARY KEY,
      hostname text NOT NULL,
      pid integer NOT NULL,
      started_at timestamptz(3) NOT NULL,
      seen_at timestamptz(3) NOT NULL
    );
    CREATE TABLE rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
    CREATE TABLE service_state (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(
    `DROP TABLE service_state, rate_limits, worker_heartbeats, idempotency_keys, docs_domains, artifacts, runs, run_inputs, projects, api_keys, members, users, organizations`,
  );
}
