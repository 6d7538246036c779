/**
 * Comments under articles (docs/decisions/comments.md): the limits, inputs and answers that server
 * and client both know. No answer here ever carries an e-mail address.
 */
import { z } from 'zod';
import { ID_PATTERN, PUBLIC_ID_PATTERN } from './limits.js';
import { pageLimit } from './schemas/fields.js';
import { COMMENT_COUNTS_MAX } from './comment-limits.js';
import { GIFT_TOKEN_PATTERN } from './gift-limits.js';

export * from './comment-limits.js';

/** A comment's text, in characters (after trimming); line breaks are kept. */
export const COMMENT_MAX = 2_000;
/** Why a stopped user may not comment, and why a report was made ("other" needs no text). */
export const COMMENT_BAN_REASON_MAX = 500;
/** Minutes in which an author may edit their comment. */
export const COMMENT_EDIT_MINUTES = 10;
/** A comment with more links than this is held for moderation instead of shown. */
export const COMMENT_LINKS_SHOWN_MAX = 3;
/** Replies shown under one comment of a page (the newest beyond it need a later read). */
export const COMMENT_REPLIES_SHOWN = 50;
/** The comments a page of comments starts with. */
export const COMMENT_PAGE_SIZE = 20;

export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'misinformation', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];

export const COMMENT_SORTS = ['newest', 'oldest'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

const id = z.string().regex(ID_PATTERN);
const count = z.number().int().min(0);
const timestamp = z.iso.datetime();

/**
 * A comment's text: trimmed at its ends, line breaks kept (CRLF as LF), no control characters but
 * the line break and tab. Plain text: screens never inject it as HTML.
 */
export const commentBodySchema = z
  .string()
  // Normalised first (an overwrite, not a transform: the checks below are then what the OpenAPI
  // document states for the body, where a transform would hide them).
  .overwrite((text) => text.replace(/\r\n?/g, '\n').trim())
  .min(1, 'Write something first')
  .max(COMMENT_MAX, `A comment is at most ${COMMENT_MAX} characters`)
  // C0 and C1 control characters except tab (\u0009) and line feed (\u000a).
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/, 'must not contain control characters');

/** POST /articles/{id}/comments: a comment, or a reply to one (`replyTo`, a top-level comment). */
export const createCommentBodySchema = z.object({ body: commentBodySchema, replyTo: id.optional() }).strict();
export type CreateComment = z.output<typeof createCommentBodySchema>;

/** PATCH /comments/{id}: the new text (within COMMENT_EDIT_MINUTES of posting). */
export const editCommentBodySchema = z.object({ body: commentBodySchema }).strict();

/** POST /comments/{id}/reports. */
export const reportCommentBodySchema = z.object({ reason: z.enum(COMMENT_REPORT_REASONS) }).strict();

/** PATCH /admin/comments/{id}: hide it, or show it again. */
export const moderateCommentBodySchema = z.object({ hidden: z.boolean() }).strict();

/** PUT /admin/comment-bans/{id}: why the user may no longer comment (they are told). */
export const commentBanBodySchema = z
  .object({ reason: z.string().trim().min(1, 'Say why').max(COMMENT_BAN_REASON_MAX) })
  .strict();

const pageNumber = z
  .string()
  .regex(/^[1-9]\d{0,6}$/, 'page must be a positive integer')
  .default('1')
  .transform(Number);

const giftToken = z.string().regex(GIFT_TOKEN_PATTERN, 'Malformed gift token');

/**
 * GET /articles/{id}/comments?sort&page&limit[&gift&readerKey]: top-level comments a page at a time.
 * A premium article's comments are read by whoever may read it, a gift link's readers included: the
 * link's token, and for a signed-out reader the key its first open gave this browser.
 */
export const commentsQuerySchema = z
  .object({
    sort: z.enum(COMMENT_SORTS).default('newest'),
    page: pageNumber,
    limit: pageLimit(COMMENT_PAGE_SIZE),
    gift: giftToken.optional().meta({ description: 'A gift link of this article the caller was let in by.' }),
    readerKey: giftToken
      .optional()
      .meta({ description: 'What the gift link’s first open answered this browser (signed-out readers).' }),
  })
  .strict();
export type CommentsQuery = z.output<typeof commentsQuerySchema>;

/** GET /comments/counts?articles=id,id: the cards of a list page. */
export const commentCountsQuerySchema = z
  .object({
    articles: z
      .string()
      .regex(
        new RegExp(`^[0-9a-f]{24}(,[0-9a-f]{24}){0,${COMMENT_COUNTS_MAX - 1}}$`),
        `articles: up to ${COMMENT_COUNTS_MAX} comma-separated ids`,
      )
      .transform((text) => [...new Set(text.split(','))]),
  })
  .strict();

export const CommentCountsSchema = z
  .object({ counts: z.record(z.string(), count) })
  .meta({ description: 'Comments and replies everyone who may read each article sees (0 when none).' });
export type CommentCounts = z.output<typeof CommentCountsSchema>;

export const ADMIN_COMMENT_FILTERS = ['reported', 'recent'] as const;
/** GET /admin/comments?filter&page&limit: the reported ones (most recently reported first) or all. */
export const adminCommentsQuerySchema = z
  .object({
    filter: z.enum(ADMIN_COMMENT_FILTERS).default('reported'),
    page: pageNumber,
    limit: pageLimit(COMMENT_PAGE_SIZE),
  })
  .strict();
export type AdminCommentsQuery = z.output<typeof adminCommentsQuerySchema>;

export const CommentAuthorSchema = z
  .object({
    name: z.string().meta({ description: "From the user's record ('' when they have none)." }),
    photoURL: z.string(),
    writerId: z
      .string()
      .regex(PUBLIC_ID_PATTERN)
      .nullable()
      .meta({ description: 'Their writer page, when they have approved articles; else null.' }),
  })
  .meta({ description: 'Who wrote a comment, as anyone may see them: never the e-mail address.' });
export type CommentAuthor = z.output<typeof CommentAuthorSchema>;

const commentFields = {
  _id: id,
  articleId: id,
  replyTo: id.nullable().meta({ description: 'The comment this one answers; null at the top level.' }),
  body: z.string().meta({ description: "Plain text with line breaks; '' when removed." }),
  author: CommentAuthorSchema.nullable().meta({
    description: 'Null when removed, or when the account is gone.',
  }),
  createdAt: timestamp,
  editedAt: timestamp.nullable(),
  edited: z.boolean(),
  removed: z.boolean().meta({ description: 'Deleted, kept as "comment removed" for its replies.' }),
  hidden: z.boolean().meta({ description: 'Hidden by a moderator (only admins see it).' }),
  pending: z
    .boolean()
    .meta({ description: 'Held for moderation (many links): only its author and admins see it.' }),
  pinned: z.boolean(),
  isWriter: z.boolean().meta({ description: "Written by the article's writer (their badge)." }),
  mine: z.boolean().meta({ description: "The caller's own (they may edit it in time, delete it)." }),
  editableUntil: timestamp
    .nullable()
    .meta({ description: 'When its author can no longer edit it (null unless the caller is the author).' }),
  replyCount: count.meta({ description: 'Replies everyone may see.' }),
};

export const CommentSchema = z
  .object(commentFields)
  .meta({ description: 'A comment as the caller may see it.' });
export type Comment = z.output<typeof CommentSchema>;

export const CommentThreadSchema = z
  .object({ ...commentFields, replies: z.array(CommentSchema) })
  .meta({ description: 'A top-level comment with its replies, oldest first.' });
export type CommentThread = z.output<typeof CommentThreadSchema>;

export const CommentPageSchema = z
  .object({
    comments: z.array(CommentThreadSchema),
    pinned: CommentThreadSchema.nullable().meta({
      description: 'The comment the writer pinned (on every page, and also in its place).',
    }),
    commentCount: count.meta({ description: 'Comments and replies everyone who may read the article sees.' }),
    page: count,
    totalPages: count,
  })
  .meta({ description: "An article's comments, a page of top-level ones at a time." });
export type CommentPage = z.output<typeof CommentPageSchema>;

export const AdminCommentSchema = CommentSchema.extend({
  articleTitle: z.string(),
  reports: count,
  reportReasons: z.array(z.enum(COMMENT_REPORT_REASONS)),
  lastReportedAt: timestamp.nullable(),
  authorUserId: id.nullable().meta({ description: "The author's account (to stop them commenting)." }),
  authorBanned: z.boolean(),
}).meta({ description: 'A comment as the moderators see it (removed and hidden ones included).' });
export type AdminComment = z.output<typeof AdminCommentSchema>;

export const AdminCommentListSchema = z.object({
  comments: z.array(AdminCommentSchema),
  page: count,
  totalPages: count,
});
export type AdminCommentList = z.output<typeof AdminCommentListSchema>;

export const CommentReportedSchema = z.object({ reported: z.literal(true) });

export const AdminCommentCountsSchema = z
  .object({
    reported: count.meta({
      description: 'Reported comments still shown or held: those waiting for a moderator to decide.',
    }),
  })
  .meta({ description: "The admins' Comments menu item's badge." });
export type AdminCommentCounts = z.output<typeof AdminCommentCountsSchema>;

export const CommentBanSchema = z
  .object({ userId: id, banned: z.boolean(), reason: z.string().nullable() })
  .meta({ description: 'Whether the user may comment, and why not.' });
export type CommentBan = z.output<typeof CommentBanSchema>;

/** The 409 of a stopped user's comment: the reason the moderator gave. */
export const COMMENT_BANNED_MESSAGE = (reason: string) => `You can no longer comment: ${reason}`;
