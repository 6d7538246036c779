/** The article operations: reading, writing, history, moderating (how one is declared: define.ts). */
import { z } from 'zod';
import {
  adminPageQuerySchema,
  approvedQuerySchema,
  authorParamSchema,
  createArticleBodySchema,
  declineBodySchema,
  requestChangesBodySchema,
  revisionParamSchema,
  scheduleBodySchema,
  listPageQuerySchema,
  updateArticleBodySchema,
  emailQuerySchema,
  MeterSchema,
  REVISIONS_KEPT,
  TAGS,
} from '../index.js';
import { defineOperations } from './define.js';
import { byId } from './params.js';
import { PAGE_LIMIT } from './responses.js';
import * as R from './responses.js';

const cards = R.ArticleCardList;
const written = R.message({ modifiedCount: z.number().int(), article: R.ArticleSchema });
const moderator = {
  security: 'session',
  access: 'moderator',
  ...byId,
} as const;

export const articleReadOperations = defineOperations('Articles', {
  trendingArticles: {
    summary: 'The most viewed approved articles',
    security: 'none',
    access: 'anyone',
    ok: cards,
    cached: true,
  },
  publicArticleIndex: {
    summary: 'Ids and change times of the newest approved articles (the sitemap)',
    security: 'none',
    access: 'anyone',
    ok: z.array(R.ArticleIndexEntrySchema),
    cached: true,
  },
  articleTeaser: {
    summary: "An approved article's teaser (premium ones too)",
    security: 'none',
    access: 'anyone',
    ...byId,
    ok: R.ArticleTeaserSchema,
    errors: [404],
    cached: true,
  },
  approvedArticles: {
    summary: 'Approved articles, newest first: title search, publisher and tag filters',
    security: 'none',
    access: 'anyone',
    query: approvedQuerySchema,
    paramHints: {
      limit: PAGE_LIMIT,
      tags: {
        description: 'Comma-separated tags; an article with any of them matches.',
        type: 'array',
        items: { type: 'string', enum: TAGS },
        maxItems: TAGS.length,
      },
      publicationFiler: { description: 'A publisher name.' },
    },
    ok: cards,
    cached: true,
  },
  premiumArticles: {
    summary: 'Approved premium articles, newest first',
    security: 'session',
    access: 'premium',
    query: listPageQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: cards,
    responses: { 304: { description: 'Not modified (If-None-Match matched the ETag)' } },
  },
  articleDetails: {
    summary: 'An article in full',
    description:
      'Its author and admins get it as stored; other readers get it without the author email, premium ones only when premium, or on the metered paywall (METER_FREE_PREMIUM_PER_MONTH premium articles per calendar month, answered with `meter` and never cached), else 402 with a teaser (and the meter). An unapproved article is 404 to them.',
    security: 'session',
    access: 'signed-in',
    ...byId,
    ok: z.union([R.ArticleSchema, R.PublicArticleSchema.extend({ meter: MeterSchema.optional() })]),
    responses: { 304: { description: 'Not modified (If-None-Match matched the ETag)' } },
    errors: [402, 404],
  },
  countView: {
    summary: 'Count a view: one per reader per article per 30 minutes',
    security: 'session',
    access: 'signed-in',
    ...byId,
    ok: z.object({ counted: z.boolean(), totalViewCount: z.number().int() }),
    errors: [402, 404],
    limited: true,
  },
});

export const writerOperations = defineOperations('Writer', {
  postingAllowance: {
    summary: 'Whether the caller may post another article',
    security: 'session',
    access: 'signed-in',
    ok: R.PostingAllowanceSchema,
  },
  createArticle: {
    summary: 'Submit an article for review; the free plan allows one in total (then 402)',
    security: 'session',
    access: 'self',
    query: emailQuerySchema,
    body: createArticleBodySchema,
    responses: {
      201: {
        description: 'Submitted (Pending)',
        json: R.message({ insertedId: z.string(), article: R.ArticleSchema }),
      },
    },
    errors: [402],
  },
  articlesByAuthor: {
    summary: "An author's articles, every status, newest first",
    security: 'session',
    access: 'self-or-admin',
    params: authorParamSchema,
    ok: z.array(R.ArticleSchema),
  },
  updateArticle: {
    summary: 'Edit an own article (it goes back to Pending; not once declined; 30 edits a minute)',
    security: 'session',
    access: 'owner',
    ...byId,
    body: updateArticleBodySchema,
    ok: written,
    errors: [404, 409, 429],
  },
  deleteArticle: {
    summary: 'Delete an own article (admins: any)',
    security: 'session',
    access: 'owner',
    ...byId,
    ok: R.message({ deletedCount: z.number().int() }),
    errors: [404],
  },
});

export const historyOperations = defineOperations('Writer', {
  articleRevisions: {
    summary: `An article's revisions, newest first (the last ${REVISIONS_KEPT} are kept)`,
    description:
      "Every submitted version: the submission, each edit and each restore, with who made it and when. For the article's writer, admins and editors; a writer sees a moderator's restore as made by 'A moderator' (no name or e-mail).",
    security: 'session',
    access: 'owner-or-moderator',
    ...byId,
    ok: z.array(R.ArticleRevisionSchema),
    errors: [404],
  },
  restoreArticleRevision: {
    summary: 'Submit an earlier revision again: it becomes the next revision and goes back to Pending',
    description:
      "Revision `n`'s title, description, image, tags and publisher replace the article's, as an edit does: the article is Pending again (an approved one leaves the public lists; a scheduled one loses its time). Not a declined article (409). For the article's writer, admins and editors; counts against the edits' limit.",
    security: 'session',
    access: 'owner-or-moderator',
    params: revisionParamSchema,
    invalid: { params: 'Malformed id or revision number' },
    ok: written,
    errors: [404, 409, 429],
  },
});

export const moderationOperations = defineOperations('Admin', {
  moderationPage: {
    summary: 'Articles to moderate (admins and editors): Pending first, or one status only',
    security: 'session',
    access: 'moderator',
    query: adminPageQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: z.object({ articles: z.array(R.ArticleSchema), totalPages: z.number().int() }),
  },
  moderationCounts: {
    summary: 'Articles per moderation status',
    security: 'session',
    access: 'moderator',
    ok: R.ModerationCountsSchema,
  },
  approveArticle: {
    summary: 'Approve a pending article',
    ...moderator,
    ok: written,
    errors: [404, 409],
  },
  declineArticle: {
    summary: 'Decline a pending article, with the reason its writer sees',
    ...moderator,
    body: declineBodySchema,
    ok: written,
    errors: [404, 409],
  },
  requestArticleChanges: {
    summary: "Send a pending article back to its writer as 'Changes requested', with a note",
    description:
      'The writer sees the note in My Articles and is told by mail and live; their next edit makes it Pending again. Only a Pending article (else 409). Never in a public list meanwhile.',
    ...moderator,
    body: requestChangesBodySchema,
    ok: written,
    errors: [404, 409],
  },
  scheduleArticle: {
    summary: "Approve a pending article to be published at a chosen time (status 'Scheduled')",
    description:
      "Until `publishAt` the article is in no public surface; then it becomes Approved as any approval (lists, RSS, sitemap, live events, followers' mail). A Scheduled article may be moved, or published at once with PATCH /update/status/{id}. `publishAt` must be in the next 365 days (else 400); only a Pending or Scheduled article (else 409).",
    ...moderator,
    body: scheduleBodySchema,
    ok: written,
    errors: [404, 409],
  },
  makeArticlePremium: {
    summary: 'Make an article premium (not a declined one)',
    ...moderator,
    ok: written,
    errors: [404, 409],
  },
});

/** In the order articles/routes.ts declares them. */
