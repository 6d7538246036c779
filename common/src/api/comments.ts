/** Comments' operations (how one is declared: define.ts; docs/decisions/comments.md). */
import {
  AdminCommentCountsSchema,
  AdminCommentListSchema,
  AdminCommentSchema,
  adminCommentsQuerySchema,
  commentBanBodySchema,
  commentCountsQuerySchema,
  CommentCountsSchema,
  CommentBanSchema,
  CommentPageSchema,
  CommentReportedSchema,
  CommentSchema,
  commentsQuerySchema,
  createCommentBodySchema,
  editCommentBodySchema,
  moderateCommentBodySchema,
  reportCommentBodySchema,
} from '../index.js';
import { defineOperations } from './define.js';
import { byId } from './params.js';
import { PAGE_LIMIT } from './responses.js';

const own = {
  security: 'session',
  access: 'signed-in',
  ...byId,
} as const;
const admin = { security: 'session', access: 'admin', ...byId } as const;

export const commentOperations = defineOperations('Comments', {
  articleComments: {
    summary: "An approved article's comments: a page of top-level ones with their replies, and the count",
    description:
      'Anyone for a free article (signed out too); for a premium one its readers: premium, its writer, admins (else 402). Unknown or unapproved article: 404. Held comments show to their author, hidden ones to admins.',
    security: 'optionalSession',
    access: 'anyone',
    ...byId,
    query: commentsQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: CommentPageSchema,
    errors: [402, 404],
  },
  commentCounts: {
    summary: 'How many comments each of these articles has (the cards of a list page)',
    description:
      'Anyone; up to 50 comma-separated article ids; 0 for an article without comments or unknown.',
    security: 'none',
    access: 'anyone',
    query: commentCountsQuerySchema,
    ok: CommentCountsSchema,
  },
  postComment: {
    summary: 'Comment on an article, or reply to a top-level comment',
    description:
      'Signed in, and allowed to read the article (else 402). Stopped users, and the same text twice on one article, get 409; more than 3 links are held for moderation. 5 a minute and 50 a day per user (a fifth for accounts younger than a day): 429.',
    ...own,
    body: createCommentBodySchema,
    responses: { 201: { description: 'Created', json: CommentSchema } },
    errors: [402, 404, 409],
    limited: true,
  },
  editComment: {
    summary: 'Edit one’s own comment within 10 minutes of posting (marked edited)',
    ...own,
    body: editCommentBodySchema,
    ok: CommentSchema,
    errors: [402, 403, 404, 409],
    limited: true,
  },
  deleteComment: {
    summary: 'Delete one’s own comment (an admin any): it stays as "removed" while it has replies',
    ...own,
    ok: CommentSchema,
    errors: [402, 403, 404],
  },
  pinComment: {
    summary:
      "The article's writer (or an admin) pins one shown top-level comment; it replaces the pinned one",
    ...own,
    ok: CommentSchema,
    errors: [402, 403, 404, 409],
    limited: true,
  },
  unpinComment: {
    summary: "The article's writer (or an admin) unpins it",
    ...own,
    ok: CommentSchema,
    errors: [402, 403, 404],
    limited: true,
  },
  reportComment: {
    summary: 'Report a comment to the moderators (once per reader; again is harmless)',
    ...own,
    body: reportCommentBodySchema,
    ok: CommentReportedSchema,
    errors: [402, 404, 409],
    limited: true,
  },
  moderationComments: {
    summary: 'Reported comments (latest report first) or the newest of all, hidden and removed included',
    security: 'session',
    access: 'admin',
    query: adminCommentsQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: AdminCommentListSchema,
  },
  moderationCommentCounts: {
    summary: 'How many reported comments wait for a decision (the Comments menu badge)',
    security: 'session',
    access: 'admin',
    ok: AdminCommentCountsSchema,
  },
  moderateComment: {
    summary: 'Hide a comment, or show it again (a held one too; its reports dismissed)',
    ...admin,
    body: moderateCommentBodySchema,
    ok: AdminCommentSchema,
    errors: [404, 409],
  },
  stopCommenting: {
    summary: 'Stop a user (account id) from commenting; they are told the reason',
    ...admin,
    body: commentBanBodySchema,
    ok: CommentBanSchema,
    errors: [404],
  },
  allowCommenting: {
    summary: 'Let a stopped user comment again',
    ...admin,
    ok: CommentBanSchema,
    errors: [404],
  },
});
