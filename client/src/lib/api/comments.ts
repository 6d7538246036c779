import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminComment,
  AdminCommentCounts,
  AdminCommentList,
  AdminCommentsQuery,
  Comment,
  CommentBan,
  CommentPage,
  CommentReportReason,
  CommentSort,
} from '@newsroom/common';
import { call } from './call';
import { commentKeys } from './comment-keys';
import { invalidate, staleAfter } from './stale';

/**
 * Comments under articles (docs/decisions/comments.md): an article's conversation, what a reader does
 * in it, and the admins' moderation. Every refusal (400, 402, 404, 409, 429) carries a `{message}`
 * for the person: the screens show it where they acted (`errorToast: false`).
 */

/** A gift link the reader was let in by: its readers read the article's comments too. */
export interface GiftPass {
  token: string;
  /** What the link's first open gave this browser (signed-out readers). */
  readerKey?: string;
}

/**
 * GET /articles/{id}/comments?sort&page[&gift&readerKey] (signed out too for a free article; 402 for
 * a premium one, unless a gift link lets the reader in).
 */
export async function fetchComments(
  articleId: string,
  sort: CommentSort,
  page: number,
  gift?: GiftPass,
): Promise<CommentPage> {
  return call('articleComments', {
    params: { id: articleId },
    query: {
      sort,
      page,
      ...(gift ? { gift: gift.token, ...(gift.readerKey ? { readerKey: gift.readerKey } : {}) } : {}),
    },
  });
}

/** POST /articles/{id}/comments: a comment, or a reply to a top-level one. */
export async function postComment(articleId: string, body: string, replyTo?: string): Promise<Comment> {
  return call('postComment', { params: { id: articleId }, body: { body, ...(replyTo ? { replyTo } : {}) } });
}

/** PATCH /comments/{id} (the author, within COMMENT_EDIT_MINUTES). */
export async function editComment(id: string, body: string): Promise<Comment> {
  return call('editComment', { params: { id }, body: { body } });
}

/** DELETE /comments/{id} (the author). */
export async function deleteComment(id: string): Promise<Comment> {
  return call('deleteComment', { params: { id } });
}

/** PUT (pin) or DELETE (unpin) /comments/{id}/pin (the article's writer). */
export async function setPinned(id: string, pinned: boolean): Promise<Comment> {
  return pinned ? call('pinComment', { params: { id } }) : call('unpinComment', { params: { id } });
}

/** POST /comments/{id}/reports */
export async function reportComment(id: string, reason: CommentReportReason): Promise<void> {
  await call('reportComment', { params: { id }, body: { reason } });
}

/** GET /admin/comments?filter&page&limit */
export async function fetchAdminComments(query: AdminCommentsQuery): Promise<AdminCommentList> {
  return call('moderationComments', { query });
}

/** GET /admin/comments/counts */
export async function fetchAdminCommentCounts(): Promise<AdminCommentCounts> {
  return call('moderationCommentCounts');
}

/** PATCH /admin/comments/{id}: hide it, or show it again. */
export async function moderateComment(id: string, hidden: boolean): Promise<AdminComment> {
  return call('moderateComment', { params: { id }, body: { hidden } });
}

/** PUT (with a reason) or DELETE /admin/comment-bans/{userId}: stop a user commenting, or lift it. */
export async function setCommentBan(userId: string, reason: string | null): Promise<CommentBan> {
  const params = { id: userId };
  return reason === null
    ? call('allowCommenting', { params })
    : call('stopCommenting', { params, body: { reason } });
}

export const commentQueries = {
  /** Pages of top-level comments ("More comments"), as `email` ('' signed out) sees them. */
  list: (articleId: string, sort: CommentSort, email: string, gift?: GiftPass) =>
    infiniteQueryOptions({
      queryKey: [...commentKeys.commentsOf(articleId, sort, email), gift?.token ?? ''],
      queryFn: ({ pageParam }) => fetchComments(articleId, sort, pageParam, gift),
      initialPageParam: 1,
      getNextPageParam: (last: CommentPage) => (last.page < last.totalPages ? last.page + 1 : undefined),
      // The section says its own failure (a 402 says nothing at all: the article is not theirs to read).
      meta: { errorToast: false },
    }),
  admin: (query: AdminCommentsQuery) =>
    queryOptions({
      queryKey: commentKeys.adminPage(query),
      queryFn: () => fetchAdminComments(query),
      placeholderData: keepPreviousData,
    }),
  adminCounts: () =>
    queryOptions({
      queryKey: commentKeys.adminCounts,
      queryFn: fetchAdminCommentCounts,
      // A badge: its failure is not worth a toast (the tab says its own).
      meta: { errorToast: false },
    }),
};

export const useComments = (articleId: string, sort: CommentSort, email: string, gift?: GiftPass) =>
  useInfiniteQuery(commentQueries.list(articleId, sort, email, gift));
export const useAdminComments = (query: AdminCommentsQuery) => useQuery(commentQueries.admin(query));
export const useAdminCommentCounts = () => useQuery(commentQueries.adminCounts());

/**
 * A change to a comment of `articleId`: the article's comments, the counts and the Comments tab are
 * refreshed, also after a refusal (a 409 may mean it changed meanwhile). A form shows its refusals
 * itself, next to what was typed (`errorToast` false); a button's are toasted.
 */
function useCommentMutation<V, R>(articleId: string, fn: (vars: V) => Promise<R>, errorToast = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorToast },
    onSettled: () => invalidate(queryClient, staleAfter.commentChanged(articleId)),
  });
}

export const usePostComment = (articleId: string) =>
  useCommentMutation(articleId, ({ body, replyTo }: { body: string; replyTo?: string }) =>
    postComment(articleId, body, replyTo),
  );
export const useEditComment = (articleId: string) =>
  useCommentMutation(articleId, ({ id, body }: { id: string; body: string }) => editComment(id, body));
export const useDeleteComment = (articleId: string) => useCommentMutation(articleId, deleteComment, true);
export const usePinComment = (articleId: string) =>
  useCommentMutation(
    articleId,
    ({ id, pinned }: { id: string; pinned: boolean }) => setPinned(id, pinned),
    true,
  );
export const useReportComment = (articleId: string) =>
  useCommentMutation(articleId, ({ id, reason }: { id: string; reason: CommentReportReason }) =>
    reportComment(id, reason),
  );

/** Hide or restore (admins): that article's comments and the Comments tab are refreshed; refusals toasted. */
export function useModerateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, hidden }: { comment: AdminComment; hidden: boolean }) =>
      moderateComment(comment._id, hidden),
    onSettled: (_data, _error, { comment }) =>
      invalidate(queryClient, staleAfter.commentChanged(comment.articleId)),
  });
}

/** Stop a user commenting (a reason) or lift it (null); refusals toasted. */
export function useCommentBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string | null }) =>
      setCommentBan(userId, reason),
    onSettled: () => invalidate(queryClient, staleAfter.commentBanChanged()),
  });
}
