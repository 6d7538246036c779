import { describe, expect, it } from 'vitest';
import { jwtLike } from '@/test/api-stand-in';
import { decodeTokenTimes, renewalDelayMs } from './session-token';

describe('renewalDelayMs', () => {
  it('plans renewal at 80% of the lifetime the server gave (exp - iat), whatever the browser clock says', () => {
    const token = jwtLike({ uid: 'u', email: 'a@b.test', iat: 1_900_000_000, exp: 1_900_000_015 });
    expect(renewalDelayMs(token, Date.parse('2001-01-01'))).toBe(12_000);
    expect(renewalDelayMs(token, Date.parse('2090-01-01'))).toBe(12_000);
    const hour = jwtLike({ iat: 1_900_000_000, exp: 1_900_003_600 });
    expect(renewalDelayMs(hour)).toBe(48 * 60_000);
  });

  it('without iat, uses the time left by the browser clock', () => {
    const now = 1_900_000_000_000;
    expect(renewalDelayMs(jwtLike({ exp: now / 1000 + 100 }), now)).toBe(80_000);
  });

  it('keeps the delay within what a timer can do', () => {
    const now = 1_900_000_000_000;
    expect(renewalDelayMs(jwtLike({ exp: now / 1000 - 50 }), now)).toBe(1_000); // already past: soon
    expect(renewalDelayMs(jwtLike({ iat: 0, exp: 365 * 24 * 3600 }))).toBe(2 ** 31 - 1);
  });

  it('an unreadable token has no planned renewal (a 401 renews it)', () => {
    expect(renewalDelayMs('not-a-valid-token')).toBeNull();
    expect(renewalDelayMs('a.b.c')).toBeNull();
    expect(renewalDelayMs(jwtLike({ uid: 'u' }))).toBeNull();
    expect(decodeTokenTimes(jwtLike({ exp: 'soon' }))).toBeNull();
  });

  it('reads base64url payloads (- and _)', () => {
    // A payload whose base64 has '+' and '/' in standard form.
    const token = jwtLike({ email: '>>>???@x.test', iat: 100, exp: 110 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeTokenTimes(token)).toEqual({ iat: 100, exp: 110 });
  });
});
