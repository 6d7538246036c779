import { describe, expect, it } from 'vitest';
import { mailTokenKey, signMailToken, verifyMailToken } from './tokens.js';

const key = mailTokenKey('s'.repeat(48));
const now = new Date(Date.UTC(2026, 0, 1));

describe('signed mail links', () => {
  it('verify what was signed, and nothing altered, re-keyed or expired', () => {
    const token = signMailToken(key, { p: 'unsubscribe', e: 'a@b.test', l: 'digest' });
    expect(verifyMailToken(key, token, now)).toEqual({ p: 'unsubscribe', e: 'a@b.test', l: 'digest' });
    const [body, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ p: 'unsubscribe', e: 'c@d.test', l: 'digest' })).toString(
      'base64url',
    );
    expect(verifyMailToken(key, `${other}.${signature}`, now)).toBeNull();
    expect(verifyMailToken(mailTokenKey('t'.repeat(48)), token, now)).toBeNull();
    // The last character's spare bits: another spelling of the same signature is refused too.
    const last = signature.at(-1)!;
    const twin = `${body}.${signature.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) ^ 1)}`;
    expect(verifyMailToken(key, twin, now)).toBeNull();
    const confirm = signMailToken(key, { p: 'confirm', e: 'a@b.test', n: 'n1', x: now.getTime() + 1000 });
    expect(verifyMailToken(key, confirm, now)).toMatchObject({ p: 'confirm', n: 'n1' });
    expect(verifyMailToken(key, confirm, new Date(now.getTime() + 1000))).toBeNull();
    expect(verifyMailToken(key, 'x.y.z', now)).toBeNull();
  });
});
