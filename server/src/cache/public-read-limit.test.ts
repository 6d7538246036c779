/**
 * Public reads that miss the answer cache are limited per IP (429 {message} with Retry-After);
 * reads the cache answers are never counted nor refused.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { insertArticle } from '../test/article-fixtures.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { PublicReadLimiter } from './public-read-limit.js';

let nowMs = Date.UTC(2025, 0, 1);
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWithLimit(max: number): Promise<TestApp> {
  t = await makeTestApp({
    clock,
    config: {
      // Behind one proxy, which names each client in X-Forwarded-For.
      trustProxy: 1,
      rateLimits: {
        auth: { windowMs: 60_000, max: 100_000 },
        publicReads: { windowMs: 60_000, max },
      },
    },
  });
  return t;
}

describe('per-IP limit on uncached public reads', () => {
  it('refuses a burst of new searches with 429 and Retry-After, while cached reads still answer', async () => {
    const { app, store } = await appWithLimit(5);
    await insertArticle(store, { articleTitle: 'Harbour news' });
    const get = (path: string) => request(app).get(path);

    // One miss, then served from the cache however often it is read.
    expect((await get('/all-articles/approved')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await get('/all-articles/approved')).status).toBe(200);

    for (let i = 1; i <= 4; i++) {
      const res = await get(`/all-articles/approved?search=word${i}`);
      expect(res.status).toBe(200);
    }
    const refused = await get('/all-articles/approved?search=word5');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.any(String) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Other public reads that are not cached yet are refused too; cached ones are not.
    expect((await get('/all-articles/approved?tags=health')).status).toBe(429);
    expect((await get('/articles/trending')).status).toBe(429);
    expect((await get('/publisher-data')).status).toBe(429);
    expect((await get('/users-count')).status).toBe(429);
    const cached = await get('/all-articles/approved');
    expect(cached.status).toBe(200);
    expect(cached.body.map((a: { articleTitle: string }) => a.articleTitle)).toEqual(['Harbour news']);
    expect((await get('/all-articles/approved?search=word2')).status).toBe(200);

    // Another client has its own budget (the proxy in front names it).
    const other = await get('/all-articles/approved?search=word5').set('X-Forwarded-For', '203.0.113.7');
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);

    // Once the window has passed, the first client may search again.
    nowMs += 61_000;
    expect((await get('/all-articles/approved?search=harbour')).status).toBe(200);
  });

  it('a refused search changes nothing: the same search answers normally once allowed', async () => {
    const { app, store } = await appWithLimit(1);
    await insertArticle(store, { articleTitle: 'Market day' });
    expect((await request(app).get('/all-articles/approved?search=zzz')).status).toBe(200);
    expect((await request(app).get('/all-articles/approved?search=market')).status).toBe(429);
    nowMs += 60_000;
    const res = await request(app).get('/all-articles/approved?search=market');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { articleTitle: string }) => a.articleTitle)).toEqual(['Market day']);
  });
});

describe('PublicReadLimiter', () => {
  it('counts per client per window and remembers a bounded number of clients', () => {
    let now = 0;
    const limiter = new PublicReadLimiter({ windowMs: 10_000, max: 2 }, () => now, 3);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 10]);
    now = 2_500;
    expect(limiter.take('a')).toBe(8);
    expect(limiter.take('b')).toBe(0);
    // A fourth client pushes out the oldest window ('a'), which starts afresh.
    expect([limiter.take('c'), limiter.take('d')]).toEqual([0, 0]);
    expect(limiter.take('a')).toBe(0);
    now = 12_500;
    expect([limiter.take('b'), limiter.take('b'), limiter.take('b')]).toEqual([0, 0, 10]);
  });
});
