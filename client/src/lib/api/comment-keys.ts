import type { AdminCommentsQuery, CommentSort } from '@newsroom/common';

/**
 * Query keys of the comments (docs/decisions/comments.md). Apart from keys.ts, which every first paint
 * loads: only the article page's comments, the card lists and the admin's tab use these.
 */
export const commentKeys = {
  /**
   * An article's comments, every order and viewer (private: an answer marks the caller's own). Keyed
   * by the viewer's email ('' signed out), so a sign-in never shows the signed-out answer as theirs.
   */
  comments: (articleId: string) => ['private', 'comments', articleId],
  commentsOf: (articleId: string, sort: CommentSort, email: string) => [
    'private',
    'comments',
    articleId,
    sort,
    email,
  ],
  /** The comment counts of the article cards: every list, and one group of cards. */
  counts: ['comment-counts'],
  countsOf: (ids: readonly string[]) => ['comment-counts', ...ids],
  /** The admins' Comments tab: reported and recent, every page. */
  admin: ['private', 'admin', 'comments'],
  /** The Comments menu item's badge: under `admin`, so whatever refreshes the tab refreshes it. */
  adminCounts: ['private', 'admin', 'comments', 'counts'],
  adminPage: ({ filter, page, limit }: AdminCommentsQuery) => [
    'private',
    'admin',
    'comments',
    filter,
    page,
    limit,
  ],
} as const;
