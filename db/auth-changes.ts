import pg from 'pg';

/** The channel the `notify_auth_change` triggers (and auth-failure blocks) announce on. */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';
/** The application_name of every listening connection: how a process counts the listeners. */
const LISTENER_NAME = 'report-service-auth';
/** Prefix of an acknowledgement: `ack:<backend pid>:<payload>`, sent by a listener once it applied `payload`. */
const ACK = 'ack:';

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
  /**
   * Resolves when every listening connection on the database (every API process, this one
   * included) has acknowledged each payload, that is, has applied it; or after `timeoutMs`
   * (a process that hangs does not hold the caller forever). `since`: a clock reading taken
   * before the change, so acknowledgements received before this call count.
   */
  confirm(payloads: readonly string[], since: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MS = 1_000;
/** Acknowledgements are remembered this long (confirm() may be called after they arrived). */
const ACK_MEMORY_MS = 10_000;

/**
 * Listens on `auth_changes` over one dedicated connection (LISTEN needs a session of its own; a
 * pooled connection would be handed to other queries). Every change is handed to `onChange` and
 * then acknowledged on the same channel, so the process that made a change can wait until every
 * API process has applied it (`confirm`). Reconnects after a loss, reporting the gap through
 * `onListening(false)`. Resolves once listening, or after the first failed attempt (it keeps
 * retrying in the background).
 */
export async function listenForAuthChanges(
  databaseUrl: string,
  handlers: AuthChangeHandlers,
): Promise<AuthChangeListener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** `<pid>:<payload>` → when its acknowledgement arrived. */
  const acks = new Map<string, number>();
  const ackWaiters = new Set<() => void>();

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    handlers.onListening(false);
    if (error) handlers.onError?.(error);
    current.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };

  const received = (from: pg.Client, payload: string) => {
    if (payload.startsWith(ACK)) {
      const now = Date.now();
      acks.set(payload.slice(ACK.length), now);
      for (const [key, at] of acks) {
        if (now - at <= ACK_MEMORY_MS) break;
        acks.delete(key);
      }
      for (const wake of ackWaiters) wake();
      return;
    }
    handlers.onChange(payload);
    from
      .query('SELECT pg_notify($1, $2 || pg_backend_pid() || $3)', [AUTH_CHANGES_CHANNEL, ACK, `:${payload}`])
      .catch(() => {});
  };

  const connect = async (): Promise<void> => {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: LISTENER_NAME });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANGES_CHANNEL && message.payload) received(next, message.payload);
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
    async confirm(payloads, since, timeoutMs) {
      const current = client;
      if (!current || payloads.length === 0) return;
      const { rows } = await current.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [LISTENER_NAME],
      );
      const pending = () =>
        rows.some(({ pid }) => payloads.some((payload) => (acks.get(`${pid}:${payload}`) ?? -1) < since));
      if (!pending()) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          ackWaiters.delete(check);
          resolve();
        };
        const check = () => {
          if (stopped || !pending()) done();
        };
        const timer = setTimeout(done, timeoutMs);
        ackWaiters.add(check);
      });
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      for (const wake of ackWaiters) wake();
      if (current) {
        handlers.onListening(false);
        await current.end().catch(() => {});
      }
    },
  };
}
