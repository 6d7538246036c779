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
  it('a user write drops the user stats only when it changes what they count (premium, role, who exists)', async () => {
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
    // A profile edit and a lastSeenAt touch: no count changes.
    expect(
      await droppedBy(() => users.findOneAndUpdate({ email: 'w@example.test' }, { $set: { name: 'W' } })),
    ).toEqual([]);
    expect(
      await droppedBy(() => users.updateOne({ email: 'w@example.test' }, { $set: { lastSeenAt: 'now' } })),
    ).toEqual([]);
  });

  it("a user's record is dropped by key: a write by e-mail changes only that record's version; lastSeenAt none", async () => {
    const users = store.collection('users');
    await users.insertOne({ _id: newId(), email: 'k1@example.test' });
    await users.insertOne({ _id: newId(), email: 'k2@example.test' });
    const versions = () => [
      cache.version(CacheGroup.userRecords, 'k1@example.test'),
      cache.version(CacheGroup.userRecords, 'k2@example.test'),
    ];
    const [k1, k2] = versions();
    await users.findOneAndUpdate({ email: 'k1@example.test' }, { $set: { name: 'K' } });
    const [k1b, k2b] = versions();
    expect(k1b).not.toBe(k1);
    expect(k2b).toBe(k2);
    await users.updateOne({ email: 'k1@example.test' }, { $set: { lastSeenAt: 'now' } });
    expect(versions()).toEqual([k1b, k2b]);
    // Not by e-mail (make-admin by _id): every record is read again.
    await users.updateMany({ role: 'Admin' }, { $set: { role: 'Admin' } });
    const [k1c, k2c] = versions();
    expect(k1c).not.toBe(k1b);
    expect(k2c).not.toBe(k2b);
  });

  it('an article write by _id drops that article; the public lists only when it is or becomes approved', async () => {
    const articles = store.collection('articles');
    await raw.collection('articles').insertMany([
      { _id: 'a1', status: 'Approved', articleTitle: 'One' },
      { _id: 'a2', status: 'Pending', articleTitle: 'Two' },
    ]);
    // An approved article's edit (it goes back to Pending): out of every list.
    expect(
      await droppedBy(() =>
        articles.updateOne({ _id: 'a1' }, { $set: { articleTitle: 'Edited', status: 'Pending' } }),
      ),
    ).toEqual(['article-details/a1', 'article-lists/trending', 'publisher-counts/all']);
    // A Pending draft edited again and again: no public list can hold it.
    for (let i = 0; i < 3; i++) {
      expect(
        await droppedBy(() =>
          articles.findOneAndUpdate({ _id: 'a2' }, { $set: { articleTitle: `Draft ${i}` } }),
        ),
      ).toEqual(['article-details/a2', 'publisher-counts/all']);
    }
    // Approved: into the lists.
    expect(
      await droppedBy(() => articles.updateOne({ _id: 'a2' }, { $set: { status: 'Approved' } })),
    ).toEqual(['article-details/a2', 'article-lists/trending', 'publisher-counts/all']);
    // A new Pending article; a new approved one (the seed, tests).
    expect(await droppedBy(() => articles.insertOne({ _id: 'a3', status: 'Pending' }))).toEqual([
      'publisher-counts/all',
    ]);
    expect(await droppedBy(() => articles.insertOne({ _id: 'a4', status: 'Approved' }))).toEqual([
      'article-lists/trending',
      'publisher-counts/all',
    ]);
    // Deleting a Pending one; an approved one.
    expect(await droppedBy(() => articles.deleteOne({ _id: 'a3' }))).toEqual(['publisher-counts/all']);
    expect(await droppedBy(() => articles.deleteOne({ _id: 'a4' }))).toEqual([
      'article-lists/trending',
      'publisher-counts/all',
    ]);
    // Not by _id: every article's details go, and the lists.
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
      await droppedBy(() => articles.findOneAndUpdate({ _id: 'a2' }, { $inc: { totalViewCount: 1 } })),
    ).toEqual(['article-details/a2', 'article-lists/trending']);
    // Any other field in the same update is a real change: everything built from it goes.
    expect(
      await droppedBy(() =>
        articles.updateOne({ _id: 'a2' }, { $inc: { totalViewCount: 1 }, $set: { isPremium: 'Yes' } }),
      ),
    ).toEqual(['article-details/a2', 'article-lists/trending', 'publisher-counts/all']);
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
