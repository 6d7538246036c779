/** The metered paywall (docs/decisions/gift-links-and-meter.md), as readers see it. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { loadConfig } from '../config.js';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';

let nowMs = Date.UTC(2026, 4, 30, 23, 0);
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let premiumArticles: Article[];

beforeAll(async () => {
  t = await makeTestApp({ clock, config: { meterFreePremiumPerMonth: 2 } });
  premiumArticles = await Promise.all(
    Array.from({ length: 4 }, () => insertArticle(t.store, { isPremium: 'Yes' })),
  );
});
afterAll(async () => {
  await t.close();
});

const read = (who: SignedIn, a: Article) =>
  request(t.app).get(`/article/data/${a._id}`).set(bearer(who.token));

describe('the metered paywall', () => {
  it('is 2 premium articles a month unless configured', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) }).meterFreePremiumPerMonth).toBe(2);
    expect(
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), METER_FREE_PREMIUM_PER_MONTH: '5' })
        .meterFreePremiumPerMonth,
    ).toBe(5);
  });

  it('lets a signed-in reader without premium read N in full, saying how many, then the teaser', async () => {
    const reader = await signInAs(t);
    const [a, b, c] = premiumArticles;
    const first = await read(reader, a!);
    expect(first.status).toBe(200);
    expect(first.body.articleDescription).toBe(a!.articleDescription);
    expect(first.body.meter).toEqual({ used: 1, limit: 2 });
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.body.userInfo).not.toHaveProperty('email');

    // Opening it again this month costs nothing.
    expect((await read(reader, a!)).body.meter).toEqual({ used: 1, limit: 2 });
    expect((await read(reader, b!)).body.meter).toEqual({ used: 2, limit: 2 });

    const third = await read(reader, c!);
    expect(third.status).toBe(402);
    expect(third.body).toMatchObject({ needPremium: true, meter: { used: 2, limit: 2 } });
    expect(third.body.teaser._id).toBe(c!._id);
    expect(third.body).not.toHaveProperty('articleDescription', c!.articleDescription);
    // Those already read stay readable all month.
    expect((await read(reader, b!)).status).toBe(200);
  });

  it('is counted per account on the server: concurrent opens never pass N', async () => {
    const reader = await signInAs(t);
    const answers = await Promise.all(premiumArticles.map((a) => read(reader, a)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 402)).toHaveLength(2);
    // The same account in another browser (a new session) has the same meter.
    const again = await signInAs(t, { email: reader.email });
    const unread = premiumArticles.find((_, i) => answers[i]!.status === 402)!;
    expect((await read(again, unread)).status).toBe(402);
  });

  it('starts again on the first of the month (UTC)', async () => {
    const reader = await signInAs(t);
    const saved = nowMs;
    try {
      nowMs = Date.UTC(2026, 4, 31, 23, 59, 59);
      await read(reader, premiumArticles[0]!);
      await read(reader, premiumArticles[1]!);
      expect((await read(reader, premiumArticles[2]!)).status).toBe(402);
      nowMs = Date.UTC(2026, 5, 1, 0, 0, 0);
      const june = await read(reader, premiumArticles[2]!);
      expect(june.status).toBe(200);
      expect(june.body.meter).toEqual({ used: 1, limit: 2 });
      // May's reads are June's to count again.
      expect((await read(reader, premiumArticles[0]!)).body.meter).toEqual({ used: 2, limit: 2 });
      expect((await read(reader, premiumArticles[1]!)).status).toBe(402);
    } finally {
      nowMs = saved;
    }
  });

  it('counts nothing for premium readers, admins and the writer', async () => {
    const premium = await signInAs(t, { role: 'premium' });
    const admin = await signInAs(t, { role: 'admin' });
    const writer = await signInAs(t);
    const own = await insertArticle(t.store, {
      isPremium: 'Yes',
      userInfo: { name: 'W', image: 'https://example.test/w.png', email: writer.email },
    });
    for (const who of [premium, admin]) {
      for (const a of premiumArticles) {
        const res = await read(who, a);
        expect(res.status).toBe(200);
        expect(res.body).not.toHaveProperty('meter');
      }
    }
    const mine = await read(writer, own);
    expect(mine.status).toBe(200);
    expect(mine.body).not.toHaveProperty('meter');
    // The writer's own article took none of their free reads.
    expect((await read(writer, premiumArticles[0]!)).body.meter).toEqual({ used: 1, limit: 2 });
    const meters = await t.store.collection('meter_months').find({});
    const readers = new Set(meters.map((m) => m.reader));
    expect(readers.has(premium.email)).toBe(false);
    expect(readers.has(admin.email)).toBe(false);
  });

  it('never touches free articles, and signed-out visitors keep the teaser', async () => {
    const reader = await signInAs(t);
    const free = await insertArticle(t.store, { isPremium: 'No' });
    const res = await read(reader, free);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('meter');
    expect((await request(t.app).get(`/article/data/${premiumArticles[0]!._id}`)).status).toBe(401);
    const teaser = await request(t.app).get(`/articles/public/${premiumArticles[0]!._id}`);
    expect(teaser.status).toBe(200);
    expect(teaser.body.articleDescription.length).toBeLessThanOrEqual(300);
  });

  it("a metered reader's view counts once the article is on their meter", async () => {
    const reader = await signInAs(t);
    const a = await insertArticle(t.store, { isPremium: 'Yes' });
    const view = () => request(t.app).patch(`/articles/view-count/${a._id}`).set(bearer(reader.token));
    expect((await view()).status).toBe(402);
    await read(reader, a);
    expect((await view()).body).toMatchObject({ counted: true, totalViewCount: 1 });
  });

  it('with METER_FREE_PREMIUM_PER_MONTH=0 a reader without premium gets the teaser at once', async () => {
    const off = await makeTestApp({ clock, config: { meterFreePremiumPerMonth: 0 } });
    try {
      const reader = await signInAs(off);
      const a = await insertArticle(off.store, { isPremium: 'Yes' });
      const res = await request(off.app).get(`/article/data/${a._id}`).set(bearer(reader.token));
      expect(res.status).toBe(402);
      expect(res.body).not.toHaveProperty('meter');
    } finally {
      await off.close();
    }
  });
});
