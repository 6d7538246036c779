/**
 * Views per day: recorded only when PATCH /articles/view-count counts a view (the 30-minute window
 * still applies), read back per day for the writer's own articles and, for admins, per publisher.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import type { Clock } from '../clock.js';
import { spreadViews, seedViewHistory } from '../seed/view-history.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { AUTHOR_DAILY_VIEWS, lastDays, PUBLISHER_DAILY_VIEWS, purgeOldViewHistory } from './view-history.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let nowMs = Date.parse('2026-03-10T22:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let admin: SignedIn;
let writer: SignedIn;
let other: SignedIn;
let readers: SignedIn[];
let mine: Article;
let mineToo: Article;
let theirs: Article;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [admin, writer, other, ...readers] = await Promise.all([
    signInAs(t, { role: 'admin' }),
    signInAs(t),
    signInAs(t),
    signInAs(t),
    signInAs(t),
  ]);
  await insertPublisher(t.store, 'Daily Planet');
  await insertPublisher(t.store, 'Metro Herald');
  await insertPublisher(t.store, 'Quiet Press');
  const by = (who: SignedIn) => ({ name: 'W', image: '', email: who.email });
  mine = await insertArticle(t.store, {
    articleTitle: 'Mine',
    publisher: 'Daily Planet',
    userInfo: by(writer),
  });
  mineToo = await insertArticle(t.store, {
    articleTitle: 'Mine too',
    publisher: 'Metro Herald',
    userInfo: by(writer),
  });
  theirs = await insertArticle(t.store, {
    articleTitle: 'Theirs',
    publisher: 'Daily Planet',
    userInfo: by(other),
  });
});
afterAll(async () => {
  await t.close();
});

const view = async (who: SignedIn, article: Article) => {
  const res = await request(t.app).patch(`/articles/view-count/${article._id}`).set(bearer(who.token));
  expect(res.status).toBe(200);
  return res.body.counted as boolean;
};
const get = (path: string, who: SignedIn | null) => {
  const req = request(t.app).get(path);
  return who ? req.set(bearer(who.token)) : req;
};
type Series = {
  _id: string;
  articleTitle: string;
  views: number[];
  periodViews: number;
  totalViewCount: number;
};

describe('recording and reading views per day', () => {
  it('counts a view on its UTC day, never twice within 30 minutes, and charts the writer’s own articles', async () => {
    const [r1, r2] = readers as [SignedIn, SignedIn];
    // Day 1 (10 March, 22:00 UTC): two readers, one of them twice within the window.
    expect(await view(r1, mine)).toBe(true);
    expect(await view(r2, mine)).toBe(true);
    nowMs += 10 * MINUTE;
    expect(await view(r1, mine)).toBe(false); // inside the window: neither counted nor recorded
    expect(await view(r1, mineToo)).toBe(true);
    expect(await view(r1, theirs)).toBe(true);
    // Past midnight and outside the window: counted again, on 11 March.
    nowMs += 120 * MINUTE;
    expect(await view(r1, mine)).toBe(true);
    // Two days later.
    nowMs += 2 * DAY;
    expect(await view(r2, mine)).toBe(true);

    const res = await get('/stats/my-article-views?days=7', writer);
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    const byId = Object.fromEntries((res.body.articles as Series[]).map((a) => [a._id, a]));
    // Another writer's article is not in the answer at all.
    expect(Object.keys(byId).sort()).toEqual([mine._id, mineToo._id].sort());
    expect(byId[mine._id]).toEqual({ _id: mine._id, views: [0, 0, 0, 2, 1, 0, 1], periodViews: 4 });
    expect(byId[mineToo._id]).toEqual({ _id: mineToo._id, views: [0, 0, 0, 1, 0, 0, 0], periodViews: 1 });

    // The default period is 30 days, ending today.
    const month = await get('/stats/my-article-views', writer);
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days.at(-1)).toBe('2026-03-13');
    expect((month.body.articles as Series[]).reduce((n, a) => n + a.periodViews, 0)).toBe(5);
    // Days before the period are left out: on 12 and 13 March only mine was viewed, once.
    const twoDays = await get('/stats/my-article-views?days=2', writer);
    expect(twoDays.body).toEqual({
      days: ['2026-03-12', '2026-03-13'],
      articles: [{ _id: mine._id, views: [0, 1], periodViews: 1 }],
      followers: 0,
      commentCounts: { [mine._id]: 0, [mineToo._id]: 0 },
    });

    // The other writer sees only theirs.
    const others = await get('/stats/my-article-views?days=7', other);
    expect(others.body.articles).toEqual([{ _id: theirs._id, views: [0, 0, 0, 1, 0, 0, 0], periodViews: 1 }]);
  });

  it('admins see views per publisher per day, every publisher listed, most viewed first', async () => {
    const res = await get('/stats/publisher-views?days=7', admin);
    expect(res.status).toBe(200);
    expect(res.body.publishers).toEqual([
      { publisher: 'Daily Planet', views: [0, 0, 0, 3, 1, 0, 1], periodViews: 5 },
      { publisher: 'Metro Herald', views: [0, 0, 0, 1, 0, 0, 0], periodViews: 1 },
      { publisher: 'Quiet Press', views: [0, 0, 0, 0, 0, 0, 0], periodViews: 0 },
    ]);
    expect(res.body.periodViews).toBe(6);
    // A shorter period leaves older days out.
    const twoDays = await get('/stats/publisher-views?days=2', admin);
    expect(twoDays.body.days).toEqual(['2026-03-12', '2026-03-13']);
    expect(twoDays.body.publishers[0]).toMatchObject({ publisher: 'Daily Planet', views: [0, 1] });
  });

  it('publisher statistics are admin-only; both need a session; days is validated', async () => {
    expect((await get('/stats/publisher-views', writer)).status).toBe(403);
    expect((await get('/stats/publisher-views', null)).status).toBe(401);
    expect((await get('/stats/my-article-views', null)).status).toBe(401);
    for (const q of ['days=0', 'days=91', 'days=abc', 'days=1.5', 'days[$gt]=1', 'email=x@example.test']) {
      const res = await get(`/stats/my-article-views?${q}`, writer);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toEqual(expect.any(String));
      expect((await get(`/stats/publisher-views?${q}`, admin)).status, q).toBe(400);
    }
  });

  it('the sweep drops the counters wholly before the longest chart (90 days)', async () => {
    const stored = async () => ({
      authorDays: (await t.store.collection(AUTHOR_DAILY_VIEWS).find({}, { sort: { authorDay: 1 } })).map(
        (r) => r.day as string,
      ),
      publisherMonths: (await t.store.collection(PUBLISHER_DAILY_VIEWS).find({})).map(
        (r) => r.month as string,
      ),
    });
    // The writer's 10, 11 and 13 March, the other writer's 10 March; two publishers in March.
    const before = await stored();
    expect([...before.authorDays].sort()).toEqual(['2026-03-10', '2026-03-10', '2026-03-11', '2026-03-13']);
    expect(before.publisherMonths).toEqual(['2026-03', '2026-03']);
    nowMs = Date.parse('2026-06-09T12:00:00.000Z'); // the 90 days start on 12 March
    await purgeOldViewHistory(t.deps);
    const after = await stored();
    expect(after.authorDays).toEqual(['2026-03-13']);
    expect(after.publisherMonths).toEqual(['2026-03', '2026-03']);
    nowMs = Date.parse('2026-06-29T12:00:00.000Z'); // ... on 1 April: March is gone for publishers too
    await purgeOldViewHistory(t.deps);
    expect(await stored()).toEqual({ authorDays: [], publisherMonths: [] });
  });
});

describe('the demo history', () => {
  it('spreads each article’s views over the days since it was posted, adding up to its total', () => {
    for (const [total, days] of [
      [4821, 3],
      [5230, 2],
      [990, 28],
      [7, 10],
      [0, 5],
    ] as const) {
      const spread = spreadViews(total, days, 3);
      expect(spread).toHaveLength(days);
      expect(spread.reduce((n, v) => n + v, 0)).toBe(total);
      expect(spread.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    }
    // Most views come early.
    const news = spreadViews(1000, 20, 1);
    expect(news[0]!).toBeGreaterThan(news[19]!);
  });

  it('writes per-article and per-publisher days the charts read back', async () => {
    const seeded = await makeTestApp({ clock });
    try {
      const w = await signInAs(seeded);
      await insertPublisher(seeded.store, 'Seed Press');
      const a = await insertArticle(seeded.store, {
        publisher: 'Seed Press',
        totalViewCount: 500,
        createdAt: new Date(nowMs - 9 * DAY).toISOString(),
        userInfo: { name: 'W', image: '', email: w.email },
      });
      await seedViewHistory(seeded.store, clock.now(), [
        { _id: a._id, publisher: 'Seed Press', author: w.email, createdAt: a.createdAt, views: 500 },
      ]);
      // Twice: the seed may run again after a crash; the counters are set, not added to.
      await seedViewHistory(seeded.store, clock.now(), [
        { _id: a._id, publisher: 'Seed Press', author: w.email, createdAt: a.createdAt, views: 500 },
      ]);
      const [series, ...none] = (
        await request(seeded.app).get('/stats/my-article-views').set(bearer(w.token))
      ).body.articles as Series[];
      expect(none).toEqual([]);
      expect(series!._id).toBe(a._id);
      expect(series!.periodViews).toBe(500);
      expect(series!.views.slice(0, 20).every((v) => v === 0)).toBe(true);
      expect(series!.views.slice(20).every((v) => v > 0)).toBe(true);
      expect(lastDays(clock.now(), 30).at(-10)).toBe(new Date(nowMs - 9 * DAY).toISOString().slice(0, 10));
    } finally {
      await seeded.close();
    }
  });
});
