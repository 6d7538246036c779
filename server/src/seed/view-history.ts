import type { Store } from '../store/port.js';
import { createViewHistoryRepository } from '../stats/repository.js';
import { dayOf } from '../stats/view-history.js';

const DAY_MS = 24 * 3600_000;

export interface SeededViews {
  _id: string;
  publisher: string;
  author: string;
  createdAt: string;
  /** The article's totalViewCount: the days below add up to it. */
  views: number;
}

/**
 * How `total` views spread over the `days` days since publication (index 0 = the day it came out):
 * most in the first days, tailing off, with some day-to-day wobble. Whole numbers summing to `total`.
 */
export function spreadViews(total: number, days: number, seed: number): number[] {
  const weights = Array.from(
    { length: days },
    (_, k) => Math.exp(-k / 6) * (1 + 0.4 * Math.sin(seed * 7.3 + k * 1.7)) + 0.06,
  );
  const sum = weights.reduce((n, w) => n + w, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const out = exact.map(Math.floor);
  // Largest remainders get the views rounding left over.
  let left = total - out.reduce((n, v) => n + v, 0);
  const order = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * The daily view history of the seeded articles, so the writers' and admins' view charts have
 * something to show: each article's views spread over the days since it was posted (all of them
 * within the charts' 30 days), per article and per publisher.
 */
export async function seedViewHistory(store: Store, now: Date, articles: SeededViews[]): Promise<void> {
  const today = Date.parse(`${dayOf(now)}T00:00:00.000Z`);
  const articleRows: { articleId: string; author: string; day: string; count: number }[] = [];
  const publisherTotals = new Map<string, number>();
  for (const [i, a] of articles.entries()) {
    if (a.views <= 0) continue;
    const first = Date.parse(`${dayOf(new Date(a.createdAt))}T00:00:00.000Z`);
    const days = Math.max(1, Math.round((today - first) / DAY_MS) + 1);
    for (const [k, count] of spreadViews(a.views, days, i + 1).entries()) {
      if (count === 0) continue;
      const day = dayOf(new Date(first + k * DAY_MS));
      articleRows.push({ articleId: a._id, author: a.author, day, count });
      const key = `${a.publisher}\n${day}`;
      publisherTotals.set(key, (publisherTotals.get(key) ?? 0) + count);
    }
  }
  const publisherRows = [...publisherTotals].map(([key, count]) => {
    const [publisher, day] = key.split('\n') as [string, string];
    return { publisher, day, count };
  });
  await createViewHistoryRepository(store).put(articleRows, publisherRows);
}
