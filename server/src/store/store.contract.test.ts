/**
 * The storage contract: every Collection method and the filter/update/aggregation documents the
 * repositories use, run against the embedded engine always and against MongoDB when MONGODB_URI is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEmbeddedStore } from './embedded/index.js';
import { isId, newId } from './ids.js';
import { ensureIndexes } from './index.js';
import { openMongoStore } from './mongo.js';
import { DuplicateKeyError, type Doc, type Sort, type Store } from './port.js';

interface Engine {
  name: string;
  open: () => Promise<Store>;
  cleanup: (store: Store) => Promise<void>;
  /** The MongoDB engine talking to FerretDB v1 (its known gaps: docs/decisions/ferretdb.md). */
  ferretdb?: boolean;
}

/**
 * Whether the server at `uri` is FerretDB v1 (its buildInfo names its own version). FerretDB v2 in front
 * of DocumentDB names itself too and has none of v1's gaps here (docs/decisions/documentdb.md).
 */
async function isFerretDbV1(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return typeof info.ferretdbVersion === 'string' && /^v?1\./.test(info.ferretdbVersion);
  } finally {
    await client.close();
  }
}

const tempDirs: string[] = [];
const engines: Engine[] = [
  {
    name: 'embedded',
    open: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-contract-'));
      tempDirs.push(dir);
      return openEmbeddedStore({ dir });
    },
    cleanup: async (store) => {
      await store.close();
    },
  },
];

const mongoUri = process.env.MONGODB_URI?.trim();
if (mongoUri) {
  const ferretdb = await isFerretDbV1(mongoUri);
  if (ferretdb)
    console.warn('MongoDB contract tests run against FerretDB v1: its known gaps are skipped by name');
  engines.push({
    name: 'mongodb',
    ferretdb,
    open: () => openMongoStore({ uri: mongoUri, dbName: `newsroom_contract_${newId()}` }),
    cleanup: async (store) => {
      await (store as unknown as { db: { dropDatabase(): Promise<unknown> } }).db.dropDatabase();
      await store.close();
    },
  });
} else {
  console.warn('MongoDB contract tests not run: MONGODB_URI is not set');
  test('mongodb engine: not configured (set MONGODB_URI to run)', () => {
    expect(mongoUri ?? '').toBe('');
  });
}

afterAll(() => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

type Article = Doc & {
  articleTitle: string;
  publisher: string;
  Tags: string[];
  status: 'Pending' | 'Approved' | 'Declined';
  isPremium: 'Yes' | 'No';
  createdAt: string;
  totalViewCount: number;
  userInfo: { name: string; image: string; email: string };
};

function article(i: number, over: Partial<Article> = {}): Article {
  const statuses = ['Approved', 'Pending', 'Declined'] as const;
  return {
    _id: newId(),
    articleTitle: `Title ${i}`,
    publisher: `Pub ${i % 3}`,
    Tags: [`Tag${i % 4}`, `Tag${(i + 1) % 4}`],
    status: statuses[i % 3]!,
    isPremium: i % 2 ? 'Yes' : 'No',
    createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
    totalViewCount: i * 10,
    userInfo: { name: `Writer ${i % 2}`, image: 'http://img/x.png', email: `writer${i % 2}@news.test` },
    ...over,
  };
}

const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();

for (const engine of engines) {
  describe(`${engine.name} engine`, () => {
    let store: Store;
    let n = 0;
    /** A fresh collection name per test keeps tests independent. */
    const fresh = (base: string) => `${base}_${++n}`;

    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(async () => {
      await engine.cleanup(store);
    });

    test('reports its kind, and answers a ping', async () => {
      expect(store.kind).toBe(engine.name);
      await expect(store.ping()).resolves.toBeUndefined();
    });

    test('waitDurable resolves with writes in flight; a guarded $push and a $pull (the premium grant)', async () => {
      const c = store.collection(fresh('durable'));
      const id = newId();
      const write = c.insertOne({ _id: id, grants: [] });
      await store.waitDurable();
      await write;
      for (const g of ['a', 'b', 'c']) {
        const r = await c.updateOne({ _id: id, grants: { $ne: g } }, { $push: { grants: g } });
        expect(r.matchedCount).toBe(1);
      }
      // The guard the premium grant relies on: an id already there is not pushed again.
      expect(
        (await c.updateOne({ _id: id, grants: { $ne: 'c' } }, { $push: { grants: 'c' } })).matchedCount,
      ).toBe(0);
      // A finished grant leaves the list (payments/grants: only grants under way are kept).
      await c.updateOne({ _id: id }, { $pull: { grants: 'a' } });
      expect((await c.findOne({ _id: id }))?.grants).toEqual(['b', 'c']);
      await store.waitDurable();
    });

    test('a substring index serves case-insensitive title search through inserts, updates and unsets, and is never read back', async () => {
      const c = store.collection<Article>(fresh('search'));
      await c.createIndex({ keys: { articleTitle: 1 }, kind: 'substring' });
      // An index of its own on both engines (MongoDB: the trigrams' multikey index), which the
      // migration step checks for by this name.
      expect(await c.indexNames()).toContain('articleTitle_1_substring');
      await c.insertMany([
        article(1, { articleTitle: 'Storm over the Harbour' }),
        article(2, { articleTitle: 'Harbor lights' }),
        article(3, { articleTitle: 'City budget' }),
      ]);
      const search = (text: string) =>
        c.find({ articleTitle: { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' } });
      expect((await search('HARBOUR')).map((d) => d.articleTitle)).toEqual(['Storm over the Harbour']);
      expect((await search('harb')).length).toBe(2);
      expect((await search('ha')).length).toBe(2);
      expect(await search('r.b')).toEqual([]);

      const [city] = await search('budget');
      await c.updateOne({ _id: city!._id }, { $set: { articleTitle: 'Harbour budget' } });
      expect((await search('harbour')).length).toBe(2);
      expect(await search('city')).toEqual([]);
      await c.findOneAndUpdate({ _id: city!._id }, { $set: { articleTitle: 'Quiet news' } });
      expect((await search('quiet')).map((d) => d._id)).toEqual([city!._id]);
      expect(await c.countDocuments({ articleTitle: { $regex: 'quiet', $options: 'i' } })).toBe(1);
      await c.updateOne({ _id: city!._id }, { $unset: { articleTitle: '' } });
      expect(await search('quiet')).toEqual([]);

      // What readers get back is the document as written, whatever the engine keeps beside it.
      const [doc] = await search('lights');
      expect(Object.keys(doc!).sort()).toEqual(Object.keys(article(2)).sort());
      const full = await c.findOne({ _id: doc!._id });
      expect(Object.keys(full!).sort()).toEqual(Object.keys(article(2)).sort());
      const excluded = await c.find({ _id: doc!._id }, { projection: { userInfo: 0 } });
      expect(Object.keys(excluded[0]!)).not.toContain('userInfo');
      expect(Object.keys(excluded[0]!).some((k) => k.startsWith('_grams'))).toBe(false);
    });

    test('insertOne / findOne / find return copies, never live stored documents', async () => {
      const c = store.collection<Article>(fresh('articles'));
      const doc = article(1);
      await c.insertOne(doc);
      doc.Tags.push('mutated-input');
      const found = (await c.findOne({ _id: doc._id }))!;
      expect(found.Tags).toEqual(['Tag1', 'Tag2']);
      found.Tags.push('mutated-output');
      found.userInfo.name = 'changed';
      const [again] = await c.find({ _id: doc._id });
      expect(again!.Tags).toEqual(['Tag1', 'Tag2']);
      expect(again!.userInfo.name).toBe('Writer 1');
      expect(await c.findOne({ _id: newId() })).toBeNull();

      // undefined fields are left out (never stored as null) on both engines.
      const sparse = { _id: newId(), a: 1, b: undefined };
      await c.insertOne(sparse as unknown as Article);
      expect(await c.findOne({ _id: sparse._id })).toEqual({ _id: sparse._id, a: 1 });
      expect(await c.countDocuments({ _id: sparse._id, b: null })).toBe(1);
    });

    test('insertMany, countDocuments and filters ($in, $regex, ranges, dotted paths, arrays, $or, $exists, $ne)', async () => {
      const c = store.collection<Article>(fresh('articles'));
      const docs = Array.from({ length: 12 }, (_, i) => article(i));
      await c.insertMany(docs);
      await c.insertMany([]);
      expect(await c.countDocuments()).toBe(12);
      expect(await c.countDocuments({ status: 'Approved' })).toBe(4);
      expect(await c.countDocuments({ status: { $in: ['Approved', 'Declined'] } })).toBe(8);
      expect(ids(await c.find({ articleTitle: { $regex: 'title 1', $options: 'i' } }))).toEqual(
        ids([docs[1]!, docs[10]!, docs[11]!]),
      );
      expect(await c.countDocuments({ totalViewCount: { $gte: 30, $lt: 70 } })).toBe(4);
      expect(await c.countDocuments({ 'userInfo.email': 'writer1@news.test' })).toBe(6);
      expect(await c.countDocuments({ Tags: 'Tag0' })).toBe(6);
      expect(await c.countDocuments({ Tags: { $in: ['Tag0', 'Tag1'] } })).toBe(9);
      expect(await c.countDocuments({ $or: [{ status: 'Pending' }, { isPremium: 'Yes' }] })).toBe(8);
      expect(await c.countDocuments({ decliningReason: { $exists: true } })).toBe(0);
      expect(await c.countDocuments({ status: { $ne: 'Approved' } })).toBe(8);
      expect(await c.countDocuments({ $and: [{ status: 'Approved' }, { isPremium: 'No' }] })).toBe(2);
      expect(await c.countDocuments({ _id: { $in: [docs[0]!._id, docs[5]!._id, newId()] } })).toBe(2);
    });

    test('find with sort, skip, limit and projection; findOne with sort and projection', async () => {
      const c = store.collection<Article>(fresh('articles'));
      const docs = Array.from({ length: 30 }, (_, i) => article(i));
      await c.insertMany(docs);
      await c.createIndex({ keys: { status: 1, createdAt: -1 } });
      const approved = docs
        .filter((d) => d.status === 'Approved')
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

      const page1 = await c.find({ status: 'Approved' }, { sort: { createdAt: -1 }, limit: 3 });
      expect(page1.map((d) => d._id)).toEqual(approved.slice(0, 3).map((d) => d._id));
      const page2 = await c.find({ status: 'Approved' }, { sort: { createdAt: -1 }, skip: 3, limit: 3 });
      expect(page2.map((d) => d._id)).toEqual(approved.slice(3, 6).map((d) => d._id));

      const trending = await c.find({ status: 'Approved' }, { sort: { totalViewCount: -1 }, limit: 2 });
      expect(trending.map((d) => d.totalViewCount)).toEqual([270, 240]);

      const slim = await c.find(
        { status: 'Approved' },
        { projection: { articleTitle: 1, 'userInfo.name': 1 }, limit: 1, sort: { createdAt: 1 } },
      );
      expect(slim).toEqual([
        {
          _id: approved.at(-1)!._id,
          articleTitle: approved.at(-1)!.articleTitle,
          userInfo: { name: approved.at(-1)!.userInfo.name },
        },
      ]);

      const noEmail = await c.findOne(
        { _id: docs[4]!._id },
        { projection: { 'userInfo.email': 0, Tags: 0 } },
      );
      expect(noEmail).toMatchObject({
        _id: docs[4]!._id,
        userInfo: { name: docs[4]!.userInfo.name, image: docs[4]!.userInfo.image },
      });
      expect(noEmail!.userInfo).not.toHaveProperty('email');
      expect(noEmail).not.toHaveProperty('Tags');

      // Excluding a nested field never touches the stored document.
      expect((await c.findOne({ _id: docs[4]!._id }))!.userInfo.email).toBe(docs[4]!.userInfo.email);

      const oldest = await c.findOne({ status: 'Pending' }, { sort: { createdAt: 1 } });
      expect(oldest!._id).toBe(docs[1]!._id);
    });

    test('sorted pages through compound indexes stay right across inserts, updates and deletes', async () => {
      const c = store.collection<Article>(fresh('articles'));
      await c.createIndex({ keys: { status: 1, createdAt: -1 } });
      await c.createIndex({ keys: { status: 1, totalViewCount: -1 } });
      // Distinct sort values (ties are ordered differently by the two engines).
      const docs = Array.from({ length: 90 }, (_, i) =>
        article(i, {
          totalViewCount: (i * 37) % 90,
          createdAt: new Date(Date.UTC(2024, 0, 1, 0, (i * 53) % 90)).toISOString(),
        }),
      );
      await c.insertMany(docs.slice(0, 60));
      for (const d of docs.slice(60)) await c.insertOne(d);
      const live = new Map(docs.map((d) => [d._id, { ...d }]));
      // Views counted, articles approved and re-dated, some deleted.
      for (const d of docs.filter((_, i) => i % 4 === 0)) {
        await c.updateOne({ _id: d._id }, { $inc: { totalViewCount: 100 } });
        live.get(d._id)!.totalViewCount += 100;
      }
      for (const d of docs.filter((x) => x.status === 'Pending').slice(0, 10)) {
        await c.updateOne({ _id: d._id }, { $set: { status: 'Approved' } });
        live.get(d._id)!.status = 'Approved';
      }
      const redated = docs[3]!;
      await c.updateOne({ _id: redated._id }, { $set: { createdAt: '2030-01-01T00:00:00.000Z' } });
      live.get(redated._id)!.createdAt = '2030-01-01T00:00:00.000Z';
      for (const d of docs.filter((_, i) => i % 7 === 0)) {
        await c.deleteOne({ _id: d._id });
        live.delete(d._id);
      }
      const all = [...live.values()];
      const expected = (keep: (a: Article) => boolean, key: 'createdAt' | 'totalViewCount', dir: 1 | -1) =>
        all
          .filter(keep)
          .sort((a, b) => (a[key] < b[key] ? -dir : a[key] > b[key] ? dir : 0))
          .map((d) => d._id);
      const approved = (a: Article) => a.status === 'Approved';
      const pageIds = async (
        filter: Record<string, unknown>,
        sort: Record<string, 1 | -1>,
        skip: number,
        limit: number,
      ) => (await c.find(filter, { sort, skip, limit })).map((d) => d._id);

      const newest = expected(approved, 'createdAt', -1);
      expect(newest[0]).toBe(redated._id);
      expect(await pageIds({ status: 'Approved' }, { createdAt: -1 }, 0, 5)).toEqual(newest.slice(0, 5));
      expect(await pageIds({ status: 'Approved' }, { createdAt: -1 }, 5, 5)).toEqual(newest.slice(5, 10));
      expect(await pageIds({ status: 'Approved' }, { createdAt: -1 }, newest.length - 2, 5)).toEqual(
        newest.slice(-2),
      );
      expect(await pageIds({ status: 'Approved' }, { createdAt: -1 }, newest.length, 5)).toEqual([]);
      expect(await pageIds({ status: 'Approved' }, { createdAt: 1 }, 2, 4)).toEqual(
        expected(approved, 'createdAt', 1).slice(2, 6),
      );
      expect(await pageIds({ status: 'Approved' }, { totalViewCount: -1 }, 0, 6)).toEqual(
        expected(approved, 'totalViewCount', -1).slice(0, 6),
      );
      expect(await pageIds({ status: 'Approved' }, { totalViewCount: 1 }, 0, 6)).toEqual(
        expected(approved, 'totalViewCount', 1).slice(0, 6),
      );
      // Extra conditions are applied before skip/limit.
      const premiumTag = (a: Article) => approved(a) && a.isPremium === 'Yes' && a.Tags.includes('Tag1');
      expect(
        await pageIds(
          { status: 'Approved', isPremium: 'Yes', Tags: { $in: ['Tag1'] } },
          { createdAt: -1 },
          1,
          3,
        ),
      ).toEqual(expected(premiumTag, 'createdAt', -1).slice(1, 4));
      const titled = (a: Article) => approved(a) && /title 1/i.test(a.articleTitle);
      expect(
        await pageIds(
          { status: 'Approved', articleTitle: { $regex: 'title 1', $options: 'i' } },
          { createdAt: -1 },
          0,
          50,
        ),
      ).toEqual(expected(titled, 'createdAt', -1));
      expect(
        await pageIds({ status: 'Approved', articleTitle: 'zeppelin' }, { createdAt: -1 }, 0, 5),
      ).toEqual([]);
      expect(await pageIds({ status: 'Nope' }, { createdAt: -1 }, 0, 5)).toEqual([]);
      // No limit: every match, in order.
      expect((await c.find({ status: 'Declined' }, { sort: { createdAt: -1 } })).map((d) => d._id)).toEqual(
        expected((a) => a.status === 'Declined', 'createdAt', -1),
      );
      expect((await c.findOne({ status: 'Pending' }, { sort: { totalViewCount: -1 } }))!._id).toBe(
        expected((a) => a.status === 'Pending', 'totalViewCount', -1)[0],
      );
      for (const status of ['Approved', 'Pending', 'Declined', 'Nope']) {
        expect(await c.countDocuments({ status })).toBe(all.filter((a) => a.status === status).length);
        expect(await c.countDocuments({ status: { $eq: status } })).toBe(
          all.filter((a) => a.status === status).length,
        );
      }
      expect(await c.countDocuments({})).toBe(all.length);
      // A document whose indexed field is an array still counts and sorts like an unindexed scan.
      const multi = article(500, {
        status: ['Approved', 'Pending'] as unknown as 'Approved',
        createdAt: '2031-01-01T00:00:00.000Z',
      });
      await c.insertOne(multi);
      expect(await c.countDocuments({ status: 'Approved' })).toBe(all.filter(approved).length + 1);
      expect(await c.countDocuments({ status: 'Pending' })).toBe(
        all.filter((a) => a.status === 'Pending').length + 1,
      );
      expect(await pageIds({ status: 'Pending' }, { createdAt: -1 }, 0, 1)).toEqual([multi._id]);
      expect(await pageIds({ status: 'Approved' }, { createdAt: -1 }, 0, 2)).toEqual([multi._id, newest[0]]);
    });

    test('updateOne with $set, $unset, $inc, $push, $pull, $addToSet; counts', async () => {
      const c = store.collection<Article>(fresh('articles'));
      const doc = article(3, { decliningReason: 'x' } as Partial<Article>);
      await c.insertOne(doc);

      expect(
        await c.updateOne({ _id: doc._id }, { $set: { status: 'Approved', 'userInfo.name': 'New' } }),
      ).toEqual({
        matchedCount: 1,
        modifiedCount: 1,
        upsertedId: null,
      });
      expect(await c.updateOne({ _id: doc._id }, { $set: { status: 'Approved' } })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
        upsertedId: null,
      });
      expect(await c.updateOne({ _id: newId() }, { $set: { status: 'Approved' } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedId: null,
      });
      await c.updateOne({ _id: doc._id }, { $unset: { decliningReason: '' }, $inc: { totalViewCount: 5 } });
      await c.updateOne({ _id: doc._id }, { $push: { Tags: 'Tag9' } });
      await c.updateOne({ _id: doc._id }, { $addToSet: { Tags: 'Tag9' } });
      await c.updateOne({ _id: doc._id }, { $addToSet: { Tags: 'Tag8' } });
      await c.updateOne({ _id: doc._id }, { $pull: { Tags: 'Tag3' } });
      const after = (await c.findOne({ _id: doc._id }))!;
      expect(after).not.toHaveProperty('decliningReason');
      expect(after).toMatchObject({ status: 'Approved', totalViewCount: 35, userInfo: { name: 'New' } });
      expect(after.Tags).toEqual(['Tag0', 'Tag9', 'Tag8']);
    });

    test('updates must use operators', async () => {
      const c = store.collection(fresh('articles'));
      const _id = newId();
      await c.insertOne({ _id, a: 1 });
      await expect(c.updateOne({ _id }, { a: 2 })).rejects.toThrow();
      expect(await c.findOne({ _id })).toEqual({ _id, a: 1 });
    });

    test('upsert: updateOne and findOneAndUpdate insert with filter fields, $setOnInsert and a string _id', async () => {
      const c = store.collection(fresh('users'));
      const r1 = await c.updateOne(
        { email: 'new@news.test' },
        { $set: { name: 'New' }, $setOnInsert: { role: 'user', createdAt: '2024-01-01T00:00:00.000Z' } },
        { upsert: true },
      );
      expect(r1.matchedCount).toBe(0);
      expect(isId(r1.upsertedId)).toBe(true);
      expect(await c.findOne({ _id: r1.upsertedId! })).toEqual({
        _id: r1.upsertedId,
        email: 'new@news.test',
        name: 'New',
        role: 'user',
        createdAt: '2024-01-01T00:00:00.000Z',
      });
      const r2 = await c.updateOne(
        { email: 'new@news.test' },
        { $set: { name: 'Renamed' }, $setOnInsert: { role: 'admin' } },
        { upsert: true },
      );
      expect(r2).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(
        await c.findOne({ email: 'new@news.test' }, { projection: { _id: 0, name: 1, role: 1 } }),
      ).toEqual({
        name: 'Renamed',
        role: 'user',
      });

      const created = await c.findOneAndUpdate(
        { email: 'other@news.test' },
        { $setOnInsert: { name: 'Other' }, $inc: { logins: 1 } },
        { upsert: true },
      );
      expect(created).toMatchObject({ email: 'other@news.test', name: 'Other', logins: 1 });
      expect(isId(created!._id)).toBe(true);
      const bumped = await c.findOneAndUpdate(
        { email: 'other@news.test' },
        { $inc: { logins: 1 } },
        { upsert: true },
      );
      expect(bumped).toMatchObject({ _id: created!._id, logins: 2 });

      const withId = newId();
      await c.updateOne({ _id: withId }, { $set: { email: 'byid@news.test' } }, { upsert: true });
      expect(await c.findOne({ email: 'byid@news.test' })).toEqual({ _id: withId, email: 'byid@news.test' });
      expect(await c.countDocuments()).toBe(3);
    });

    test('findOneAndUpdate returns the document after the update, or null', async () => {
      const c = store.collection<Article>(fresh('articles'));
      const doc = article(2);
      await c.insertOne(doc);
      const after = await c.findOneAndUpdate({ _id: doc._id }, { $inc: { totalViewCount: 1 } });
      expect(after).toMatchObject({ _id: doc._id, totalViewCount: 21 });
      expect(await c.findOneAndUpdate({ _id: newId() }, { $inc: { totalViewCount: 1 } })).toBeNull();
      expect(await c.countDocuments()).toBe(1);
    });

    test('updateMany, deleteOne, deleteMany', async () => {
      const c = store.collection<Article>(fresh('articles'));
      await c.insertMany(Array.from({ length: 9 }, (_, i) => article(i)));
      expect(await c.updateMany({ status: 'Pending' }, { $set: { status: 'Approved' } })).toEqual({
        matchedCount: 3,
        modifiedCount: 3,
        upsertedId: null,
      });
      expect(await c.countDocuments({ status: 'Approved' })).toBe(6);
      expect(await c.updateMany({ status: 'Nope' }, { $set: { status: 'Approved' } })).toMatchObject({
        matchedCount: 0,
      });
      expect(await c.deleteOne({ status: 'Declined' })).toEqual({ deletedCount: 1 });
      expect(await c.deleteOne({ status: 'Nope' })).toEqual({ deletedCount: 0 });
      expect(await c.deleteMany({ status: 'Approved' })).toEqual({ deletedCount: 6 });
      expect(await c.countDocuments()).toBe(2);
      expect(await c.deleteMany({})).toEqual({ deletedCount: 2 });
      expect(await c.countDocuments()).toBe(0);
    });

    test('DuplicateKeyError on insert, insertMany, _id, update, upsert and findOneAndUpdate; nothing written', async () => {
      const name = fresh('users');
      const c = store.collection(name);
      await c.createIndex({ keys: { email: 1 }, unique: true });
      await c.createIndex({ keys: { email: 1 }, unique: true }); // idempotent
      const a = { _id: newId(), email: 'a@news.test', name: 'A' };
      const b = { _id: newId(), email: 'b@news.test', name: 'B' };
      await c.insertMany([a, b]);

      const err = await c.insertOne({ _id: newId(), email: 'a@news.test' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DuplicateKeyError);
      // FerretDB v1 does not say which index refused the write (docs/decisions/ferretdb.md).
      expect(err).toMatchObject({ collection: name, index: engine.ferretdb ? 'unknown' : 'email_1' });
      await expect(c.insertOne({ _id: a._id, email: 'c@news.test' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(c.insertMany([{ _id: newId(), email: 'b@news.test' }])).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(c.updateOne({ _id: b._id }, { $set: { email: 'a@news.test' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(
        c.findOneAndUpdate({ _id: b._id }, { $set: { email: 'a@news.test', name: 'X' } }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(
        c.updateOne({ email: 'zz@news.test' }, { $set: { email: 'a@news.test' } }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);

      expect(await c.countDocuments()).toBe(2);
      expect(await c.findOne({ _id: b._id })).toEqual(b);
      expect(await c.findOne({ _id: a._id })).toEqual(a);
      // Changing the key to a free value, and back, is fine.
      await c.updateOne({ _id: b._id }, { $set: { email: 'b2@news.test' } });
      await c.updateOne({ _id: b._id }, { $set: { email: 'b@news.test' } });
      await c.insertOne({ _id: newId(), email: 'b2@news.test' });
    });

    test('a unique index cannot be created over duplicate data', async () => {
      const c = store.collection(fresh('payments'));
      await c.insertMany([
        { _id: newId(), paymentIntentId: 'pi_1' },
        { _id: newId(), paymentIntentId: 'pi_1' },
      ]);
      await expect(c.createIndex({ keys: { paymentIntentId: 1 }, unique: true })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    test('concurrent $inc updates never lose an increment', async () => {
      const c = store.collection<Article>(fresh('articles'));
      const doc = article(0, { totalViewCount: 0 });
      await c.insertOne(doc);
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          i % 2
            ? c.updateOne({ _id: doc._id }, { $inc: { totalViewCount: 1 } })
            : c.findOneAndUpdate({ _id: doc._id }, { $inc: { totalViewCount: 1 } }),
        ),
      );
      expect((await c.findOne({ _id: doc._id }))!.totalViewCount).toBe(200);
    });

    test('aggregate: $match, $group counts, $sort, $skip, $limit, $project, $count, $unwind', async () => {
      const c = store.collection<Article>(fresh('articles'));
      await c.insertMany(Array.from({ length: 12 }, (_, i) => article(i)));

      const byPublisher = await c.aggregate<{ _id: string; count: number }>([
        { $match: { status: { $in: ['Approved', 'Pending', 'Declined'] } } },
        { $group: { _id: '$publisher', count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ]);
      expect(byPublisher).toEqual([
        { _id: 'Pub 0', count: 4 },
        { _id: 'Pub 1', count: 4 },
        { _id: 'Pub 2', count: 4 },
      ]);

      const tags = await c.aggregate([
        { $unwind: '$Tags' },
        { $group: { _id: '$Tags', n: { $sum: 1 } } },
        { $sort: { n: -1, _id: 1 } },
        { $skip: 1 },
        { $limit: 2 },
        { $project: { n: 1 } },
      ]);
      expect(tags).toEqual([
        { _id: 'Tag1', n: 6 },
        { _id: 'Tag2', n: 6 },
      ]);

      expect(await c.aggregate([{ $match: { isPremium: 'Yes' } }, { $count: 'premium' }])).toEqual([
        { premium: 6 },
      ]);
    });

    // Beyond the one aggregation the app runs (publisher counts: $match, $group with $sum: 1, $sort),
    // what the embedded engine's pipeline supports (no repository uses it).
    test('aggregate: $addFields expressions, $facet, nested exclusions, $unset', async () => {
      const c = store.collection<Article>(fresh('articles'));
      await c.insertMany(Array.from({ length: 12 }, (_, i) => article(i)));

      const withFlag = await c.aggregate<{ popular: boolean }>([
        { $match: { status: 'Approved' } },
        { $addFields: { popular: { $gte: ['$totalViewCount', 50] } } },
        { $sort: { createdAt: 1 } },
        { $project: { _id: 0, popular: 1 } },
      ]);
      expect(withFlag).toEqual([
        { popular: false },
        { popular: false },
        { popular: true },
        { popular: true },
      ]);

      const [facet] = await c.aggregate<{ total: { n: number }[]; page: { articleTitle: string }[] }>([
        { $match: { status: 'Approved' } },
        { $sort: { createdAt: -1 } },
        {
          $facet: {
            total: [{ $count: 'n' }],
            page: [{ $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, articleTitle: 1 } }],
          },
        },
      ]);
      expect(facet).toEqual({
        total: [{ n: 4 }],
        page: [{ articleTitle: 'Title 6' }, { articleTitle: 'Title 3' }],
      });

      // Nested exclusions and $unset in a pipeline: the email is gone from the output, kept in the store.
      const privateFree = await c.aggregate<Article>([
        { $match: { status: 'Approved' } },
        { $sort: { createdAt: -1 } },
        { $limit: 2 },
        { $project: { 'userInfo.email': 0 } },
        { $unset: 'Tags' },
      ]);
      expect(privateFree).toHaveLength(2);
      for (const d of privateFree) {
        expect(d.userInfo).toEqual({ name: expect.any(String), image: 'http://img/x.png' });
        expect(d).not.toHaveProperty('Tags');
      }
      expect((await c.findOne({ _id: privateFree[0]!._id }))!.userInfo.email).toMatch(/@news\.test$/);

      const grouped = await c.aggregate<{ _id: string; who: { name: string } }>([
        { $match: { status: 'Approved' } },
        { $group: { _id: '$publisher', who: { $push: '$userInfo' } } },
        { $unwind: '$who' },
        { $project: { 'who.email': 0, 'who.image': 0 } },
        { $sort: { _id: 1, 'who.name': 1 } },
      ]);
      expect(grouped).toEqual([
        { _id: 'Pub 0', who: { name: 'Writer 0' } },
        { _id: 'Pub 0', who: { name: 'Writer 0' } },
        { _id: 'Pub 0', who: { name: 'Writer 1' } },
        { _id: 'Pub 0', who: { name: 'Writer 1' } },
      ]);
      expect(await c.countDocuments({ 'userInfo.email': { $regex: '@news\\.test$' } })).toBe(12);

      // Aggregation results are copies too.
      const [first] = await c.aggregate<Article>([{ $match: { articleTitle: 'Title 0' } }]);
      first!.Tags.push('changed');
      expect((await c.findOne({ articleTitle: 'Title 0' }))!.Tags).toEqual(['Tag0', 'Tag1']);
    });

    test('indexNames lists what createIndex made, dropIndex removes one (twice is harmless)', async () => {
      const c = store.collection(fresh('indexed'));
      await c.insertOne({ _id: newId(), a: 1, b: 2 });
      await c.createIndex({ keys: { a: 1, b: -1 } });
      await c.createIndex({ keys: { b: 1 }, unique: true });
      expect((await c.indexNames()).sort()).toEqual(['a_1_b_-1', 'b_1']);
      await c.dropIndex('a_1_b_-1');
      await c.dropIndex('a_1_b_-1');
      expect(await c.indexNames()).toEqual(['b_1']);
      expect(await store.collection(fresh('never-written')).indexNames()).toEqual([]);
    });

    test('ensureIndexes drops the retired list indexes for the ones with _id last; ties page by _id', async () => {
      const articles = store.collection('articles');
      await articles.createIndex({ keys: { status: 1, createdAt: -1 } });
      await articles.createIndex({ keys: { status: 1, totalViewCount: -1 } });
      await ensureIndexes(store);
      const names = await articles.indexNames();
      expect(names).not.toContain('status_1_createdAt_-1');
      expect(names).not.toContain('status_1_totalViewCount_-1');
      expect(names).toEqual(
        expect.arrayContaining(['status_1_createdAt_-1__id_-1', 'status_1_totalViewCount_-1__id_-1']),
      );
      // Same createdAt, inserted out of _id order: pages follow _id, each article on exactly one page.
      const status = `Tied ${newId()}`;
      const ids = [newId(), newId(), newId(), newId(), newId()];
      for (const _id of [ids[2]!, ids[0]!, ids[4]!, ids[1]!, ids[3]!]) {
        await articles.insertOne({ _id, status, createdAt: '2026-01-01T00:00:00.000Z', totalViewCount: 7 });
      }
      const sorts: Sort[] = [
        { createdAt: -1, _id: -1 },
        { totalViewCount: -1, _id: -1 },
      ];
      for (const sort of sorts) {
        const pages = [];
        for (let skip = 0; skip < 5; skip += 2)
          pages.push(...(await articles.find({ status }, { sort, skip, limit: 2 })));
        expect(pages.map((d) => d._id)).toEqual([...ids].reverse());
      }
    });

    test('ensureIndexes creates the start-up indexes, is repeatable, and users.email is unique', async () => {
      await ensureIndexes(store);
      await ensureIndexes(store);
      const users = store.collection('users');
      const email = `${newId()}@news.test`;
      await users.insertOne({ _id: newId(), email });
      await expect(users.insertOne({ _id: newId(), email })).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'users',
        index: engine.ferretdb ? 'unknown' : 'email_1',
      });
      const publishers = store.collection('publishers');
      const publisherName = `P ${newId()}`;
      await publishers.insertOne({ _id: newId(), publisherName });
      await expect(publishers.insertOne({ _id: newId(), publisherName })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      const payments = store.collection('payments');
      const paymentIntentId = `pi_${newId()}`;
      await payments.insertOne({ _id: newId(), paymentIntentId });
      await expect(payments.insertOne({ _id: newId(), paymentIntentId })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      // Non-unique indexes allow repeats.
      const views = store.collection('views');
      await views.insertMany([
        { _id: newId(), articleId: 'a', email },
        { _id: newId(), articleId: 'a', email },
      ]);
      expect(await views.countDocuments({ articleId: 'a', email })).toBe(2);
    });
  });
}
