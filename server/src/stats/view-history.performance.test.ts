/**
 * The view charts stay cheap however many views were counted: 100 000 view events in the last 30
 * days (and as many in the 60 days before, which the 90-day history keeps) over 1 000 articles,
 * 8 publishers and 50 writers. A writer's chart reads 30 per-day documents of theirs, every
 * publisher's at most two per-month documents each, through an index: not the events. Measured on
 * the embedded engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../store/ids.js';
import { openEmbeddedStore, type EmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { AUTHOR_DAILY_VIEWS, counterId, lastDays, PUBLISHER_DAILY_VIEWS } from './view-history.js';
import { createViewHistoryRepository } from './repository.js';
import { pino } from 'pino';
import { testConfig } from '../test/app.js';
import { quietServices } from '../services.js';
import { median } from '../test/median.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-views-perf-'));
const now = new Date('2026-05-20T15:00:00.000Z');
const clock = { now: () => now };
let store: EmbeddedStore;
const EVENTS = 100_000;
const heavyWriter = 'writer0@x.test';
const typicalWriter = 'writer7@x.test';
/** Expected 30-day totals, folded from the events as the counters would. */
const expected = new Map<string, number>();

beforeAll(async () => {
  store = await openEmbeddedStore({ dir });
  await ensureIndexes(store);
  // Writer 0 has 200 articles; the 49 others 16 each.
  const articles = Array.from({ length: 984 }, (_, i) => ({
    _id: newId(),
    articleTitle: `Title ${i}`,
    articleDescription: 'Lorem ipsum '.repeat(100),
    publisher: `Publisher ${i % 8}`,
    status: 'Approved',
    isPremium: 'No',
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    totalViewCount: 0,
    userInfo: { name: 'W', image: '', email: i < 200 ? heavyWriter : `writer${1 + ((i - 200) % 49)}@x.test` },
  }));
  await store.collection('articles').insertMany(articles);

  // 90 days of events (deterministic pseudo-random spread), folded into the monthly counters.
  const days = lastDays(now, 90);
  const authorDays = new Map<string, { authorDay: string; day: string; articles: Record<string, number> }>();
  const publisherMonths = new Map<
    string,
    { publisher: string; month: string; days: Record<string, number> }
  >();
  // mulberry32: a small deterministic generator with well-mixed low bits.
  let x = 12345;
  const next = () => {
    x = (x + 0x6d2b79f5) | 0;
    let r = Math.imul(x ^ (x >>> 15), 1 | x);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return (r ^ (r >>> 14)) >>> 0;
  };
  for (let e = 0; e < 2 * EVENTS; e++) {
    const a = articles[next() % articles.length]!;
    // The first 100 000 fall in the last 30 days, the others in the 60 before.
    const day = e < EVENTS ? days[60 + (next() % 30)]! : days[next() % 60]!;
    const ak = counterId('author', a.userInfo.email, day);
    let ad = authorDays.get(ak);
    if (!ad) {
      ad = { authorDay: `${a.userInfo.email}|${day}`, day, articles: {} };
      authorDays.set(ak, ad);
    }
    ad.articles[a._id] = (ad.articles[a._id] ?? 0) + 1;
    const month = day.slice(0, 7);
    const pk = counterId('publisher', a.publisher, month);
    let pm = publisherMonths.get(pk);
    if (!pm) {
      pm = { publisher: a.publisher, month, days: {} };
      publisherMonths.set(pk, pm);
    }
    pm.days[day] = (pm.days[day] ?? 0) + 1;
    if (e < EVENTS) {
      expected.set(a.userInfo.email, (expected.get(a.userInfo.email) ?? 0) + 1);
      expected.set(a.publisher, (expected.get(a.publisher) ?? 0) + 1);
    }
  }
  await store
    .collection(AUTHOR_DAILY_VIEWS)
    .insertMany([...authorDays].map(([_id, doc]) => ({ _id, ...doc })));
  await store
    .collection(PUBLISHER_DAILY_VIEWS)
    .insertMany([...publisherMonths].map(([_id, doc]) => ({ _id, ...doc })));
  await store
    .collection('publishers')
    .insertMany(Array.from({ length: 8 }, (_, i) => ({ _id: newId(), publisherName: `Publisher ${i}` })));
}, 120_000);

afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('view charts over 100 000 view events', () => {
  test('the counters are what recording each event would have made', async () => {
    // Recording through the repository lands on the same documents the bulk load made.
    const repo = createViewHistoryRepository(store);
    const [article] = await store.collection('articles').find({}, { limit: 1 });
    const author = (article!.userInfo as { email: string }).email;
    const day = lastDays(now, 1)[0]!;
    const id = counterId('author', author, day);
    const counted = async () =>
      ((await store.collection(AUTHOR_DAILY_VIEWS).findOne({ _id: id }))?.articles as Record<string, number>)[
        article!._id
      ];
    const before = await counted();
    expect(before).toBeGreaterThan(0);
    const viewed = {
      _id: article!._id,
      publisher: article!.publisher as string,
      userInfo: { email: author },
    };
    await repo.add(viewed, day);
    expect(await counted()).toBe(before! + 1);
    await repo.add(viewed, day, -1);
    expect(await counted()).toBe(before);
  });

  test('a writer’s 30 days (200 articles, and a typical 16) and every publisher’s: ≤ 20 ms each', async () => {
    const stats = quietServices({
      store,
      clock,
      logger: pino({ level: 'silent' }),
      config: testConfig(dir),
    }).viewStats;
    const sum = (list: { periodViews: number }[]) => list.reduce((n, a) => n + a.periodViews, 0);
    const heavy = await stats.forAuthor(heavyWriter, 30);
    expect(heavy.articles).toHaveLength(200);
    expect(sum(heavy.articles)).toBe(expected.get(heavyWriter));
    const typical = await stats.forAuthor(typicalWriter, 30);
    expect(typical.articles).toHaveLength(16);
    expect(sum(typical.articles)).toBe(expected.get(typicalWriter));
    const publishers = await stats.forPublishers(30);
    expect(publishers.periodViews).toBe(EVENTS);
    expect(publishers.publishers).toHaveLength(8);
    for (const p of publishers.publishers) expect(p.periodViews).toBe(expected.get(p.publisher));

    const timings = {
      heavyWriter: await median(() => stats.forAuthor(heavyWriter, 30)),
      typicalWriter: await median(() => stats.forAuthor(typicalWriter, 30)),
      publishers: await median(() => stats.forPublishers(30)),
    };
    console.log('view charts (median ms):', timings);
    expect(timings.heavyWriter).toBeLessThan(20);
    expect(timings.typicalWriter).toBeLessThan(20);
    expect(timings.publishers).toBeLessThan(20);
  });
});
