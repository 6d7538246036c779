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

/** How much of a URL the log keeps: a longer one is cut (and says how much was left out). */
export const LOGGED_URL_MAX = 2048;

/** An `@`, plain or percent-encoded (once or twice), marks an email address. */
const AT = /@|%40|%2540/i;
/** What separates the pieces of a path segment or a query value that are masked one by one. */
const PIECE = /([;,\s]+)/;

/** `text` with every piece that holds an `@` replaced by `[email]`. */
function maskPieces(text: string): string {
  if (!AT.test(text)) return text;
  return text
    .split(PIECE)
    .map((piece, i) => (i % 2 === 0 && AT.test(piece) ? '[email]' : piece))
    .join('');
}

/**
 * A request URL as the log may keep it: at most LOGGED_URL_MAX characters; email addresses (in the
 * path or the query, encoded or not) and every value of a parameter named like `email` become
 * `[email]`, every value of one named like `token` (or `gift`) `[redacted]` (GET /events takes our JWT as
 * `?token=`: EventSource sends no headers). Linear in the URL's length: the URL is cut first, then
 * split into segments and parameters, each tested by a pattern without backtracking.
 */
export function maskUrl(url: string): string {
  const left = url.length - LOGGED_URL_MAX;
  const cut = left > 0 ? url.slice(0, LOGGED_URL_MAX) : url;
  return left > 0 ? `${maskCut(cut)}…[${left} more]` : maskCut(cut);
}

function maskCut(cut: string): string {
  const hash = cut.indexOf('#');
  const withoutHash = hash < 0 ? cut : cut.slice(0, hash);
  const q = withoutHash.indexOf('?');
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const maskedPath = path.split('/').map(maskPieces).join('/');
  if (q < 0) return maskedPath;
  const query = withoutHash
    .slice(q + 1)
    .split('&')
    .map((parameter) => {
      const eq = parameter.indexOf('=');
      if (eq < 0) return maskPieces(parameter);
      const key = parameter.slice(0, eq).toLowerCase();
      if (key.includes('email')) return `${parameter.slice(0, eq + 1)}[email]`;
      // `gift`: a gift link's token on an article page (docs/decisions/gift-links-and-meter.md).
      if (key.includes('token') || key === 'gift') return `${parameter.slice(0, eq + 1)}[redacted]`;
      return `${maskPieces(parameter.slice(0, eq))}=${maskPieces(parameter.slice(eq + 1))}`;
    })
    .join('&');
  return `${maskedPath}?${query}`;
}
