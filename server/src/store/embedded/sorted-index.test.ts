/**
 * Sorted finds that walk a compound index must return exactly what an unindexed scan (mingo's
 * stable sort over natural order) returns — same documents, same order, ties included — through
 * random inserts, updates, deletes, bulk loads, irregular values and a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newId } from '../ids.js';
import type { Collection, Doc, Filter, Sort } from '../port.js';
import { openEmbeddedStore, type EmbeddedStore } from './index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Deterministic PRNG so a failure is reproducible. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STATUSES = ['Approved', 'Pending', 'Declined'];
const QUERIES: { filter: Filter; sort: Sort }[] = [];
for (const status of ['Approved', 'Pending', 'Declined', 'Nope']) {
  for (const sort of [
    { createdAt: -1 },
    { createdAt: 1 },
    { totalViewCount: -1 },
    { totalViewCount: 1 },
  ] as Sort[]) {
    QUERIES.push({ filter: { status }, sort });
    QUERIES.push({ filter: { status, isPremium: 'Yes' }, sort });
    QUERIES.push({ filter: { $and: [{ status }, { Tags: { $in: ['T1', 'T2'] } }] }, sort });
  }
  // A range on the walked index's second key: both ends, either end open, inside $and, a range no
  // document is in, and ranges of another type than the stored values (they match nothing).
  const day = (d: number) => new Date(Date.UTC(2024, 0, d)).toISOString();
  for (const range of [
    { $gte: day(3), $lt: day(6) },
    { $gt: day(3), $lte: day(6) },
    { $gte: day(5) },
    { $lt: day(4) },
    { $gt: day(9) },
    { $gte: 3, $lt: 6 },
  ]) {
    for (const sort of [{ createdAt: -1 }, { createdAt: 1 }] as Sort[]) {
      QUERIES.push({ filter: { status, createdAt: range }, sort });
      QUERIES.push({ filter: { $and: [{ status }, { createdAt: range }, { isPremium: 'Yes' }] }, sort });
    }
  }
  for (const isPremium of ['Yes', 'No']) {
    for (const sort of [
      { createdAt: 1, _id: 1 },
      { createdAt: -1, _id: -1 },
    ] as Sort[]) {
      QUERIES.push({ filter: { isPremium, createdAt: { $gte: day(2), $lt: day(5) } }, sort });
      QUERIES.push({ filter: { isPremium, createdAt: { $gt: day(6) } }, sort });
    }
  }
  for (const range of [{ $gte: 2, $lt: 4 }, { $gt: 3 }, { $lte: 1 }, { $gte: '2' }]) {
    QUERIES.push({ filter: { status, totalViewCount: range }, sort: { totalViewCount: -1 } });
    QUERIES.push({ filter: { status, totalViewCount: range }, sort: { totalViewCount: 1 } });
  }
}

function makeDoc(r: () => number, i: number): Doc {
  const doc: Record<string, unknown> = {
    _id: newId(),
    articleTitle: `Title ${i}`,
    status: STATUSES[Math.floor(r() * 3)],
    isPremium: r() < 0.3 ? 'Yes' : 'No',
    Tags: [`T${Math.floor(r() * 4)}`],
    // Few distinct values: many ties.
    createdAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(r() * 8))).toISOString(),
    totalViewCount: Math.floor(r() * 6),
  };
  const odd = r();
  if (odd < 0.03) delete doc.createdAt;
  else if (odd < 0.05) doc.totalViewCount = null;
  else if (odd < 0.06) doc.status = ['Approved', 'Pending'];
  else if (odd < 0.07) doc.totalViewCount = `${doc.totalViewCount as number}`;
  return doc as Doc;
}

async function compare(indexed: Collection, plain: Collection, r: () => number): Promise<void> {
  for (const { filter, sort } of QUERIES) {
    const skip = Math.floor(r() * 5);
    const limit = 1 + Math.floor(r() * 12);
    const want = await plain.find(filter, { sort, skip, limit });
    const got = await indexed.find(filter, { sort, skip, limit });
    expect(
      got.map((d) => d._id),
      JSON.stringify({ filter, sort, skip, limit }),
    ).toEqual(want.map((d) => d._id));
    const all = await plain.find(filter, { sort });
    expect((await indexed.find(filter, { sort })).map((d) => d._id)).toEqual(all.map((d) => d._id));
    expect((await indexed.findOne(filter, { sort }))?._id).toBe(all[0]?._id);
    expect(await indexed.countDocuments(filter)).toBe(all.length);
    // A pipeline that starts by matching and sorting walks the index the same way.
    const pipeline = [{ $match: filter }, { $sort: sort }, { $project: { _id: 1 } }];
    expect(await indexed.aggregate(pipeline), JSON.stringify(pipeline)).toEqual(
      await plain.aggregate(pipeline),
    );
  }
  for (const status of [...STATUSES, 'Nope']) {
    expect(await indexed.countDocuments({ status })).toBe(await plain.countDocuments({ status }));
  }
}

async function openPair(
  dir: string,
): Promise<{ store: EmbeddedStore; indexed: Collection; plain: Collection }> {
  const store = await openEmbeddedStore({ dir });
  const indexed = store.collection('indexed');
  await indexed.createIndex({ keys: { status: 1, createdAt: -1 } });
  await indexed.createIndex({ keys: { status: 1, totalViewCount: -1 } });
  // Its second key ascending (the two above descend).
  await indexed.createIndex({ keys: { isPremium: 1, createdAt: 1, _id: 1 } });
  return { store, indexed, plain: store.collection('plain') };
}

describe('compound index walk agrees with an unindexed scan', () => {
  test('random inserts, updates and deletes, ties and irregular values, then a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-sorted-'));
    dirs.push(dir);
    let { store, indexed, plain } = await openPair(dir);
    const r = rng(42);
    const live: string[] = [];
    let i = 0;
    for (let round = 0; round < 12; round++) {
      // A bulk load (out of index order) then single writes.
      const batch = Array.from({ length: round === 0 ? 400 : 20 }, () => makeDoc(r, i++));
      await indexed.insertMany(batch);
      await plain.insertMany(batch);
      live.push(...batch.map((d) => d._id));
      for (let k = 0; k < 40; k++) {
        const id = live[Math.floor(r() * live.length)]!;
        const op = r();
        let update: Record<string, unknown>;
        if (op < 0.4) update = { $inc: { totalViewCount: 1 } };
        else if (op < 0.55) update = { $set: { status: STATUSES[Math.floor(r() * 3)] } };
        else if (op < 0.7)
          update = {
            $set: { createdAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(r() * 8))).toISOString() },
          };
        else if (op < 0.75) update = { $set: { totalViewCount: [1, 2] } };
        else if (op < 0.8) update = { $unset: { createdAt: '' } };
        else {
          await indexed.deleteOne({ _id: id });
          await plain.deleteOne({ _id: id });
          live.splice(live.indexOf(id), 1);
          continue;
        }
        await indexed.updateOne({ _id: id }, update);
        await plain.updateOne({ _id: id }, update);
      }
      // Repair irregular sort values now and then so the walk is used, not only the fallback.
      if (round % 3 === 2) {
        for (const c of [indexed, plain]) {
          await c.updateMany(
            { totalViewCount: { $not: { $type: 'number' } } },
            { $set: { totalViewCount: 3 } },
          );
          await c.updateMany({ status: { $type: 'array' } }, { $set: { status: 'Approved' } });
        }
      }
      await compare(indexed, plain, r);
    }
    await store.close();
    ({ store, indexed, plain } = await openPair(dir));
    await compare(indexed, plain, r);
    await store.close();
  }, 60_000);
});
