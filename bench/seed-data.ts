/** Deterministic benchmark data: the same store on every run, shared by run.ts and store-memory.ts. */
import { TAGS } from '@newsroom/common';
import type { Store } from '../server/src/store/port.js';

/** Small deterministic PRNG so every run seeds the same store. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WORDS = (
  'market city council river school climate energy health startup museum harvest election ' +
  'stadium bridge festival science budget vaccine ocean mountain railway library coffee ' +
  'fashion gallery robot satellite village garden harbour studio theatre forest desert island'
).split(' ');
/** The benchmark's articles use the first seven tags (technology … sports). */
export const BENCH_TAGS = TAGS.slice(0, 7);
export const PUBLISHERS = [
  'Daily Star',
  'Morning Post',
  'City Herald',
  'The Ledger',
  'Evening Tribune',
  'Gazette',
];
export const IMAGE_URL = 'http://localhost:5000/uploads/bench.webp';
const T0 = Date.UTC(2024, 0, 1);

export interface BenchArticle extends Record<string, unknown> {
  _id: string;
  status: 'Approved' | 'Pending' | 'Declined';
  isPremium: 'Yes' | 'No';
}

/** The i-th article (about 1.2 KB of text); `rand` advances the same way on every run. */
export function articleDoc(i: number, rand: () => number, id: string): BenchArticle {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const r = rand();
  const status = r < 0.7 ? 'Approved' : r < 0.9 ? 'Pending' : 'Declined';
  const isPremium = rand() < 0.15 ? 'Yes' : 'No';
  const title = Array.from({ length: 6 }, () => pick(WORDS)).join(' ');
  const description = Array.from({ length: 180 }, () => pick(WORDS)).join(' ');
  return {
    _id: id,
    articleTitle: `${title[0]!.toUpperCase()}${title.slice(1)} ${i}`,
    articleImage: IMAGE_URL,
    articleDescription: description,
    publisher: pick(PUBLISHERS),
    Tags: [...new Set([pick(BENCH_TAGS), pick(BENCH_TAGS)])],
    status,
    isPremium,
    decliningReason: status === 'Declined' ? 'Off topic' : null,
    createdAt: new Date(T0 + i * 60_000).toISOString(),
    totalViewCount: Math.floor(rand() * 5000),
    userInfo: { name: `Writer ${i % 200}`, image: IMAGE_URL, email: `writer${i % 200}@example.test` },
  };
}

/** Inserts `n` articles in batches; calls `each` with every article inserted. */
export async function seedArticles(
  store: Store,
  n: number,
  newId: () => string,
  each: (a: BenchArticle) => void = () => undefined,
): Promise<void> {
  const rand = rng(n);
  const BATCH = 5_000;
  for (let start = 0; start < n; start += BATCH) {
    const docs: BenchArticle[] = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const a = articleDoc(i, rand, newId());
      each(a);
      docs.push(a);
    }
    await store.collection<BenchArticle>('articles').insertMany(docs);
  }
}
