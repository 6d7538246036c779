/**
 * Title search through the substring (trigram) index must answer exactly what a case-insensitive
 * regex over every title answers — same documents, same order, same counts — whichever plan the
 * engine picks (candidates, sorted walk, walk that gives up and intersects), through inserts,
 * title and status updates, deletes, and restarts from the journal and from a snapshot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newId } from '../ids.js';
import { ensureIndexes } from '../index.js';
import type { Collection, Doc, Filter } from '../port.js';
import { openEmbeddedStore, type EmbeddedStore } from './index.js';
import { fold, literalOf, requiredLiterals } from './text-query.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The escaping the article repository applies to a search. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Deterministic PRNG so a failure is reproducible. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('fold: the case folding of JavaScript regexes with the i flag', () => {
  test('two UTF-16 units fold alike exactly when /a/i matches b', () => {
    const mismatches: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      const re = new RegExp(escape(ch), 'i');
      const others = new Set([ch.toLowerCase(), ch.toUpperCase(), fold(ch), fold(ch).toLowerCase()]);
      for (const other of others) {
        if (other.length !== 1) continue;
        if (re.test(other) !== (fold(ch) === fold(other))) mismatches.push(`${c.toString(16)}~${other}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  test('folding keeps the length and maps ASCII like toUpperCase', () => {
    expect(fold('Straße ſ K İı 😀')).toHaveLength('Straße ſ K İı 😀'.length);
    expect(fold('Hello, World! 42')).toBe('HELLO, WORLD! 42');
    // ſ and the Kelvin sign do not match s / k case-insensitively without the u flag.
    expect(/s/i.test('ſ')).toBe(false);
    expect(fold('ſ')).not.toBe(fold('s'));
    expect(fold('\u212a')).not.toBe(fold('k'));
  });
});

describe('recognising plain-text searches', () => {
  test('an escaped text is read back as that text; any regex feature is not plain text', () => {
    for (const text of ['a.b', '(x)*', '[1]+{2}?', '^$|\\/', 'C:\\path-1/2', 'plain words']) {
      expect(literalOf(escape(text))).toBe(text);
    }
    for (const pattern of ['^abc', 'a.c', 'a|b', '\\d+', '\\bword', 'x\\', '[ab]', '(a)', 'a{2}']) {
      expect(literalOf(pattern)).toBeUndefined();
    }
  });

  test('only $regex conditions on the field, with i/m/s flags, top level or inside $and', () => {
    expect(requiredLiterals({ t: { $regex: 'ab', $options: 'i' } }, 't')).toEqual(['ab']);
    expect(requiredLiterals({ $and: [{ t: { $regex: 'x\\.y' } }, { u: 1 }] }, 't')).toEqual(['x.y']);
    expect(requiredLiterals({ t: { $regex: 'ab', $options: 'x' } }, 't')).toEqual([]);
    expect(requiredLiterals({ t: { $regex: 'ab', $options: 'u' } }, 't')).toEqual([]);
    expect(requiredLiterals({ u: { $regex: 'ab' } }, 't')).toEqual([]);
    expect(requiredLiterals({ $or: [{ t: { $regex: 'ab' } }] }, 't')).toEqual([]);
    expect(requiredLiterals({ t: { $not: { $regex: 'ab' } } }, 't')).toEqual([]);
  });
});

// Letters with case subtleties (ß/ẞ, dotted/dotless i, final sigma, Kelvin sign, long s, ligature),
// regex metacharacters, a surrogate pair, and a few plain words so trigrams repeat a lot.
const PIECES = [
  ...'abcdeEfgoOstST '.split(''),
  ...'.*+?^${}()|[]\\/-'.split(''),
  ...['ß', 'ẞ', 'İ', 'ı', 'I', 'i', 'Σ', 'σ', 'ς', 'K', 'k', 'ſ', 'ﬀ', 'É', 'é', '😀', 'ΐ'],
  'news ',
  'the ',
  'Market ',
  'CITY ',
];
const STATUSES = ['Approved', 'Approved', 'Pending', 'Declined'];
const TAGS = ['t1', 't2', 't3'];

function randomTitle(r: () => number): unknown {
  const odd = r();
  if (odd < 0.01) return undefined;
  if (odd < 0.02) return ['Array title', 'news'];
  if (odd < 0.025) return 42;
  if (odd < 0.03) return '';
  const length = odd < 0.08 ? 1 + Math.floor(r() * 2) : 3 + Math.floor(r() * 10);
  let title = '';
  while (title.length < length) title += PIECES[Math.floor(r() * PIECES.length)]!;
  return odd < 0.08 ? title.slice(0, length) : title;
}

function makeDoc(r: () => number, i: number): Doc {
  const doc: Record<string, unknown> = {
    _id: newId(),
    articleTitle: randomTitle(r),
    status: STATUSES[Math.floor(r() * STATUSES.length)],
    publisher: `P${Math.floor(r() * 3)}`,
    Tags: [TAGS[Math.floor(r() * 3)]],
    // Few distinct values: many ties, which must keep natural order.
    createdAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(r() * 20))).toISOString(),
    i,
  };
  if (doc.articleTitle === undefined) delete doc.articleTitle;
  return doc as Doc;
}

/** Queries: pieces of stored titles with their case shuffled, random strings, metacharacters. */
function randomQuery(r: () => number, titles: string[]): string {
  const kind = r();
  if (kind < 0.5 && titles.length > 0) {
    const t = titles[Math.floor(r() * titles.length)]!;
    const start = Math.floor(r() * t.length);
    const piece = t.slice(start, start + 1 + Math.floor(r() * 6));
    return [...piece].map((c) => (r() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('') || 'a';
  }
  let q = '';
  const length = 1 + Math.floor(r() * 5);
  while (q.length < length) q += PIECES[Math.floor(r() * PIECES.length)]!;
  return kind < 0.8 ? q.slice(0, length) : q;
}

/** What a scan answers: the model in natural order, filtered by a plain JS regex, stably sorted. */
function bruteForce(
  model: Doc[],
  q: string,
  extra: (d: Doc) => boolean,
  page?: { skip: number; limit: number },
): string[] {
  const re = new RegExp(escape(q), 'i');
  const hit = (v: unknown) => (Array.isArray(v) ? v.some(hit) : typeof v === 'string' && re.test(v));
  let out = model.filter((d) => hit(d.articleTitle) && extra(d));
  if (page) {
    out = out
      .map((d, k) => ({ d, k }))
      .sort((a, b) => {
        const x = a.d.createdAt as string;
        const y = b.d.createdAt as string;
        return x < y ? 1 : x > y ? -1 : a.k - b.k;
      })
      .map(({ d }) => d)
      .slice(page.skip, page.skip + page.limit);
  }
  return out.map((d) => d._id);
}

interface Shape {
  filter: (q: string) => Filter;
  extra: (d: Doc) => boolean;
}
const SHAPES: Shape[] = [
  {
    filter: (q) => ({ status: 'Approved', articleTitle: { $regex: escape(q), $options: 'i' } }),
    extra: (d) => d.status === 'Approved',
  },
  {
    filter: (q) => ({
      status: 'Approved',
      articleTitle: { $regex: escape(q), $options: 'i' },
      publisher: 'P1',
      Tags: { $in: ['t1', 't3'] },
    }),
    extra: (d) =>
      d.status === 'Approved' && d.publisher === 'P1' && ['t1', 't3'].includes((d.Tags as string[])[0]!),
  },
  { filter: (q) => ({ articleTitle: { $regex: escape(q), $options: 'i' } }), extra: () => true },
];

async function expectSameAsScan(c: Collection, model: Doc[], r: () => number, queries: number) {
  const titles = model.map((d) => d.articleTitle).filter((t): t is string => typeof t === 'string');
  for (let k = 0; k < queries; k++) {
    const q = randomQuery(r, titles);
    const shape = SHAPES[k % SHAPES.length]!;
    const filter = shape.filter(q);
    const page = { skip: [0, 0, 5, 40][k % 4]!, limit: [20, 3, 10, 20][k % 4]! };
    const sorted = await c.find(filter, { sort: { createdAt: -1 }, ...page });
    expect(
      sorted.map((d) => d._id),
      `page of ${JSON.stringify(q)}`,
    ).toEqual(bruteForce(model, q, shape.extra, page));
    const natural = (await c.find(filter)).map((d) => d._id);
    expect(natural, `natural order of ${JSON.stringify(q)}`).toEqual(bruteForce(model, q, shape.extra));
    expect(await c.countDocuments(filter), `count of ${JSON.stringify(q)}`).toBe(natural.length);
  }
}

async function open(dir: string): Promise<{ store: EmbeddedStore; c: Collection }> {
  const store = await openEmbeddedStore({ dir });
  await ensureIndexes(store);
  return { store, c: store.collection('articles') };
}

test('searches equal a regex over every title through writes and restarts', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-text-index-'));
  dirs.push(dir);
  const r = rng(20240607);
  let { store, c } = await open(dir);
  let model: Doc[] = [];

  // Enough documents that common grams exceed the direct-candidates threshold (walk plans run too).
  for (let batch = 0; batch < 4; batch++) {
    const docs = Array.from({ length: 1000 }, (_, k) => makeDoc(r, batch * 1000 + k));
    await c.insertMany(docs);
    model.push(...docs);
  }
  await expectSameAsScan(c, model, r, 150);

  // Title edits, status-only edits and deletes.
  for (let k = 0; k < 600; k++) {
    const target = model[Math.floor(r() * model.length)]!;
    const op = r();
    if (op < 0.4) {
      const articleTitle = randomTitle(r);
      await c.updateOne({ _id: target._id }, { $set: { articleTitle } });
      const next = { ...target, articleTitle } as Doc;
      if (articleTitle === undefined) delete next.articleTitle;
      model = model.map((d) => (d._id === target._id ? next : d));
    } else if (op < 0.7) {
      const status = STATUSES[Math.floor(r() * STATUSES.length)]!;
      await c.updateOne({ _id: target._id }, { $set: { status } });
      model = model.map((d) => (d._id === target._id ? { ...d, status } : d));
    } else {
      await c.deleteOne({ _id: target._id });
      model = model.filter((d) => d._id !== target._id);
    }
  }
  const late = Array.from({ length: 300 }, (_, k) => makeDoc(r, 5000 + k));
  await c.insertMany(late);
  model.push(...late);
  await expectSameAsScan(c, model, r, 150);

  // Rebuilt from the journal, then from a snapshot.
  await store.close();
  ({ store, c } = await open(dir));
  await expectSameAsScan(c, model, r, 60);
  await store.compact();
  await store.close();
  ({ store, c } = await open(dir));
  await expectSameAsScan(c, model, r, 60);
  await store.close();
}, 120_000);
