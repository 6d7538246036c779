import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { newId } from '../store/ids.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import { AnswerCache, CacheGroup } from './answer-cache.js';
import { watchedStore } from './watched-store.js';

let dir: string;
let raw: Store;
let store: Store;
let cache: AnswerCache;
let builds: Record<string, number>;

/** Caches one answer per (group, key) and counts how often each had to be built. */
const answer = (group: string, key: string) =>
  cache.get(group, key, async () => {
    builds[`${group}/${key}`] = (builds[`${group}/${key}`] ?? 0) + 1;
    return { value: key, meta: undefined };
  });
const warm = async () => {
  await answer(CacheGroup.userStats, 'count');
  await answer(CacheGroup.articleLists, 'trending');
  await answer(CacheGroup.articleDetails, 'a1');
  await answer(CacheGroup.articleDetails, 'a2');
  await answer(CacheGroup.publishers, 'all');
  await answer(CacheGroup.publisherCounts, 'all');
};
/** Which answers a write dropped: those built again by a second warm(). */
const droppedBy = async (write: () => Promise<unknown>) => {
  await warm();
  const before = { ...builds };
  await write().catch(() => undefined);
  await warm();
  return Object.keys(builds)
    .filter((k) => builds[k] !== before[k])
    .sort();
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'newsroom-watched-'));
  raw = await openEmbeddedStore({ dir });
  await ensureIndexes(raw);
  cache = new AnswerCache();
  store = watchedStore(raw, cache);
  builds = {};
});
afterAll(async () => {
  await raw.close();
  await rm(dir, { recursive: true, force: true });
});

describe('watchedStore: writes drop the cached answers built from what they changed', () => {
  it('any write to users (registration, premium grant, make-admin) drops the user stats', async () => {
    const _id = newId();
    const users = store.collection('users');
    expect(
      await droppedBy(() => users.insertOne({ _id, email: 'w@example.test', premiumEndAt: null })),
    ).toEqual(['user-stats/count']);
    expect(await droppedBy(() => users.updateOne({ _id }, { $set: { role: 'Admin' } }))).toEqual([
      'user-stats/count',
    ]);
    expect(
      await droppedBy(() =>
        users.findOneAndUpdate({ email: 'w@example.test' }, { $set: { premiumEndAt: '2999-01-01' } }),
      ),
    ).toEqual(['user-stats/count']);
  });

  it('an article write by _id drops the lists, the publisher counts and that article only', async () => {
    const articles = store.collection('articles');
    expect(
      await droppedBy(() => articles.updateOne({ _id: 'a1' }, { $set: { status: 'Approved' } })),
    ).toEqual(['article-details/a1', 'article-lists/trending', 'publisher-counts/all']);
    // Not by _id: every article's details go.
    expect(await droppedBy(() => articles.updateMany({ status: 'Pending' }, { $set: { x: 1 } }))).toEqual([
      'article-details/a1',
      'article-details/a2',
      'article-lists/trending',
      'publisher-counts/all',
    ]);
  });

  it('a counted view ($inc of the view counter by _id) drops that article and trending only', async () => {
    const articles = store.collection('articles');
    expect(
      await droppedBy(() => articles.findOneAndUpdate({ _id: 'a1' }, { $inc: { totalViewCount: 1 } })),
    ).toEqual(['article-details/a1', 'article-lists/trending']);
    // Any other field in the same update is a real change: everything built from articles goes.
    expect(
      await droppedBy(() =>
        articles.updateOne({ _id: 'a1' }, { $inc: { totalViewCount: 1 }, $set: { isPremium: 'Yes' } }),
      ),
    ).toEqual(['article-details/a1', 'article-lists/trending', 'publisher-counts/all']);
  });

  it('publisher writes drop publishers and counts; a failed write still drops; other collections drop nothing', async () => {
    const publishers = store.collection('publishers');
    const doc = { _id: newId(), publisherName: 'Watch Daily', logo: 'https://example.test/l.png' };
    expect(await droppedBy(() => publishers.insertOne(doc))).toEqual([
      'publisher-counts/all',
      'publishers/all',
    ]);
    await expect(publishers.insertOne({ ...doc, _id: newId() })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await droppedBy(() => publishers.insertOne({ ...doc, _id: newId() }))).toEqual([
      'publisher-counts/all',
      'publishers/all',
    ]);
    expect(
      await droppedBy(() => store.collection('views').insertOne({ _id: newId(), articleId: 'a1' })),
    ).toEqual([]);
    // Reads go straight through.
    expect(await store.collection('publishers').findOne({ publisherName: 'Watch Daily' })).toMatchObject(doc);
  });
});
