import type { MigrationContext } from '../migrate.ts';

/**
 * Every change that can take a credential's power away is announced on the `auth_changes`
 * channel (LISTEN/NOTIFY) when its transaction commits, whichever process or tool made it: an API
 * key revoked (or its scopes changed, or deleted), a member's role, status or user changed (or the
 * row deleted), a browser session ended, a workspace or a user updated. API processes cache
 * authenticated callers for a few seconds and drop the named entries on the notification
 * (server/services/auth/auth-cache.ts). Touches that change nothing about power (an API key's
 * `last_used_at`, a session's idle deadline) do not notify.
 *
 * Payloads: `api_key:<id>`, `member:<org_id>:<user_id>`, `session:<id>`, `org:<id>`, `user:<id>`.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'api_keys' THEN
        PERFORM pg_notify('auth_changes', 'api_key:' || OLD.id);
      ELSIF TG_TABLE_NAME = 'members' THEN
        PERFORM pg_notify('auth_changes', 'member:' || OLD.org_id || ':' || coalesce(OLD.user_id, ''));
        IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
          PERFORM pg_notify('auth_changes', 'member:' || NEW.org_id || ':' || coalesce(NEW.user_id, ''));
        END IF;
      ELSIF TG_TABLE_NAME = 'browser_sessions' THEN
        PERFORM pg_notify('auth_changes', 'session:' || OLD.id);
      ELSIF TG_TABLE_NAME = 'organizations' THEN
        PERFORM pg_notify('auth_changes', 'org:' || OLD.id);
      ELSIF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('auth_changes', 'user:' || OLD.id);
      END IF;
      RETURN NULL;
    END
    $$;

    CREATE TRIGGER api_keys_auth_change AFTER UPDATE ON api_keys FOR EACH ROW
      WHEN ((OLD.revoked_at, OLD.scopes, OLD.token_hash, OLD.org_id, OLD.created_by_user_id)
        IS DISTINCT FROM (NEW.revoked_at, NEW.scopes, NEW.token_hash, NEW.org_id, NEW.created_by_user_id))
      EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER api_keys_auth_delete AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_auth_change();

    CREATE TRIGGER members_auth_change AFTER UPDATE ON members FOR EACH ROW
      WHEN ((OLD.role, OLD.status, OLD.user_id, OLD.org_id) IS DISTINCT FROM (NEW.role, NEW.status, NEW.user_id, NEW.org_id))
      EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER members_auth_delete AFTER DELETE ON members FOR EACH ROW EXECUTE FUNCTION notify_auth_change();

    CREATE TRIGGER browser_sessions_auth_change AFTER UPDATE ON browser_sessions FOR EACH ROW
      WHEN ((OLD.ended_at, OLD.scopes, OLD.absolute_expires_at, OLD.token_hash)
        IS DISTINCT FROM (NEW.ended_at, NEW.scopes, NEW.absolute_expires_at, NEW.token_hash))
      EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER browser_sessions_auth_delete AFTER DELETE ON browser_sessions FOR EACH ROW
      EXECUTE FUNCTION notify_auth_change();

    CREATE TRIGGER organizations_auth_change AFTER UPDATE OR DELETE ON organizations FOR EACH ROW
      EXECUTE FUNCTION notify_auth_change();
    CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users FOR EACH ROW
      EXECUTE FUNCTION notify_auth_change();
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TRIGGER users_auth_change ON users;
    DROP TRIGGER organizations_auth_change ON organizations;
    DROP TRIGGER browser_sessions_auth_delete ON browser_sessions;
    DROP TRIGGER browser_sessions_auth_change ON browser_sessions;
    DROP TRIGGER members_auth_delete ON members;
    DROP TRIGGER members_auth_change ON members;
    DROP TRIGGER api_keys_auth_delete ON api_keys;
    DROP TRIGGER api_keys_auth_change ON api_keys;
    DROP FUNCTION notify_auth_change();
  `);
}
