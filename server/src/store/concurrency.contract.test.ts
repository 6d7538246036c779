/**
 * The store's concurrency contract: the single-document promises the app's rules rest on, each under
 * many concurrent operations from several connections, then the exact state they must leave. On the
 * MongoDB engine the connections are separate stores (each its own MongoClient) on one database; on the
 * embedded engine, whose one process owns its files, they are concurrent callers of one store.
 * Runs on the embedded engine always and on the server MONGODB_URI names (DocumentDB through
 * scripts/documentdb.mjs). FerretDB v1 fails it: it applies updates as read-modify-write without
 * isolation (docs/decisions/documentdb.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEmbeddedStore } from './embedded/index.js';
import { newId } from './ids.js';
import { openMongoStore } from './mongo.js';
import { DuplicateKeyError, type Doc, type Store } from './port.js';

interface Engine {
  name: string;
  /** The stores the operations are spread over. */
  connect: () => Promise<Store[]>;
  release: (stores: Store[]) => Promise<void>;
}

const CONNECTIONS = 4;
const tempDirs: string[] = [];
const engines: Engine[] = [
  {
    name: 'embedded',
    connect: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-concurrency-'));
      tempDirs.push(dir);
      const store = await openEmbeddedStore({ dir });
      return Array.from({ length: CONNECTIONS }, () => store);
    },
    release: async (stores) => {
      await stores[0]!.close();
    },
  },
];

const mongoUri = process.env.MONGODB_URI?.trim();
if (mongoUri) {
  engines.push({
    name: `mongodb (${process.env.MONGODB_ENGINE ?? 'MONGODB_URI'})`,
    connect: () => {
      const dbName = `newsroom_concurrency_${newId()}`;
      return Promise.all(
        Array.from({ length: CONNECTIONS }, () => openMongoStore({ uri: mongoUri, dbName })),
      );
    },
    release: async (stores) => {
      await (stores[0] as unknown as { db: { dropDatabase(): Promise<unknown> } }).db.dropDatabase();
      await Promise.all(stores.map((s) => s.close()));
    },
  });
} else {
  console.warn('MongoDB concurrency contract not run: MONGODB_URI is not set');
  test('mongodb engine: not configured (set MONGODB_URI to run)', () => {
    expect(mongoUri ?? '').toBe('');
  });
}

afterAll(() => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Runs `count` operations at once, the i-th on connection i mod CONNECTIONS. */
function atOnce<R>(
  stores: Store[],
  count: number,
  op: (store: Store, i: number) => Promise<R>,
): Promise<R[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => op(stores[i % stores.length]!, i)));
}

/** True when the insert was taken, false when a unique index refused it. */
async function inserted(store: Store, collection: string, doc: Doc): Promise<boolean> {
  try {
    await store.collection(collection).insertOne(doc);
    return true;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
}

type Counter = Doc & { n: number };
type Seats = Doc & { seats: number };
type Versioned = Doc & { rev: number; total: number; writers: number[] };
type Recent = Doc & { recent: number[]; pushes: number };
type Reader = Doc & { premiumRev: number; premiumSeconds: number };

for (const engine of engines) {
  describe(`concurrency contract: ${engine.name}`, () => {
    let stores: Store[];
    let n = 0;
    const fresh = (base: string) => `${base}_${++n}`;

    beforeAll(async () => {
      stores = await engine.connect();
    });
    afterAll(async () => {
      if (stores) await engine.release(stores);
    });

    test('200 concurrent $inc of one document: every one counted', async () => {
      const name = fresh('counters');
      const _id = newId();
      await stores[0]!.collection<Counter>(name).insertOne({ _id, n: 0 });
      const results = await atOnce(stores, 200, async (s, i) =>
        i % 2
          ? (await s.collection<Counter>(name).updateOne({ _id }, { $inc: { n: 1 } })).modifiedCount === 1
          : (await s.collection<Counter>(name).findOneAndUpdate({ _id }, { $inc: { n: 1 } })) !== null,
      );
      expect(results.every(Boolean)).toBe(true);
      expect((await stores[1]!.collection<Counter>(name).findOne({ _id }))!.n).toBe(200);
    });

    test('unique keys: of 30 concurrent inserts of each of 5 e-mails, one each is taken', async () => {
      const name = fresh('users');
      await stores[0]!.collection(name).createIndex({ keys: { email: 1 }, unique: true });
      const emails = Array.from({ length: 5 }, (_, k) => `reader${k}@news.test`);
      const taken = await atOnce(stores, 150, (s, i) =>
        inserted(s, name, { _id: newId(), email: emails[i % emails.length], attempt: i }),
      );
      expect(taken.filter(Boolean)).toHaveLength(5);
      const rows = await stores[2]!.collection(name).find({}, { sort: { email: 1 } });
      expect(rows.map((r) => r.email)).toEqual(emails);
      // Each stored row is the one whose insert was acknowledged.
      for (const row of rows) expect(taken[row.attempt as number]).toBe(true);
    });

    test('conditional $inc with a bound: 60 concurrent takes of 10 seats, 10 granted and 10 stored', async () => {
      const name = fresh('gift_months');
      const _id = newId();
      await stores[0]!.collection<Seats>(name).insertOne({ _id, seats: 0 });
      const results = await atOnce(stores, 60, (s) =>
        s.collection<Seats>(name).updateOne({ _id, seats: { $lt: 10 } }, { $inc: { seats: 1 } }),
      );
      expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(10);
      expect(results.filter((r) => r.matchedCount === 0)).toHaveLength(50);
      expect((await stores[3]!.collection<Seats>(name).findOne({ _id }))!.seats).toBe(10);
    });

    test('conditional upsert with a bound: 40 concurrent first takes create one document', async () => {
      // The meter's and gift links' month document: created by the first take, bounded afterwards.
      const name = fresh('meters');
      await stores[0]!.collection(name).createIndex({ keys: { reader: 1, month: 1 }, unique: true });
      const take = async (s: Store): Promise<boolean> => {
        try {
          const after = await s
            .collection<Seats>(name)
            .findOneAndUpdate(
              { reader: 'r', month: '2026-11', seats: { $lt: 5 } },
              { $inc: { seats: 1 }, $setOnInsert: { reader: 'r', month: '2026-11' } },
              { upsert: true },
            );
          return after !== null;
        } catch (err) {
          // Two first takes at once: the unique index refuses the second upsert (or the bound its match).
          if (err instanceof DuplicateKeyError) return false;
          throw err;
        }
      };
      const taken = await atOnce(stores, 40, take);
      expect(taken.filter(Boolean)).toHaveLength(5);
      const rows = await stores[1]!.collection<Seats>(name).find({});
      expect(rows.map((r) => r.seats)).toEqual([5]);
    });

    test('compare-and-set on a revision: of 40 writers from one revision exactly one wins', async () => {
      const name = fresh('versioned');
      const _id = newId();
      await stores[0]!.collection<Versioned>(name).insertOne({ _id, rev: 0, total: 0, writers: [] });
      const results = await atOnce(stores, 40, (s, i) =>
        s
          .collection<Versioned>(name)
          .updateOne({ _id, rev: 0 }, { $set: { rev: 1, total: i, writers: [i] } }),
      );
      const winners = results.flatMap((r, i) => (r.matchedCount === 1 ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(await stores[1]!.collection<Versioned>(name).findOne({ _id })).toEqual({
        _id,
        rev: 1,
        total: winners[0],
        writers: winners,
      });
    });

    test('compare-and-set loops: 8 writers × 10 read-modify-writes lose nothing', async () => {
      const name = fresh('versioned');
      const _id = newId();
      await stores[0]!.collection<Versioned>(name).insertOne({ _id, rev: 0, total: 0, writers: [] });
      const writer = async (s: Store, w: number): Promise<number> => {
        let misses = 0;
        for (let done = 0; done < 10;) {
          const doc = (await s.collection<Versioned>(name).findOne({ _id }))!;
          const r = await s
            .collection<Versioned>(name)
            .updateOne(
              { _id, rev: doc.rev },
              { $set: { rev: doc.rev + 1, total: doc.total + w, writers: [...doc.writers, w] } },
            );
          if (r.matchedCount === 1) done++;
          else misses++;
        }
        return misses;
      };
      await atOnce(stores, 8, writer);
      const doc = (await stores[2]!.collection<Versioned>(name).findOne({ _id }))!;
      expect(doc.rev).toBe(80);
      // Every writer's 10 writes are in the list, so none overwrote another's.
      expect([...doc.writers].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 80 }, (_, i) => Math.floor(i / 10)),
      );
      expect(doc.total).toBe(10 * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7));
    });

    test('$push with $slice: 100 concurrent pushes keep the 10 largest, sorted, and count 100', async () => {
      const name = fresh('recent');
      const _id = newId();
      await stores[0]!.collection<Recent>(name).insertOne({ _id, recent: [], pushes: 0 });
      await atOnce(stores, 100, (s, i) =>
        s
          .collection<Recent>(name)
          .updateOne(
            { _id },
            { $push: { recent: { $each: [i], $sort: 1, $slice: -10 } }, $inc: { pushes: 1 } },
          ),
      );
      expect(await stores[1]!.collection<Recent>(name).findOne({ _id })).toEqual({
        _id,
        recent: [90, 91, 92, 93, 94, 95, 96, 97, 98, 99],
        pushes: 100,
      });
    });

    test('one grant per payment: 6 payments, each redeemed 8 times at once, grant 6 days', async () => {
      // The redeem and the webhook of one PaymentIntent race on several instances: the payment record's
      // unique paymentIntentId lets one through, and it adds its day by compare-and-set of the reader.
      const payments = fresh('payments');
      const users = fresh('users');
      await stores[0]!.collection(payments).createIndex({ keys: { paymentIntentId: 1 }, unique: true });
      const readerId = newId();
      await stores[0]!
        .collection<Reader>(users)
        .insertOne({ _id: readerId, premiumRev: 0, premiumSeconds: 0 });
      const DAY = 86_400;
      const redeem = async (s: Store, i: number): Promise<boolean> => {
        const paymentIntentId = `pi_${i % 6}`;
        if (!(await inserted(s, payments, { _id: newId(), paymentIntentId, email: 'r@news.test' })))
          return false;
        for (;;) {
          const reader = (await s.collection<Reader>(users).findOne({ _id: readerId }))!;
          const r = await s
            .collection<Reader>(users)
            .updateOne(
              { _id: readerId, premiumRev: reader.premiumRev },
              { $set: { premiumRev: reader.premiumRev + 1, premiumSeconds: reader.premiumSeconds + DAY } },
            );
          if (r.matchedCount === 1) return true;
        }
      };
      const granted = await atOnce(stores, 48, redeem);
      expect(granted.filter(Boolean)).toHaveLength(6);
      expect(await stores[3]!.collection(payments).countDocuments({})).toBe(6);
      expect(await stores[1]!.collection<Reader>(users).findOne({ _id: readerId })).toEqual({
        _id: readerId,
        premiumRev: 6,
        premiumSeconds: 6 * DAY,
      });
    });
  });
}
