/**
 * The "For you" list against a plain reading of its rules on random data (docs/decisions/follows-and-feed.md):
 * followed publishers and writers newest first, then the reader's three most-read tags newest first,
 * then most viewed; never an article the reader read, never one twice, at most FOR_YOU_SIZE.
 */
import { FOR_YOU_SIZE, TAGS } from '@newsroom/common';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFollowRepository, followId } from '../follows/repository.js';
import { newId } from '../store/ids.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import type { Article } from './types.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const forYou = (reader: string) => t.services.recommendations.forYou(reader);

type Dated = Pick<Article, '_id' | 'createdAt'>;
const newestFirst = (a: Dated, b: Dated) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/** The rules read plainly over every article in the store. */
function expected(
  all: Article[],
  follows: { publishers: string[]; writers: string[] },
  read: Set<string>,
  tagCounts: Map<string, number>,
) {
  const approved = all.filter((a) => a.status === 'Approved' || a.status === 'Accepted');
  const top = [...tagCounts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, 3)
    .map(([tag]) => tag);
  const picked: Array<{ _id: string; reason: string }> = [];
  const take = (list: Article[], reason: string) => {
    for (const a of list) {
      if (picked.length >= FOR_YOU_SIZE) return;
      if (!read.has(a._id) && !picked.some((p) => p._id === a._id)) picked.push({ _id: a._id, reason });
    }
  };
  take(
    approved
      .filter((a) => follows.publishers.includes(a.publisher) || follows.writers.includes(a.userInfo.email))
      .sort(newestFirst),
    'following',
  );
  take(approved.filter((a) => (a.Tags ?? []).some((tag) => top.includes(tag))).sort(newestFirst), 'tags');
  take(
    all
      .filter((a) => a.status === 'Approved')
      .sort((a, b) => b.totalViewCount - a.totalViewCount || (a._id < b._id ? 1 : -1)),
    'trending',
  );
  return picked;
}

/** `reader` follows the publisher or writer `key`. */
async function follow(reader: string, kind: 'publisher' | 'writer', key: string) {
  await createFollowRepository(t.store).insertFollow({
    _id: followId(reader, kind, key),
    follower: reader,
    kind,
    target: key,
    key,
    createdAt: new Date().toISOString(),
  });
}

const PUBLISHERS = ['Alpha Times', 'Beta Post'];
const WRITERS = ['w1@example.test', 'w2@example.test', 'w3@example.test'];
const SOME_TAGS = TAGS.slice(0, 4);

describe('"For you"', () => {
  it('is the plain reading of its rules on random articles, follows and reads', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            publisher: fc.constantFrom(...PUBLISHERS),
            writer: fc.constantFrom(...WRITERS),
            tags: fc.subarray([...SOME_TAGS], { minLength: 1 }),
            status: fc.constantFrom('Approved', 'Approved', 'Accepted', 'Pending', 'Declined'),
            // Few dates and view counts: ties are ordered by _id.
            minute: fc.integer({ min: 0, max: 30 }),
            views: fc.integer({ min: 0, max: 5 }),
          }),
          { maxLength: 200, size: 'max' },
        ),
        fc.subarray(PUBLISHERS),
        fc.subarray(WRITERS),
        // Reads: indexes into the new articles, newest (of the run) favoured so pages run dry.
        fc.array(fc.nat(), { maxLength: 80, size: 'max' }),
        async (specs, publishers, writers, readPicks) => {
          run += 1;
          const reader = `reader${run}-${newId()}@example.test`;
          const inserted: Article[] = [];
          for (const s of specs) {
            inserted.push(
              await insertArticle(t.store, {
                publisher: s.publisher,
                userInfo: { name: 'W', image: '', email: s.writer },
                Tags: s.tags,
                status: s.status,
                createdAt: new Date(Date.UTC(2030, 0, 1) + s.minute * 60_000).toISOString(),
                totalViewCount: 1_000_000 + s.views,
              }),
            );
          }
          const repo = createFollowRepository(t.store);
          const at = new Date().toISOString();
          for (const key of publishers) await follow(reader, 'publisher', key);
          for (const key of writers) await follow(reader, 'writer', key);
          const read = new Set<string>();
          const tagCounts = new Map<string, number>();
          const byNewest = [...inserted].sort(newestFirst);
          for (const pick of readPicks) {
            if (byNewest.length === 0) break;
            const a = byNewest[pick % Math.min(byNewest.length, 1 + (pick % 3) * 30)]!;
            if (read.has(a._id)) continue;
            read.add(a._id);
            for (const tag of a.Tags ?? []) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
            await repo.addRead(reader, a._id, a.Tags ?? [], at);
          }
          const all = await t.store.collection<Article>('articles').find({});
          const got = (await forYou(reader)).map((c) => ({ _id: c._id, reason: c.reason }));
          expect(got).toEqual(expected(all, { publishers, writers }, read, tagCounts));
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);

  it('leaves out an article read long ago (older than the latest 500 reads) and still fills the list', async () => {
    const reader = `long-reader-${newId()}@example.test`;
    const publisher = `The Archive ${newId()}`;
    const articles: Article[] = [];
    for (let i = 0; i <= FOR_YOU_SIZE; i++)
      articles.push(
        await insertArticle(t.store, {
          publisher,
          createdAt: new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString(),
        }),
      );
    const newest = articles[articles.length - 1]!;
    const repo = createFollowRepository(t.store);
    await follow(reader, 'publisher', publisher);
    // The newest one was read first; then 500 other articles.
    await repo.addRead(reader, newest._id, [], new Date(Date.UTC(2031, 1, 1)).toISOString());
    for (let i = 0; i < 500; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          repo.addRead(reader, newId(), [], new Date(Date.UTC(2031, 2, 1) + (i + j) * 1000).toISOString()),
        ),
      );

    const list = await forYou(reader);
    expect(list.map((c) => c._id)).toEqual(
      articles
        .slice(0, -1)
        .reverse()
        .map((a) => a._id),
    );
    expect(list.every((c) => c.reason === 'following')).toBe(true);
  }, 60_000);

  it('does not fill the list from a source read to its end while another has newer articles past its page', async () => {
    const reader = `deep-reader-${newId()}@example.test`;
    const [deep, short] = [`The Deep ${newId()}`, `The Short ${newId()}`];
    const minute = (m: number) => new Date(Date.UTC(2032, 0, 1) + m * 60_000).toISOString();
    // `short` has one article fewer than a page (its first read is its end), all older than `deep`'s.
    const shorts = Array.from({ length: FOR_YOU_SIZE - 1 }, (_, i) => ({
      publisher: short,
      createdAt: minute(i),
    }));
    const deeps = Array.from({ length: 2 * FOR_YOU_SIZE - 1 }, (_, i) => ({
      publisher: deep,
      createdAt: minute(1000 + i),
    }));
    const deepNewestFirst = (await Promise.all([...shorts, ...deeps].map((a) => insertArticle(t.store, a))))
      .filter((a) => a.publisher === deep)
      .reverse();
    await follow(reader, 'publisher', deep);
    await follow(reader, 'publisher', short);
    // `deep`'s first page (FOR_YOU_SIZE newest) holds one unread article: with all of `short` that
    // would fill the list, but `deep`'s next unread ones are newer than any of `short`'s.
    const repo = createFollowRepository(t.store);
    await Promise.all(
      deepNewestFirst
        .slice(0, FOR_YOU_SIZE - 1)
        .map((a) => repo.addRead(reader, a._id, a.Tags ?? [], new Date().toISOString())),
    );

    const list = await forYou(reader);
    expect(list.map((c) => c._id)).toEqual(deepNewestFirst.slice(FOR_YOU_SIZE - 1).map((a) => a._id));
  }, 60_000);
});
