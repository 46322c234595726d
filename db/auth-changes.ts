import pg from 'pg';

/** The channel the `notify_auth_change` triggers (and auth-failure blocks) announce on. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

export interface AuthChangeHandlers {
  /** One notification's payload, e.g. `api_key:key_…` (see the migration that adds the triggers). */
  onChange(payload: string): void;
  /**
   * The listening connection is (re)established (`true`) or lost (`false`). While it is lost,
   * changes may be missed: a cache must stop answering, and start afresh when it is back.
   */
  onListening(listening: boolean): void;
  onError?(error: Error): void;
}

export interface AuthChangeListener {
  stop(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/**
 * Listens on `auth_changes` over one dedicated connection (LISTEN needs a session of its own; a
 * pooled connection would be handed to other queries). Reconnects after a loss, reporting the
 * gap through `onListening(false)`. Resolves once listening, or after the first failed attempt
 * (it keeps retrying in the background).
 */
export async function listenForAuthChanges(
  databaseUrl: string,
  handlers: AuthChangeHandlers,
): Promise<AuthChangeListener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    handlers.onListening(false);
    if (error) handlers.onError?.(error);
    current.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: 'report-service-auth',
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANGES_CHANNEL && message.payload) handlers.onChange(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANGES_CHANNEL}`);
      if (client === next && !stopped) handlers.onListening(true);
    } catch (error) {
      lost(next, error as Error);
    }
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        handlers.onListening(false);
        await current.end().catch(() => {});
      }
    },
  };
}
