import { createHash } from 'node:crypto';
import type { CommentReportReason } from '@newsroom/common';
import { DuplicateKeyError, type Collection, type Filter, type Store } from '../store/port.js';

/**
 * published: everyone who may read the article sees it; pending: held for moderation (its author
 * and admins); hidden: by a moderator (admins); removed: deleted (a "comment removed" line while it
 * has replies). Only `published` ones are counted.
 */
export type CommentState = 'published' | 'pending' | 'hidden' | 'removed';

/** A comment as stored (docs/decisions/comments.md). Timestamps are ISO strings (UTC). */
export interface CommentRecord {
  _id: string;
  articleId: string;
  /** The top-level comment this one answers; null at the top level. */
  parentId: string | null;
  /** The author's e-mail: never answered; names and photos come from the user record at read time. */
  authorEmail: string;
  body: string;
  /** The body as compared for duplicates (lower case, spaces collapsed), hashed. */
  bodyKey: string;
  state: CommentState;
  createdAt: string;
  editedAt: string | null;
  /** Published replies (a removed parent with replies still shows). */
  replyCount: number;
  reports: number;
  reportReasons: CommentReportReason[];
  lastReportedAt: string | null;
  [key: string]: unknown;
}

/** Per article: how many published comments it has, and the one its writer pinned. */
export interface CommentThreadRecord {
  _id: string;
  count: number;
  pinnedId: string | null;
  [key: string]: unknown;
}

/** One report per reader per comment. */
export interface CommentReportRecord {
  _id: string;
  commentId: string;
  reporter: string;
  reason: CommentReportReason;
  at: string;
  [key: string]: unknown;
}

/** A user stopped from commenting. */
export interface CommentBanRecord {
  _id: string;
  email: string;
  reason: string;
  at: string;
  [key: string]: unknown;
}

const hashId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);

/** Per article, the thread record: how many published comments it has, and the pinned one. */
function commentThreads(
  comments: () => Collection<CommentRecord>,
  threads: () => Collection<CommentThreadRecord>,
) {
  /**
   * Makes the article's thread once: a plain insert, whose duplicate key (a concurrent first comment
   * made it) is the only expected failure. Not an upsert with $inc: two concurrent upserts of one
   * new `_id` may answer one of them with an error instead of a retry, on some MongoDB-compatible
   * servers, and that comment would go uncounted.
   */
  const ensureThread = async (articleId: string) => {
    if (await threads().findOne({ _id: articleId })) return;
    try {
      await threads().insertOne({ _id: articleId, count: 0, pinnedId: null });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  };

  /** Adds `delta` to the article's count. */
  const addToCount = async (articleId: string, delta: number) => {
    await ensureThread(articleId);
    await threads().updateOne({ _id: articleId }, { $inc: { count: delta } });
  };

  /** The counts a comment's (un)publishing changes: its article's, and its parent's replies. */
  const counted = async (
    comment: Pick<CommentRecord, 'articleId' | 'parentId'>,
    delta: number,
  ): Promise<void> => {
    await addToCount(comment.articleId, delta);
    if (comment.parentId) {
      await comments().updateOne({ _id: comment.parentId }, { $inc: { replyCount: delta } });
    }
  };

  return {
    counted,

    /** Every comment of an article (index {articleId, parentId, createdAt}): the property test's view. */
    thread: (articleId: string) => threads().findOne({ _id: articleId }),

    /** Counts of these articles' published comments (absent: none yet). */
    async counts(articleIds: string[]): Promise<Map<string, number>> {
      const rows = await threads().find({ _id: { $in: articleIds } });
      return new Map(rows.map((t) => [t._id, t.count]));
    },

    /** Pins this comment (or none) on its article: one per article, the latest pin wins. */
    async pin(articleId: string, commentId: string | null): Promise<void> {
      await ensureThread(articleId);
      await threads().updateOne({ _id: articleId }, { $set: { pinnedId: commentId } });
    },
  };
}

/** Reports, and the moderators' lists of reported and of all comments. */
function moderationQueries(
  comments: () => Collection<CommentRecord>,
  reports: () => Collection<CommentReportRecord>,
) {
  return {
    /** Records a reader's report once; false when they had reported it already. */
    async report(commentId: string, reporter: string, reason: CommentReportReason, at: string) {
      try {
        await reports().insertOne({
          _id: hashId('report', commentId, reporter),
          commentId,
          reporter,
          reason,
          at,
        });
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
      await comments().updateOne(
        { _id: commentId },
        { $inc: { reports: 1 }, $set: { lastReportedAt: at }, $addToSet: { reportReasons: reason } },
      );
      return true;
    },

    /** Reported comments, most recently reported first (index {lastReportedAt, _id}). */
    reported: (page: number, limit: number) =>
      comments().find(
        { lastReportedAt: { $ne: null } },
        { sort: { lastReportedAt: -1, _id: -1 }, skip: (page - 1) * limit, limit },
      ),
    countReported: () => comments().countDocuments({ lastReportedAt: { $ne: null } }),
    /** Reported ones a moderator has not hidden yet (they leave when hidden, restored or removed). */
    countReportedOpen: () =>
      comments().countDocuments({
        lastReportedAt: { $ne: null },
        state: { $in: ['published', 'pending'] satisfies CommentState[] },
      }),

    /** Every comment, newest first (index {createdAt, _id}). */
    recent: (page: number, limit: number) =>
      comments().find({}, { sort: { createdAt: -1, _id: -1 }, skip: (page - 1) * limit, limit }),
    countAll: () => comments().countDocuments({}),

    /** A report dismissed with the comment restored: it leaves the reported list. */
    clearReports: (id: string) =>
      comments()
        .updateOne({ _id: id }, { $set: { lastReportedAt: null } })
        .then(() => undefined),
  };
}

/** Who is stopped from commenting: one record per e-mail, under an id derived from it. */
function commentBans(bans: () => Collection<CommentBanRecord>) {
  return {
    ban: (email: string) => bans().findOne({ _id: hashId('ban', email) }),
    bansOf: async (emails: string[]) =>
      new Set((await bans().find({ _id: { $in: emails.map((e) => hashId('ban', e)) } })).map((b) => b.email)),
    async setBan(email: string, reason: string, at: string): Promise<void> {
      await bans().updateOne(
        { _id: hashId('ban', email) },
        { $set: { email, reason, at } },
        { upsert: true },
      );
    },
    async liftBan(email: string): Promise<void> {
      await bans().deleteOne({ _id: hashId('ban', email) });
    },
  };
}

/** The only place that builds queries on `comments`, `comment_threads`, `comment_reports`, `comment_bans`. */
export function createCommentRepository(store: Store) {
  const comments = () => store.collection<CommentRecord>('comments');
  const threads = () => store.collection<CommentThreadRecord>('comment_threads');
  const reports = () => store.collection<CommentReportRecord>('comment_reports');
  const bans = () => store.collection<CommentBanRecord>('comment_bans');

  const threadRecords = commentThreads(comments, threads);

  return {
    findById: (id: string) => comments().findOne({ _id: id }),

    /** Writes a new comment; a published one counts at once (and as a reply of its parent). */
    async insert(comment: CommentRecord): Promise<void> {
      await comments().insertOne(comment);
      if (comment.state === 'published') await threadRecords.counted(comment, 1);
    },

    ...threadRecords,

    /**
     * Moves a comment from exactly `from` to `to` (with `set`); false when it was not in `from`. One
     * conditional write: of concurrent moves out of one state only one wins, so counts follow exactly.
     */
    async move(
      id: string,
      from: CommentState,
      to: CommentState,
      set: Partial<CommentRecord> = {},
    ): Promise<boolean> {
      const done = await comments().updateOne({ _id: id, state: from }, { $set: { ...set, state: to } });
      return done.modifiedCount === 1;
    },

    /** Changes the text of a comment still in `state` (so a concurrent move is never undone). */
    async edit(id: string, state: CommentState, body: string, bodyKey: string, at: string) {
      const done = await comments().updateOne({ _id: id, state }, { $set: { body, bodyKey, editedAt: at } });
      return done.modifiedCount === 1;
    },

    /** Whether this author already said this on this article (removed comments aside). */
    async hasSaid(articleId: string, authorEmail: string, bodyKey: string): Promise<boolean> {
      const same = await comments().findOne({
        authorEmail,
        articleId,
        bodyKey,
        state: { $ne: 'removed' },
      });
      return same !== null;
    },

    /**
     * One page of an article's top-level comments among `visible` (index {articleId, parentId,
     * createdAt, _id}), and how many there are.
     */
    async page(
      articleId: string,
      visible: Filter,
      sort: 1 | -1,
      page: number,
      limit: number,
    ): Promise<{ rows: CommentRecord[]; total: number }> {
      const filter = { articleId, parentId: null, ...visible };
      const [rows, total] = await Promise.all([
        comments().find(filter, {
          sort: { createdAt: sort, _id: sort },
          skip: (page - 1) * limit,
          limit,
        }),
        comments().countDocuments(filter),
      ]);
      return { rows, total };
    },

    /**
     * Replies to these comments among `visible`, oldest first, at most `limit` each. Parents with at
     * most `limit` published replies are read in one query (a page's usual case); a parent with more
     * is read alone, so its replies cannot crowd out the others'.
     */
    async replies(
      articleId: string,
      parents: Pick<CommentRecord, '_id' | 'replyCount'>[],
      visible: Filter,
      limit: number,
    ): Promise<CommentRecord[]> {
      const sort = { createdAt: 1, _id: 1 } as const;
      const few = parents.filter((p) => p.replyCount <= limit).map((p) => p._id);
      const many = parents.filter((p) => p.replyCount > limit).map((p) => p._id);
      const found = await Promise.all([
        few.length ? comments().find({ articleId, parentId: { $in: few }, ...visible }, { sort }) : [],
        ...many.map((parentId) => comments().find({ articleId, parentId, ...visible }, { sort, limit })),
      ]);
      // Held or hidden replies are not counted in replyCount: the cap holds for every parent anyway.
      const shown = new Map<string | null, number>();
      return found.flat().filter((r) => {
        const n = (shown.get(r.parentId) ?? 0) + 1;
        shown.set(r.parentId, n);
        return n <= limit;
      });
    },

    ...moderationQueries(comments, reports),

    /** Deleting an article deletes its comments, their reports and its count. */
    async deleteArticle(articleId: string): Promise<void> {
      const ids = (await comments().find({ articleId }, { projection: { _id: 1 } })).map((c) => c._id);
      if (ids.length) await reports().deleteMany({ commentId: { $in: ids } });
      await comments().deleteMany({ articleId });
      await threads().deleteOne({ _id: articleId });
    },

    /** Ids of an author's comments that are not removed (index {authorEmail, articleId, createdAt}). */
    async liveIdsOf(authorEmail: string): Promise<CommentRecord[]> {
      return comments().find({ authorEmail, state: { $ne: 'removed' } });
    },

    ...commentBans(bans),
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
