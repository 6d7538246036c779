/**
 * Whose X-Forwarded-For names the client (TRUST_PROXY): with the default, a proxy on this machine is
 * believed hop by hop; with a hop count, only what the proxies in front appended counts, so a client
 * that sends its own X-Forwarded-For cannot pick a fresh per-IP budget with it.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxy } from '../config.js';
import { makeTestApp } from '../test/app.js';

describe('TRUST_PROXY', () => {
  it('reads a hop count, addresses, ranges and proxy names; refuses anything else', () => {
    expect(trustProxy(undefined)).toEqual(['loopback']);
    expect(trustProxy(' ')).toEqual(['loopback']);
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

  /** POST /users with the per-IP limit of 3 in 15 minutes, from clients sending these headers. */
  async function statuses(proxy: number | string[], forwardedFor: string[]): Promise<number[]> {
    const t = await makeTestApp({
      identity: 'firebase',
      config: { trustProxy: proxy, rateLimits: { auth: { windowMs: 60_000, max: 3 } } },
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

  it('with 0 (reached directly, no proxy), X-Forwarded-For is ignored: forging it buys nothing', async () => {
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'];
    expect(await statuses(0, forged)).toEqual([200, 200, 200, 429]);
  });

  it('with a hop count, a forged X-Forwarded-For does not buy a new budget', async () => {
    // What a proxy that appends the address it saw sends on: the client's own values first.
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'].map((f) => `${f}, 198.51.100.7`);
    expect(await statuses(1, forged)).toEqual([200, 200, 200, 429]);
  });

  it('with the default, each address a loopback proxy names has its own budget', async () => {
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
