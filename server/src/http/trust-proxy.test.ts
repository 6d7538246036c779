/**
 * Whose X-Forwarded-For names the client (TRUST_PROXY): unset, nobody's (the client is the connection's
 * address); with a hop count, only what the proxies in front appended counts, so a client that sends
 * its own X-Forwarded-For cannot pick a fresh per-IP budget with it; named proxies hop by hop.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxy, type Config } from '../config.js';
import { makeTestApp } from '../test/app.js';

describe('TRUST_PROXY', () => {
  it('reads a hop count, addresses, ranges and proxy names; refuses anything else', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy(' ')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('10.0.0.0/8, 192.168.1.2,fd00::/8 ,uniquelocal')).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      'fd00::/8',
      'uniquelocal',
    ]);
    for (const wrong of ['lopback', '10.0.0.0/33', 'true', '1.2.3', '*', '10.0.0.0/8/1'])
      expect(() => trustProxy(wrong), wrong).toThrow(ConfigError);
  });

  /**
   * POST /users with the per-IP limit of 3 in 15 minutes, from clients sending these headers;
   * `proxy` undefined: TRUST_PROXY left unset (the configuration's own default).
   */
  async function statuses(
    proxy: Config['trustProxy'] | undefined,
    forwardedFor: string[],
  ): Promise<number[]> {
    const t = await makeTestApp({
      identity: 'firebase',
      config: {
        ...(proxy === undefined ? {} : { trustProxy: proxy }),
        rateLimits: { auth: { windowMs: 60_000, max: 3 } },
      },
    });
    try {
      const out: number[] = [];
      for (const header of forwardedFor) {
        const res = await request(t.app)
          .post('/users')
          .set('X-Forwarded-For', header)
          .send({ email: 'probe@example.test' });
        out.push(res.status);
      }
      return out;
    } finally {
      await t.close();
    }
  }

  it('with TRUST_PROXY unset, no proxy is trusted: a forged X-Forwarded-For buys no fresh budget', async () => {
    const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    expect(await statuses(undefined, forged)).toEqual([200, 200, 200, 429]);
  });

  it('with 0 (reached directly, no proxy), X-Forwarded-For is ignored: forging it buys nothing', async () => {
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'];
    expect(await statuses(0, forged)).toEqual([200, 200, 200, 429]);
  });

  it('with a hop count, a forged X-Forwarded-For does not buy a new budget', async () => {
    // What a proxy that appends the address it saw sends on: the client's own values first.
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'].map((f) => `${f}, 198.51.100.7`);
    expect(await statuses(1, forged)).toEqual([200, 200, 200, 429]);
  });

  it('with TRUST_PROXY=loopback, each address a proxy on this machine names has its own budget', async () => {
    expect(
      await statuses(['loopback'], ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']),
    ).toEqual([200, 200, 200, 200]);
  });

  it('SITE_API_SECRET, when set, has at least 32 characters (the API and the site read it alike)', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/newsroom-hop-config', JWT_SECRET: 'x'.repeat(48) };
    expect(() => loadConfig({ ...base, SITE_API_SECRET: 'short' })).toThrow(/SITE_API_SECRET/);
    expect(loadConfig({ ...base, SITE_API_SECRET: 'k'.repeat(32) }).siteApiSecret).toBe('k'.repeat(32));
    expect(loadConfig({ ...base, SITE_API_SECRET: ' ' }).siteApiSecret).toBeUndefined();
  });
});
