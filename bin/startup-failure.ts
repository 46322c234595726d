/**
 * What `npm start` prints when the service cannot start: the cause in words and the way out,
 * never `undefined`. Database errors arrive wrapped (Sequelize keeps the driver's error on
 * `parent`), listen errors carry a Node `code`; anything else is printed with its stack so a fault
 * of ours can be found.
 */

interface Explained {
  cause: string;
  /** Absent when the cause already says what to do. */
  wayOut?: string;
  /** Print the stack too: the error is not one we recognise. */
  stack?: string;
}

/** `postgres://user:secret@host:5432/db` → `postgres://user:***@host:5432/db` (never print a password). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL is not a URL)';
  }
}

function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const next = e as { parent?: unknown; original?: unknown; cause?: unknown };
    e = next.parent ?? next.original ?? next.cause;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error === undefined || error === null) return 'an error without a message';
  if (typeof error === 'string') return error || 'an empty error message';
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

function explain(error: unknown, env: NodeJS.ProcessEnv): Explained {
  const message = messageOf(error);
  const code = codeOf(error);
  const databaseUrl = env.DATABASE_URL || undefined;
  const where = databaseUrl ? `the PostgreSQL server at ${redactUrl(databaseUrl)} (DATABASE_URL)` : 'PostgreSQL';
  const unsetUrl = databaseUrl ? ' (or unset DATABASE_URL to run an embedded PostgreSQL in DATA_DIR)' : '';
  if (message.startsWith('Invalid configuration:'))
    return {
      cause: message,
      wayOut: 'Fix the environment variable named above and start again (docs/deployment.md: Configuration).',
    };
  if (message.startsWith('Embedded PostgreSQL')) return { cause: message };
  switch (code) {
    case 'EADDRINUSE':
      return {
        cause: `${message}: another program listens on that address.`,
        wayOut: 'Stop it, or set PORT (or METRICS_PORT) to a free port.',
      };
    case 'EACCES':
      if (/listen/i.test(message))
        return {
          cause: `${message}: ports below 1024 need privileges.`,
          wayOut: 'Set PORT to 1024 or above and put the TLS proxy in front (docs/deployment.md).',
        };
      break;
    case 'ECONNREFUSED':
      return {
        cause: `${where} refused the connection (${message}).`,
        wayOut: `Start PostgreSQL or correct the host and port in DATABASE_URL${unsetUrl}.`,
      };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        cause: `The host of ${where} cannot be resolved (${message}).`,
        wayOut: `Correct the host name in DATABASE_URL${unsetUrl}.`,
      };
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return {
        cause: `${where} cannot be reached (${message}).`,
        wayOut: 'Check the network path and firewall to the database, and the host and port in DATABASE_URL.',
      };
    case '28P01':
    case '28000':
      return {
        cause: `${where} refused the credentials (${message}).`,
        wayOut: 'Correct the user name and password in DATABASE_URL (percent-encode special characters).',
      };
    case '3D000':
      return {
        cause: `The database named in DATABASE_URL does not exist on that server (${message}).`,
        wayOut: 'Create it (createdb <name>, or CREATE DATABASE) or name an existing one in DATABASE_URL.',
      };
    case '42501':
      return {
        cause: `The database user may not do what start-up needs (${message}).`,
        wayOut:
          'Grant the user of DATABASE_URL the right to create tables and schemas in its database (migrations and the queue create them).',
      };
    case '53300':
      return {
        cause: `${where} has no connection slot left (${message}).`,
        wayOut: 'Raise max_connections, put a pooler in front, or run fewer processes.',
      };
  }
  if (/^Sequelize/.test(error instanceof Error ? error.name : ''))
    return {
      cause: `${where} answered with an error: ${message}.`,
      wayOut: `Check DATABASE_URL and that the server accepts connections from this machine${unsetUrl}.`,
    };
  return {
    cause: message,
    wayOut: 'This looks like a fault of the service: the stack below says where; please report it.',
    stack: error instanceof Error ? error.stack : undefined,
  };
}

/** The text `npm start` prints on stderr before exiting 1 (`prefix`: what failed). */
export function describeStartupFailure(
  error: unknown,
  env: NodeJS.ProcessEnv = process.env,
  prefix = 'report-service failed to start',
): string {
  const { cause, wayOut, stack } = explain(error, env);
  return [`${prefix}: ${cause}`, ...(wayOut ? [`  What to do: ${wayOut}`] : []), ...(stack ? [stack] : [])].join('\n');
}
