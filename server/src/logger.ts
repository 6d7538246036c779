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

/** Anything that looks like an email address (plain or percent-encoded @) in a URL. */
const EMAIL_IN_URL = /[^/?&=#;,\s]*(?:@|%40|%2540)[^/?&=#;,\s]*/gi;
/** The value of a query parameter named like `email` (email, userEmail, …), whatever it holds. */
const EMAIL_PARAM = /([?&][^=&#]*email[^=&#]*=)[^&#]*/gi;

/**
 * A request URL as the log may keep it: email addresses (in the path or the query, encoded or not)
 * and every `email=` value become `[email]`, so the log never holds who called.
 */
export function maskEmails(url: string): string {
  return url.replace(EMAIL_PARAM, '$1[email]').replace(EMAIL_IN_URL, '[email]');
}

/** The value of a query parameter named like `token` (token, access_token, …). */
const TOKEN_PARAM = /([?&][^=&#]*token[^=&#]*=)[^&#]*/gi;

/** A request URL without credentials: GET /events takes our JWT as `?token=` (EventSource sends no headers). */
export function maskTokens(url: string): string {
  return url.replace(TOKEN_PARAM, '$1[redacted]');
}
