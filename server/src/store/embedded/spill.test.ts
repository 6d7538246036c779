/**
 * Long strings live on disk, not in the heap (docs/decisions/embedded-store-memory.md): every read
 * path must still see them exactly, through writes, compactions, restarts and a crash.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import type { Doc } from '../port.js';
import { openEmbeddedStore, type EmbeddedStore } from './index.js';
import { dropCachedTexts, locOf } from './spill.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-spill-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Texts that JSON escapes and UTF-8 encodes in every way: quotes, backslashes, newlines, emoji. */
function text(i: number): string {
  const words = [
    'Städte',
    'naïve',
    '"quoted"',
    'back\\slash',
    'tab\tand\nnewline',
    '📰 news',
    '日本語',
    '\u2028',
  ];
  return Array.from({ length: 80 + (i % 40) }, (_, k) => `${words[(i + k) % words.length]} ${i}-${k}`).join(
    ' ',
  );
}

function onDisk(store: EmbeddedStore, id: string): boolean {
  const doc = (store as unknown as { mem(n: string): { docs: Map<string, Doc> } })
    .mem('articles')
    .docs.get(id);
  return !!doc && !!locOf(doc, 'articleDescription');
}

/** Every document's description equals the expected text, through find, findOne, projections and aggregate. */
async function expectTexts(store: EmbeddedStore, expected: Map<string, string>): Promise<void> {
  dropCachedTexts(); // read from the files, not from texts read earlier
  const articles = store.collection('articles');
  const all = await articles.find({}, { sort: { n: 1 } });
  expect(new Map(all.map((d) => [d._id, d.articleDescription]))).toEqual(expected);
  for (const [id, t] of expected) {
    expect((await articles.findOne({ _id: id }))?.articleDescription).toBe(t);
  }
  const cards = await articles.find({}, { projection: { title: 1, articleDescription: 1 } });
  expect(new Map(cards.map((d) => [d._id, d.articleDescription]))).toEqual(expected);
  const titles = await articles.find({}, { projection: { title: 1 } });
  expect(titles.every((d) => !('articleDescription' in d))).toBe(true);
  const [first] = expected;
  const needle = first![1].slice(40, 70);
  const viaAggregate = await articles.aggregate([
    { $match: { articleDescription: { $regex: needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') } } },
    { $project: { articleDescription: 1 } },
  ]);
  expect(viaAggregate.map((d) => d._id)).toContain(first![0]);
}

test('long texts read back exactly after writes, updates, compactions and restarts, and stay on disk', async () => {
  const dir = tempDir();
  const expected = new Map<string, string>();
  let store = await openEmbeddedStore({ dir });
  const articles = store.collection('articles');
  await articles.createIndex({ keys: { status: 1, createdAt: -1 } });
  const ids = Array.from({ length: 60 }, (_, i) => String(i).padStart(24, 'a'));
  await articles.insertMany(
    ids.map((_id, n) => ({
      _id,
      n,
      title: `T${n}`,
      status: 'Approved',
      views: 0,
      articleDescription: text(n),
    })),
  );
  ids.forEach((id, n) => expected.set(id, text(n)));
  // Updates that keep the text (it is read back from disk to write the whole new version)...
  for (const id of ids.slice(0, 20)) await articles.updateOne({ _id: id }, { $inc: { views: 1 } });
  // ...and ones that change it, and deletes.
  for (const [k, id] of ids.slice(20, 30).entries()) {
    await articles.updateOne({ _id: id }, { $set: { articleDescription: text(1000 + k) } });
    expected.set(id, text(1000 + k));
  }
  await articles.deleteMany({ n: { $gte: 55 } });
  for (const id of ids.slice(55)) expected.delete(id);

  expect(ids.slice(0, 55).every((id) => onDisk(store, id))).toBe(true);
  await expectTexts(store, expected);

  await store.compact();
  expect(fs.readdirSync(dir).filter((f) => f.startsWith('journal-'))).toHaveLength(1);
  await expectTexts(store, expected);
  await articles.updateOne({ _id: ids[3]! }, { $set: { articleDescription: text(2000) } });
  expected.set(ids[3]!, text(2000));
  await store.close();

  for (let round = 0; round < 2; round++) {
    store = await openEmbeddedStore({ dir });
    expect(ids.slice(0, 55).every((id) => onDisk(store, id))).toBe(true);
    await expectTexts(store, expected);
    // Compacting reads every text from the previous snapshot while the new one is written.
    await store.compact();
    await expectTexts(store, expected);
    await store.close();
  }
});

test('after a crash mid-burst with compactions, every acknowledged body reads back in full', async () => {
  const dir = tempDir();
  const worker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'durability-worker.ts');
  const acked = await new Promise<string[]>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, dir, String(64 * 1024)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ids: string[] = [];
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const l of lines) if (l.startsWith('I ')) ids.push(l.slice(2));
      if (ids.length >= 1500) child.kill('SIGKILL');
    });
    child.on('exit', () => (ids.length >= 1500 ? resolve(ids) : reject(new Error('worker stopped early'))));
  });
  const store = await openEmbeddedStore({ dir, warn: () => undefined });
  const items = await store.collection('items').find({});
  const byId = new Map(items.map((d) => [d._id, d]));
  for (const id of acked) {
    const d = byId.get(id);
    // The worker writes body = 'x' × (200 + n % 300).
    expect(d?.body).toBe('x'.repeat(200 + ((d?.n as number) % 300)));
  }
  await store.close();
});
