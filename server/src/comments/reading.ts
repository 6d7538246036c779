/** Reading an article's comments, and their counts on the cards (service.ts composes it). */
import {
  COMMENT_REPLIES_SHOWN,
  type CommentPage,
  type CommentsQuery,
  type CommentThread,
} from '@newsroom/common';
import type { Store } from '../store/port.js';
import { isAdmin, type User } from '../users/types.js';
import { createCommentRepository, type CommentRecord } from './repository.js';
import type { CommentBase, GiftPass } from './service-base.js';
import type { CommentCounts } from '@newsroom/common';

/**
 * Published comments (replies included) per article, 0 when none: one query on the articles' counts
 * however many ids. Needs no article, so other components (the writer's statistics) use it alone.
 */
export function createCommentCounts(store: Store) {
  const repo = createCommentRepository(store);
  return async (articleIds: string[]): Promise<CommentCounts> => {
    const found = articleIds.length ? await repo.counts(articleIds) : new Map<string, number>();
    return { counts: Object.fromEntries(articleIds.map((id) => [id, found.get(id) ?? 0])) };
  };
}

export function commentReading({ repo, readable, visibleTo, answerer }: CommentBase) {
  return {
    /** 404 unknown or unapproved article, 402 a premium one the caller may not read. */
    readable: async (articleId: string, caller: User | null, gift?: GiftPass): Promise<void> => {
      await readable(articleId, caller, gift);
    },

    /** GET /articles/{id}/comments: a page of top-level comments with their replies, and the count. */
    async list(articleId: string, q: CommentsQuery, caller: User | null): Promise<CommentPage> {
      const gift = q.gift ? { token: q.gift, readerKey: q.readerKey } : undefined;
      const { access } = await readable(articleId, caller, gift);
      const sort = q.sort === 'oldest' ? 1 : -1;
      const [{ rows, total }, thread] = await Promise.all([
        repo.page(articleId, visibleTo(caller, true), sort, q.page, q.limit),
        repo.thread(articleId),
      ]);
      const pinnedRow = thread?.pinnedId ? await repo.findById(thread.pinnedId) : null;
      const pinnedShown =
        pinnedRow && (pinnedRow.state === 'published' || (isAdmin(caller) && pinnedRow.state !== 'removed'))
          ? pinnedRow
          : null;
      const parents =
        pinnedShown && !rows.some((r) => r._id === pinnedShown._id) ? [...rows, pinnedShown] : rows;
      const replies = await repo.replies(articleId, parents, visibleTo(caller, false), COMMENT_REPLIES_SHOWN);
      const answer = await answerer([...parents, ...replies], access, caller);
      const withReplies = (parent: CommentRecord): CommentThread => ({
        ...answer(parent),
        replies: replies.filter((r) => r.parentId === parent._id).map(answer),
      });
      return {
        comments: rows.map(withReplies),
        pinned: pinnedShown ? withReplies(pinnedShown) : null,
        commentCount: thread?.count ?? 0,
        page: q.page,
        totalPages: Math.ceil(total / q.limit),
      };
    },
  };
}
