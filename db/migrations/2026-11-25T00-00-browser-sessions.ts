import type { MigrationContext } from '../migrate.ts';

/**
 * Browser sessions of the web app: one row per signed-in browser, found by the SHA-256 of the
 * cookie's value (the value itself is never stored), with an idle and an absolute expiry and an
 * `ended_at` set by sign-out. `scopes` is null for a full-role session (sign-in link, identity
 * provider) or the scopes of the API key it was exchanged for. Sign-in links are one-time tokens,
 * also stored only as a digest.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE browser_sessions (
      id text PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      org_id text NOT NULL REFERENCES organizations(id),
      user_id text NOT NULL REFERENCES users(id),
      scopes text[],
      via text NOT NULL,
      last_seen_at timestamptz(3) NOT NULL,
      idle_expires_at timestamptz(3) NOT NULL,
      absolute_expires_at timestamptz(3) NOT NULL,
      ended_at timestamptz(3),
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
  `);
  await sql(`CREATE INDEX browser_sessions_user ON browser_sessions (org_id, user_id)`);
  await sql(`
    CREATE TABLE sign_in_links (
      id text PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      org_id text NOT NULL REFERENCES organizations(id),
      user_id text NOT NULL REFERENCES users(id),
      expires_at timestamptz(3) NOT NULL,
      used_at timestamptz(3),
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql('DROP TABLE sign_in_links');
  await sql('DROP TABLE browser_sessions');
}
