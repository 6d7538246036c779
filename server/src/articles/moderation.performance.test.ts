/**
 * The moderation table's pages over 10 000 articles: one status walks the {status, createdAt}
 * index and stops at the page; "all, Pending first" takes the Pending part, then merges the walks of
 * the decided statuses, so a page costs its offset, not the collection (compared with 1 000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { systemClock } from '../clock.js';
import { testConfig } from '../test/app.js';
import { newId } from '../store/ids.js';
import { openEmbeddedStore, type EmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { quietServices } from '../services.js';
import { median } from '../test/median.js';

const opened: { store: EmbeddedStore; dir: string }[] = [];

async function serviceOver(n: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-moderation-perf-'));
  const store = await openEmbeddedStore({ dir: path.join(dir, 'db') });
  opened.push({ store, dir });
  await ensureIndexes(store);
  // Mostly decided articles, a few hundred pending (as in a newsroom that keeps up with its queue).
  const statuses = ['Approved', 'Approved', 'Declined', 'Approved', 'Approved', 'Approved', 'Declined'];
  const docs = Array.from({ length: n }, (_, i) => ({
    _id: newId(),
    articleTitle: `Title ${i}`,
    articleImage: 'http://127.0.0.1:5000/uploads/x.png',
    articleDescription: 'Lorem ipsum '.repeat(100),
    publisher: `Publisher ${i % 8}`,
    Tags: ['technology'],
    status: i % 29 === 0 ? 'Pending' : statuses[i % statuses.length]!,
    isPremium: 'No',
    decliningReason: null,
    createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    totalViewCount: 0,
    userInfo: { name: 'W', image: '', email: `w${i % 50}@x.test` },
  }));
  await store.collection('articles').insertMany(docs);
  const service = quietServices({
    store,
    config: testConfig(dir),
    clock: systemClock,
    logger: pino({ level: 'silent' }),
  }).articles;
  return { service, docs };
}

let small: Awaited<ReturnType<typeof serviceOver>>;
let large: Awaited<ReturnType<typeof serviceOver>>;

beforeAll(async () => {
  small = await serviceOver(1_000);
  large = await serviceOver(10_000);
}, 120_000);

afterAll(async () => {
  for (const { store, dir } of opened) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('moderation pages over 10 000 articles', () => {
  test('the pages hold what they should', async () => {
    const pendingCount = large.docs.filter((d) => d.status === 'Pending').length;
    const counts = await large.service.moderationCounts();
    expect(counts.Pending).toBe(pendingCount);
    expect(counts.total).toBe(10_000);

    // "All": the Pending part, newest first, then the decided ones.
    const newest = [...large.docs].reverse();
    const expectedAll = [
      ...newest.filter((d) => d.status === 'Pending'),
      ...newest.filter((d) => d.status !== 'Pending'),
    ].map((d) => d._id);
    const page1 = await large.service.adminPage(1, 20);
    expect(page1.articles.map((a) => a._id)).toEqual(expectedAll.slice(0, 20));
    expect(page1.totalPages).toBe(500);
    // A page across the boundary and one deep in the decided part.
    const boundary = Math.ceil(pendingCount / 20);
    const across = await large.service.adminPage(boundary, 20);
    expect(across.articles.map((a) => a._id)).toEqual(expectedAll.slice((boundary - 1) * 20, boundary * 20));
    const deep = await large.service.adminPage(60, 20);
    expect(deep.articles.map((a) => a._id)).toEqual(expectedAll.slice(59 * 20, 60 * 20));

    const declined = await large.service.adminPage(3, 50, 'Declined');
    expect(declined.articles.map((a) => a._id)).toEqual(
      newest
        .filter((d) => d.status === 'Declined')
        .slice(100, 150)
        .map((d) => d._id),
    );
  });

  test('first pages cost about the same at 10 000 as at 1 000; none is slow', async () => {
    const queries = {
      allPage1: (s: typeof small) => s.service.adminPage(1, 20),
      pendingPage1: (s: typeof small) => s.service.adminPage(1, 20, 'Pending'),
      approvedPage1: (s: typeof small) => s.service.adminPage(1, 50, 'Approved'),
      declinedPage2: (s: typeof small) => s.service.adminPage(2, 20, 'Declined'),
      counts: (s: typeof small) => s.service.moderationCounts(),
    };
    const timings: Record<string, { small: number; large: number }> = {};
    for (const [name, q] of Object.entries(queries)) {
      timings[name] = { small: await median(() => q(small)), large: await median(() => q(large)) };
    }
    // A deep page walks its offset (here 1 200 rows), still bounded.
    const deep = await median(() => large.service.adminPage(60, 20));
    console.log('moderation pages (median ms):', timings, { allPage60: deep });
    for (const [name, t] of Object.entries(timings)) {
      expect(t.large, name).toBeLessThan(25);
      // Generous for a shared machine: the same order of magnitude, not ten times the articles.
      expect(t.large, name).toBeLessThan(Math.max(4 * t.small, 3));
    }
    expect(deep).toBeLessThan(60);
  }, 120_000);
});
