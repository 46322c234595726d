import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout; secrets are redacted by path. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'token', '*.token', 'apiKey.token'], censor: '[redacted]' },
  });
}
