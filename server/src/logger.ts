import { pino, type Logger } from 'pino';

/** The one pino logger. Authorization headers, cookies, tokens and passwords never reach the log. */
export function createLogger(options: { level: string }): Logger {
  return pino({
    level: options.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.token',
        '*.idToken',
        '*.password',
        '*.authorization',
      ],
      censor: '[redacted]',
    },
  });
}
