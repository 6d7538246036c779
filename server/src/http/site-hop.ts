import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';

/** The header a standalone site process proves itself with (SITE_API_SECRET). */
export const SITE_SECRET_HEADER = 'x-newsroom-site';
/** The address of the visitor a site's call is made for. */
export const SITE_CLIENT_HEADER = 'x-newsroom-client';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The hop from our own site server to the API (docs/decisions/trust-boundary.md): a call that carries
 * SITE_API_SECRET names the visitor it is made for, and every per-address limit counts that visitor
 * (`req.ip`), not the site. Without the secret (or with a wrong one) the header is ignored and the
 * caller is who `trust proxy` says, however near it is: being on this machine proves nothing.
 */
export function siteHop(secret: string | undefined): RequestHandler {
  if (!secret) return (_req, _res, next) => next();
  const expected = digest(secret);
  return (req, _res, next) => {
    const sent = req.header(SITE_SECRET_HEADER);
    const client = req.header(SITE_CLIENT_HEADER)?.trim();
    // Digests compared in constant time: neither the secret's length nor a prefix leaks.
    if (sent && client && isIP(client) && timingSafeEqual(digest(sent), expected)) {
      Object.defineProperty(req, 'ip', { value: client, configurable: true, enumerable: true });
    }
    next();
  };
}
