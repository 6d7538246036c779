import { createHash } from 'node:crypto';
import type { FollowKind } from '@newsroom/common';
import { DuplicateKeyError, type Store } from '../store/port.js';

/** One reader following one publisher or writer (docs/decisions/follows-and-feed.md). */
export interface Follow {
  /** Derived from (follower, kind, target): following twice meets the same document. */
  _id: string;
  follower: string;
  kind: FollowKind;
  /** The publisher's or the writer's (user record's) id. */
  target: string;
  /** What the feed queries articles by: the publisher's name, or the writer's e-mail (never answered). */
  key: string;
  createdAt: string;
  [key: string]: unknown;
}

/** One article a reader has read (a counted view), kept for the feed and "readers also read". */
export interface Read {
  _id: string;
  reader: string;
  articleId: string;
  /** The last counted view. */
  at: string;
  [key: string]: unknown;
}

/** Per reader: counted views per tag (`tags: {technology: 3}`), bumped with `$inc`. */
export interface ReaderTags {
  _id: string;
  reader: string;
  tags: Record<string, number>;
  [key: string]: unknown;
}

const hashId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);
export const followId = (follower: string, kind: FollowKind, target: string) =>
  hashId('follow', follower, kind, target);
export const readId = (reader: string, articleId: string) => hashId('read', reader, articleId);

/** The only place that builds queries on `follows`, `reads` and `reader_tags`. */
export function createFollowRepository(store: Store) {
  const follows = () => store.collection<Follow>('follows');
  const reads = () => store.collection<Read>('reads');
  const readerTags = () => store.collection<ReaderTags>('reader_tags');

  return {
    /** True when it was new (a repeat, or a concurrent first follow, finds the same document). */
    async insertFollow(follow: Follow): Promise<boolean> {
      try {
        await follows().insertOne(follow);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },

    async deleteFollow(_id: string): Promise<boolean> {
      return (await follows().deleteOne({ _id })).deletedCount > 0;
    },

    async isFollowing(_id: string): Promise<boolean> {
      return (await follows().findOne({ _id }, { projection: { _id: 1 } })) !== null;
    },

    /** Followers of one target (index {target}). */
    countFollowers(target: string): Promise<number> {
      return follows().countDocuments({ target });
    },

    countFollowing(follower: string): Promise<number> {
      return follows().countDocuments({ follower });
    },

    /** What a reader follows, most recent first (index {follower, createdAt, _id}; at most MAX_FOLLOWS). */
    followedBy(follower: string, limit: number): Promise<Follow[]> {
      return follows().find({ follower }, { sort: { createdAt: -1, _id: -1 }, limit });
    },

    /** Records a counted view of `articleId` by `reader`: one read document, one tag counter. */
    async addRead(reader: string, articleId: string, tags: string[], at: string): Promise<void> {
      const upsert = async (write: () => Promise<unknown>) => {
        try {
          await write();
        } catch (err) {
          // Two first upserts of one _id on MongoDB: one retry finds the document.
          if (!(err instanceof DuplicateKeyError)) throw err;
          await write();
        }
      };
      const tagInc = Object.fromEntries(tags.map((t) => [`tags.${t}`, 1]));
      await Promise.all([
        upsert(() =>
          reads().updateOne(
            { _id: readId(reader, articleId) },
            { $set: { at }, $setOnInsert: { reader, articleId } },
            { upsert: true },
          ),
        ),
        tags.length
          ? upsert(() =>
              readerTags().updateOne(
                { _id: hashId('tags', reader) },
                { $inc: tagInc, $setOnInsert: { reader } },
                { upsert: true },
              ),
            )
          : Promise.resolve(),
      ]);
    },

    /** A reader's most recent reads (index {reader, at, _id}). */
    recentReads(reader: string, limit: number): Promise<Read[]> {
      return reads().find(
        { reader },
        { sort: { at: -1, _id: -1 }, limit, projection: { _id: 1, articleId: 1 } },
      );
    },

    /** Which of these articles the reader has read, whenever (by the reads' derived ids). */
    async readAmong(reader: string, articleIds: string[]): Promise<Set<string>> {
      if (articleIds.length === 0) return new Set();
      const rows = await reads().find(
        { _id: { $in: articleIds.map((a) => readId(reader, a)) } },
        { projection: { articleId: 1 } },
      );
      return new Set(rows.map((r) => r.articleId));
    },

    /** The latest readers of an article (index {articleId, at, _id}). */
    async recentReaders(articleId: string, limit: number): Promise<string[]> {
      const rows = await reads().find(
        { articleId },
        { sort: { at: -1, _id: -1 }, limit, projection: { reader: 1 } },
      );
      return rows.map((r) => r.reader);
    },

    /** Drops the reads last counted before `cutoff` (index {at}; run by the housekeeping sweeps). */
    async deleteReadsBefore(cutoff: string): Promise<number> {
      return (await reads().deleteMany({ at: { $lt: cutoff } })).deletedCount;
    },

    async tagCounts(reader: string): Promise<Record<string, number>> {
      return (await readerTags().findOne({ _id: hashId('tags', reader) }))?.tags ?? {};
    },
  };
}
