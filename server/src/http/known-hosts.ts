/**
 * DNS rebinding (docs/decisions/trust-boundary.md): while the Auth emulator is trusted, the API and
 * the site listen on loopback only, but a page on another origin can point its own name at 127.0.0.1
 * and so reach them from the visitor's browser, under its own name. Such a request names that
 * domain in its Host header: only loopback's names and the configured origins' hosts are answered.
 */
import type { RequestHandler } from 'express';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a Host header (port dropped, IPv6 in brackets kept), lower case. */
export function hostName(header: string | undefined): string {
  const host = (header ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/**
 * Answers 421 (Misdirected Request) to a request whose Host is neither a loopback name nor the host
 * of one of `origins` (the public URLs the app is configured with).
 */
export function knownHostsOnly(origins: string[]): RequestHandler {
  const known = new Set([
    ...LOOPBACK_NAMES,
    ...origins.map((origin) => new URL(origin).hostname.toLowerCase()),
  ]);
  return (req, res, next) => {
    if (known.has(hostName(req.headers.host))) return next();
    res.status(421).json({ message: 'This server does not answer for that host name' });
  };
}
