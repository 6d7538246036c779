/**
 * The signed links of mails (docs/decisions/email.md): a confirm link for the digest (double opt-in)
 * and an unsubscribe link in every mail. Both work without a session, so the token itself says who
 * and what, signed with HMAC-SHA256 under a key derived from JWT_SECRET (no second secret to keep).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** digest: the digest; notices: mails about one's own articles and premium. */
export type MailList = 'digest' | 'notices';

export type MailTokenPayload =
  | { p: 'unsubscribe'; e: string; l: MailList }
  /** `n`: the confirmation request it answers (a newer request makes older links void); `x`: expiry (ms). */
  | { p: 'confirm'; e: string; n: string; x: number };

const b64 = (buf: Buffer) => buf.toString('base64url');

export function mailTokenKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('newsroom mail links v1').digest();
}

export function signMailToken(key: Buffer, payload: MailTokenPayload): string {
  const body = b64(Buffer.from(JSON.stringify(payload)));
  return `${body}.${b64(createHmac('sha256', key).update(body).digest())}`;
}

/** The payload when the signature holds (and a confirm link has not expired at `now`), else null. */
export function verifyMailToken(key: Buffer, token: string, now: Date): MailTokenPayload | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  // Compared as text: decoding would ignore the last character's spare bits (two tokens for one signature).
  const expected = Buffer.from(b64(createHmac('sha256', key).update(body).digest()));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.e !== 'string') return null;
  if (p.p === 'unsubscribe' && (p.l === 'digest' || p.l === 'notices')) return p as MailTokenPayload;
  if (p.p === 'confirm' && typeof p.n === 'string' && typeof p.x === 'number') {
    return p.x > now.getTime() ? (p as MailTokenPayload) : null;
  }
  return null;
}
