import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout (or `destination`); secrets are redacted by path. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: ['req.headers.authorization', 'token', '*.token', 'apiKey.token'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
