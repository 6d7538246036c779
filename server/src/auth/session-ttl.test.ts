import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { Unauthorized } from '../errors.js';
import { bearer, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import { signSession, verifySession } from './tokens.js';

const SECRET = 'x'.repeat(48);
const claims = { uid: 'u-1', email: 'ttl@example.test' };

describe('SESSION_TTL_SECONDS', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/newsroom-ttl-config', JWT_SECRET: SECRET };

  it('defaults to one hour and takes any whole number of seconds from 10', () => {
    expect(loadConfig(base).sessionTtlSeconds).toBe(3600);
    expect(loadConfig({ ...base, SESSION_TTL_SECONDS: '' }).sessionTtlSeconds).toBe(3600);
    expect(loadConfig({ ...base, SESSION_TTL_SECONDS: '15' }).sessionTtlSeconds).toBe(15);
    expect(loadConfig({ ...base, SESSION_TTL_SECONDS: '10' }).sessionTtlSeconds).toBe(10);
  });

  it('below 10 seconds, or not a whole number, is a configuration error naming the variable', () => {
    for (const bad of ['9', '0', '-5', '12.5', 'an hour']) {
      expect(() => loadConfig({ ...base, SESSION_TTL_SECONDS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, SESSION_TTL_SECONDS: bad }), bad).toThrow(/SESSION_TTL_SECONDS/);
    }
  });
});

describe('session token lifetime', () => {
  const issued = new Date('2030-01-01T00:00:00Z');
  const after = (s: number) => new Date(issued.getTime() + s * 1000);

  it('a token signed with a 15-second lifetime is valid for 15 seconds, then refused', () => {
    const token = signSession(SECRET, claims, { ttlSeconds: 15, now: issued });
    expect(verifySession(SECRET, token, issued)).toEqual(claims);
    expect(verifySession(SECRET, token, after(14))).toEqual(claims);
    expect(() => verifySession(SECRET, token, after(15))).toThrow(Unauthorized);
    expect(() => verifySession(SECRET, token, after(60))).toThrow('Invalid or expired token');
  });

  it('the lifetime is whatever is asked for (one hour by default config)', () => {
    const token = signSession(SECRET, claims, { ttlSeconds: 3600, now: issued });
    expect(verifySession(SECRET, token, after(3599))).toEqual(claims);
    expect(() => verifySession(SECRET, token, after(3600))).toThrow(Unauthorized);
  });
});

describe('POST /jwt with SESSION_TTL_SECONDS=15', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ identity: 'firebase', config: { sessionTtlSeconds: 15 } });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('issues a 15-second token that protected calls accept until it ends, then answer 401', async () => {
    const reader = await signInAs(t);
    const decoded = jwt.decode(reader.token) as { iat: number; exp: number };
    expect(decoded.exp - decoded.iat).toBe(15);

    const isAdmin = () =>
      request(t.app).get('/check/isAdmin').query({ email: reader.email }).set(bearer(reader.token));
    expect((await isAdmin()).status).toBe(200);

    // Only Date is faked: sockets and timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((decoded.iat + 14) * 1000);
    expect((await isAdmin()).status).toBe(200);
    vi.setSystemTime((decoded.iat + 16) * 1000);
    const expired = await isAdmin();
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Invalid or expired token' });
  });
});
