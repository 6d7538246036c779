import { z } from 'zod';
import {
  DECLINING_REASON_MAX,
  DESCRIPTION_MAX,
  ID_PATTERN,
  REVIEW_NOTE_MAX,
  PUBLISHER_NAME_MAX,
  SEARCH_MAX,
  TITLE_MAX,
} from '../limits.js';
import { TAGS } from '../tags.js';
import { emailSchema, httpUrl, pageLimit, pageQuerySchema, queryText } from './fields.js';

export const articleTitleSchema = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

export const articleDescriptionSchema = z
  .string()
  .trim()
  .min(1, 'Description is required')
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters`);

/** An article names its publisher by the publisher's name (picked from the list of publishers). */
export const articlePublisherSchema = z
  .string()
  .trim()
  .min(1, 'Publisher is required')
  .max(PUBLISHER_NAME_MAX, `Publisher must be at most ${PUBLISHER_NAME_MAX} characters`);

/** One tag: a capitalised label is accepted and read lower-case. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(TAGS, { message: `Tags must be among: ${TAGS.join(', ')}` }));

/** Tag values are the lower-case words; a capitalised label is accepted and stored lower-case. */
export const articleTagsSchema = z
  .array(tagSchema)
  .min(1, 'Select at least one tag')
  .max(TAGS.length)
  .transform((list) => [...new Set(list)]);

/** The fields the add page and the update dialog both edit (the image is uploaded apart). */
export const articleFieldsSchema = z
  .object({
    title: articleTitleSchema,
    publisher: articlePublisherSchema,
    formatedTags: articleTagsSchema,
    description: articleDescriptionSchema,
  })
  .strict();

/** POST /articles?email — userInfo is accepted for the client's sake but ignored: author info comes from the account. */
export const createArticleBodySchema = articleFieldsSchema
  .extend({
    photoURL: httpUrl,
    userInfo: z
      .object({
        email: z.string().max(254).nullish(),
        name: z.string().max(200).nullish(),
        image: z.string().max(2048).nullish(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CreateArticle = z.output<typeof createArticleBodySchema>;

/** PATCH /my-articles/update/{id}: title, publisher and description required; tags and image optional. */
export const updateArticleBodySchema = articleFieldsSchema
  .extend({
    formatedTags: articleTagsSchema.optional(),
    photoURL: httpUrl.optional(),
  })
  .strict();
export type UpdateArticle = z.output<typeof updateArticleBodySchema>;

/** What a moderator tells the writer of an article they send back (a reason, a note): required, bounded. */
const moderatorText = (noun: string, max: number) =>
  z.string().trim().min(1, `A ${noun} is required`).max(max, `The ${noun} must be at most ${max} characters`);

export const decliningReasonSchema = moderatorText('reason', DECLINING_REASON_MAX);

export const declineBodySchema = z.object({ decliningReason: decliningReasonSchema }).strict();

/** PATCH /article/request-changes/{id}: what the writer should change. */
export const reviewNoteSchema = moderatorText('note', REVIEW_NOTE_MAX);

export const requestChangesBodySchema = z.object({ reviewNote: reviewNoteSchema }).strict();

/** How far ahead an article may be scheduled. */
export const SCHEDULE_MAX_DAYS = 365;
/** PATCH /article/schedule/{id}: when to publish (the server refuses a time past or over a year ahead). */
export const scheduleBodySchema = z
  .object({
    publishAt: z.iso
      .datetime({ offset: true, message: 'Choose when to publish' })
      .meta({ examples: ['2026-12-01T09:00:00.000Z'] }),
  })
  .strict();

/** {id, n} of /articles/{id}/revisions/{n}/…: an article id and a revision number (1, 2, …). */
export const revisionParamSchema = z.object({
  id: z.string().regex(ID_PATTERN, 'Malformed id'),
  n: z.string().regex(/^[1-9][0-9]{0,8}$/, 'Malformed revision number'),
});

/** {email} of GET /articles/{email}. */
export const authorParamSchema = z.object({ email: emailSchema });

/** Public lists are bounded: page 1-based, limit one of PAGE_SIZES (default 20 here). */
export const listPageQuerySchema = pageQuerySchema.extend({ limit: pageLimit(20) }).strict();

/** GET /all-articles/approved?search&publicationFiler&tags&page&limit */
export const approvedQuerySchema = listPageQuerySchema
  .extend({
    search: queryText(SEARCH_MAX).optional(),
    publicationFiler: queryText(PUBLISHER_NAME_MAX).optional(),
    tags: z
      .string()
      .max(500)
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(tagSchema).max(TAGS.length)),
  })
  .strict();
export type ApprovedQuery = z.output<typeof approvedQuerySchema>;

/** What the moderation table can be narrowed to (Approved also shows the legacy 'Accepted'). */
export const MODERATION_STATUSES = [
  'Pending',
  'Approved',
  'Declined',
  'Changes requested',
  'Scheduled',
] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** GET /all-articles/data?limit&page&status (default limit 5; no status = every article, Pending first). */
export const adminPageQuerySchema = pageQuerySchema
  .extend({
    status: z
      .enum(MODERATION_STATUSES, {
        message: 'status must be Pending, Approved, Declined, Changes requested or Scheduled',
      })
      .optional(),
  })
  .strict();
