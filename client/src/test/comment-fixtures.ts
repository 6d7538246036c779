import type { Comment, CommentPage, CommentThread } from '@newsroom/common';

/** Comments as the API answers them, for the comments' tests. */
export const ARTICLE = 'a'.repeat(24);

/** One comment as the API answers it (no replies: see `thread`). */
export function comment(n: number, overrides: Partial<Comment> = {}): Comment {
  return {
    _id: n.toString(16).padStart(24, 'c'),
    articleId: ARTICLE,
    replyTo: null,
    body: `Comment number ${n}`,
    author: { name: `Reader ${n}`, photoURL: '', writerId: null },
    createdAt: '2026-03-10T12:00:00.000Z',
    editedAt: null,
    edited: false,
    removed: false,
    hidden: false,
    pending: false,
    pinned: false,
    isWriter: false,
    mine: false,
    editableUntil: null,
    replyCount: 0,
    ...overrides,
  };
}

export function thread(n: number, overrides: Partial<CommentThread> = {}): CommentThread {
  return { ...comment(n), replies: [], ...overrides };
}

export function page(comments: CommentThread[], overrides: Partial<CommentPage> = {}): CommentPage {
  return { comments, pinned: null, commentCount: comments.length, page: 1, totalPages: 1, ...overrides };
}
