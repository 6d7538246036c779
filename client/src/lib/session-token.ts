/**
 * Timing of our session JWT's renewal. The token is decoded here only to read its lifetime: nothing
 * else in it is trusted on the client (the server checks every token it receives).
 */

/** Renew when this share of the token's lifetime has passed. */
export const RENEW_AT = 0.8;
/** After a renewal that failed for a passing reason (network, 5xx, 429), try again this soon. */
export const RENEWAL_RETRY_MS = 10_000;
const MIN_DELAY_MS = 1_000;
/** setTimeout fires at once for delays above 2^31-1 ms (~24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface TokenTimes {
  /** Issued at, seconds since the epoch (absent in tokens that do not say). */
  iat?: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
}

/** `iat` and `exp` of a JWT's payload; null when the token is not a readable JWT with an `exp`. */
export function decodeTokenTimes(token: string): TokenTimes | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as unknown;
    if (typeof json !== 'object' || json === null) return null;
    const { iat, exp } = json as { iat?: unknown; exp?: unknown };
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return typeof iat === 'number' && Number.isFinite(iat) && iat < exp ? { iat, exp } : { exp };
  } catch {
    return null;
  }
}

/**
 * Milliseconds from now (the moment the token arrived) until it should be renewed: RENEW_AT of its
 * lifetime. The lifetime is `exp - iat`, both from the server's clock, so a browser clock that is off
 * does not matter; without `iat`, the time left by the browser's clock is the best guess.
 * Null for a token whose lifetime cannot be read (then only a 401 renews it).
 */
export function renewalDelayMs(token: string, nowMs: number = Date.now()): number | null {
  const times = decodeTokenTimes(token);
  if (!times) return null;
  const lifetimeMs = times.iat !== undefined ? (times.exp - times.iat) * 1000 : times.exp * 1000 - nowMs;
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, Math.round(lifetimeMs * RENEW_AT)));
}
