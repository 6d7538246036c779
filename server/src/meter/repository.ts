import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '../store/port.js';

/** One reader's metered month: the premium articles they read in full on it (docs/decisions/gift-links-and-meter.md). */
export interface MeterMonth {
  /** Derived from (reader, month): one document per reader and calendar month. */
  _id: string;
  reader: string;
  /** 'YYYY-MM', UTC. */
  month: string;
  count: number;
  articles: string[];
  [key: string]: unknown;
}

/** What a claim found: whether the reader may read the article in full, and their count after it. */
export interface MeterClaim {
  allowed: boolean;
  used: number;
  /** This claim took one of the month's free reads (false: refused, or counted before). */
  counted: boolean;
}

const meterId = (reader: string, month: string) =>
  createHash('sha256').update(`meter\n${reader}\n${month}`).digest('hex').slice(0, 24);

/** The only place that builds queries on `meter_months` (found by `_id` alone: no other index). */
export function createMeterRepository(store: Store) {
  const months = () => store.collection<MeterMonth>('meter_months');

  const find = (reader: string, month: string) => months().findOne({ _id: meterId(reader, month) });

  return {
    find,

    /**
     * Counts `articleId` on the reader's month unless it is there already or `limit` is reached. One
     * conditional upsert, so concurrent claims never take more than `limit`: an upsert that meets the
     * existing `_id` (its condition failed, or a concurrent first claim made it) fails with a
     * duplicate key, and the same conditional update runs once more without upsert.
     */
    async claim(reader: string, month: string, articleId: string, limit: number): Promise<MeterClaim> {
      const before = await find(reader, month);
      if (before?.articles.includes(articleId)) return { allowed: true, used: before.count, counted: false };
      if (limit <= 0 || (before && before.count >= limit)) {
        return { allowed: false, used: before?.count ?? 0, counted: false };
      }
      const take = (upsert: boolean) =>
        months().findOneAndUpdate(
          { _id: meterId(reader, month), count: { $lt: limit }, articles: { $ne: articleId } },
          { $inc: { count: 1 }, $push: { articles: articleId }, $setOnInsert: { reader, month } },
          { upsert },
        );
      let after: MeterMonth | null;
      try {
        after = await take(true);
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        // The month's document exists: at the limit, holding this article already, or made by a
        // concurrent first claim (then this one may still take a read from it).
        after = await take(false);
      }
      if (after) return { allowed: true, used: after.count, counted: true };
      const now = await find(reader, month);
      const known = !!now?.articles.includes(articleId);
      return { allowed: known, used: now?.count ?? limit, counted: false };
    },
  };
}
