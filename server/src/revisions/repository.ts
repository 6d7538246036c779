import type { RevisionReason } from '@newsroom/common';
import type { Store } from '../store/port.js';

/** What a revision records (docs/decisions/revisions.md). */
export interface RevisionFields {
  articleId: string;
  articleTitle: string;
  articleDescription: string;
  articleImage: string;
  Tags: string[];
  publisher: string;
  /** Who submitted it: the writer, or the moderator who restored it. */
  by: { email: string; name: string };
  at: string;
  reason: RevisionReason;
  /** The revision a 'restored' one copies. */
  restoredFrom?: number;
}

/** One submitted version of an article, as stored. */
export type RevisionRecord = RevisionFields & {
  _id: string;
  /** 1 for the submission, one more for each edit and restore; unique per article (the index). */
  n: number;
  [key: string]: unknown;
};

export const REVISIONS_COLLECTION = 'article_revisions';

/** The only place that builds queries on `article_revisions` (unique index {articleId, n}). */
export function createRevisionRepository(store: Store) {
  const revisions = () => store.collection<RevisionRecord>(REVISIONS_COLLECTION);
  return {
    /** Throws DuplicateKeyError when the article already has revision `n`. */
    insert(revision: RevisionRecord): Promise<void> {
      return revisions().insertOne(revision);
    },

    /** The article's highest revision number, 0 when it has none. */
    async latestNumber(articleId: string): Promise<number> {
      const latest = await revisions().findOne({ articleId }, { sort: { n: -1 }, projection: { n: 1 } });
      return latest?.n ?? 0;
    },

    /** The article's revisions, newest first. */
    newest(articleId: string, limit: number): Promise<RevisionRecord[]> {
      return revisions().find({ articleId }, { sort: { n: -1 }, limit });
    },

    findOne(articleId: string, n: number): Promise<RevisionRecord | null> {
      return revisions().findOne({ articleId, n });
    },

    /** Drops the article's revisions numbered `n` or lower. */
    async deleteUpTo(articleId: string, n: number): Promise<number> {
      return (await revisions().deleteMany({ articleId, n: { $lte: n } })).deletedCount;
    },

    /** Drops the article's revisions; answers the images they showed. */
    async deleteAll(articleId: string): Promise<string[]> {
      const images = await revisions().find({ articleId }, { projection: { articleImage: 1 } });
      await revisions().deleteMany({ articleId });
      return [...new Set(images.map((r) => r.articleImage))];
    },

    /** Every image a revision shows (so neither a release nor the upload sweep takes one a restore needs). */
    async imageUrls(): Promise<string[]> {
      const rows = await revisions().find({}, { projection: { articleImage: 1 } });
      return rows.map((r) => r.articleImage).filter((u): u is string => typeof u === 'string');
    },
  };
}
