import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '../store/port.js';

/**
 * Counted views per day, kept as counters shaped like the charts that read them, each bumped with
 * `$inc` when a view is counted:
 * - one document per (author, day) holding that day's count per article (`articles: {<id>: 3}`):
 *   a writer's 30 days are 30 documents, found by an indexed key, whatever the number of views;
 * - one document per (publisher, month) holding that month's count per day (`days: {'2026-05-20': 3}`):
 *   every publisher's 30 days are at most two documents each.
 * Days are UTC dates (YYYY-MM-DD). See docs/decisions/view-history.md.
 */
export interface AuthorViewsDay {
  _id: string;
  /** `${author email}|${day}` */
  authorDay: string;
  day: string;
  articles: Record<string, number>;
  [key: string]: unknown;
}

export interface PublisherViewsMonth {
  _id: string;
  publisher: string;
  /** YYYY-MM */
  month: string;
  days: Record<string, number>;
  [key: string]: unknown;
}

export const AUTHOR_DAILY_VIEWS = 'author_daily_views';
export const PUBLISHER_DAILY_VIEWS = 'publisher_daily_views';
export const monthOf = (day: string) => day.slice(0, 7);

export const authorDay = (author: string, day: string) => `${author}|${day}`;

/** A counter's _id, derived from what it counts, so concurrent first views meet on one document. */
export function counterId(kind: 'author' | 'publisher', key: string, period: string): string {
  return createHash('sha256').update(`${kind}\n${key}\n${period}`).digest('hex').slice(0, 24);
}

/** The only place that builds queries on the two view-history collections. */
export function createViewHistoryRepository(store: Store) {
  const authorDays = () => store.collection<AuthorViewsDay>(AUTHOR_DAILY_VIEWS);
  const publisherMonths = () => store.collection<PublisherViewsMonth>(PUBLISHER_DAILY_VIEWS);

  /** An upsert of one counter. On MongoDB two first upserts of one _id may race: one retry. */
  const upsert = async (
    collection: ReturnType<typeof authorDays> | ReturnType<typeof publisherMonths>,
    _id: string,
    update: Record<string, unknown>,
  ) => {
    const write = () => collection.updateOne({ _id }, update, { upsert: true });
    try {
      await write();
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      await write();
    }
  };

  const authorCounter = (author: string, day: string) => ({
    _id: counterId('author', author, day),
    fields: { authorDay: authorDay(author, day), day },
  });
  const publisherCounter = (publisher: string, day: string) => {
    const month = monthOf(day);
    return { _id: counterId('publisher', publisher, month), fields: { publisher, month } };
  };

  return {
    /** Adds `by` views of one article (its author's, under its publisher) on `day`. */
    async add(
      article: { _id: string; publisher: string; userInfo?: { email?: string } },
      day: string,
      by = 1,
    ): Promise<void> {
      const a = authorCounter(article.userInfo?.email ?? '', day);
      const p = publisherCounter(article.publisher, day);
      await Promise.all([
        upsert(authorDays(), a._id, { $inc: { [`articles.${article._id}`]: by }, $setOnInsert: a.fields }),
        upsert(publisherMonths(), p._id, { $inc: { [`days.${day}`]: by }, $setOnInsert: p.fields }),
      ]);
    },

    /** Sets counts to exact values (the demo seed: idempotent, unlike `add`). */
    async put(
      articles: { articleId: string; author: string; day: string; count: number }[],
      publishers: { publisher: string; day: string; count: number }[],
    ): Promise<void> {
      await Promise.all([
        ...articles.map(({ articleId, author, day, count }) => {
          const a = authorCounter(author, day);
          return upsert(authorDays(), a._id, { $set: { ...a.fields, [`articles.${articleId}`]: count } });
        }),
        ...publishers.map(({ publisher, day, count }) => {
          const p = publisherCounter(publisher, day);
          return upsert(publisherMonths(), p._id, { $set: { ...p.fields, [`days.${day}`]: count } });
        }),
      ]);
    },

    /** An author's counters of these days (index {authorDay}). */
    authorDays(author: string, days: string[]): Promise<AuthorViewsDay[]> {
      return authorDays().find({ authorDay: { $in: days.map((d) => authorDay(author, d)) } });
    },

    /** Every publisher's counters of these months (index {month}). */
    publisherMonths(months: string[]): Promise<PublisherViewsMonth[]> {
      return publisherMonths().find({ month: { $in: months } });
    },

    /** Drops the counters of days before `day` (for publishers: the months that end before it). */
    async deleteBefore(day: string): Promise<number> {
      const [a, p] = await Promise.all([
        authorDays().deleteMany({ day: { $lt: day } }),
        publisherMonths().deleteMany({ month: { $lt: monthOf(day) } }),
      ]);
      return a.deletedCount + p.deletedCount;
    },
  };
}
