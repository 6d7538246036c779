import { z } from 'zod';
import { emailSchema, httpUrl, PAGE_SIZES, pageQuerySchema } from '../users/schemas.js';
import { publisherNameSchema } from '../publishers/schemas.js';

/** The fifteen tags of docs/product.md §3 (value = lower-case word; the client capitalises the label). */
export const TAGS = [
  'technology',
  'health',
  'education',
  'lifestyle',
  'travel',
  'finance',
  'sports',
  'entertainment',
  'science',
  'food',
  'fashion',
  'business',
  'art',
  'culture',
  'environment',
] as const;
export type Tag = (typeof TAGS)[number];

export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 20_000;
export const DECLINING_REASON_MAX = 500;

const title = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);
const description = z
  .string()
  .trim()
  .min(1, 'Description is required')
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`);
const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(TAGS, { message: `Tags must be among: ${TAGS.join(', ')}` }));
/** Tag values are the lower-case words; a capitalised label is accepted and stored lower-case. */
const tags = z
  .array(tagSchema)
  .min(1, 'Choose at least one tag')
  .max(TAGS.length)
  .transform((list) => [...new Set(list)]);

/** POST /articles?email — userInfo is accepted for the client's sake but ignored: author info comes from the account. */
export const createArticleBodySchema = z
  .object({
    title,
    photoURL: httpUrl,
    publisher: publisherNameSchema,
    formatedTags: tags,
    description,
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
export const updateArticleBodySchema = z
  .object({
    title,
    publisher: publisherNameSchema,
    description,
    formatedTags: tags.optional(),
    photoURL: httpUrl.optional(),
  })
  .strict();
export type UpdateArticle = z.output<typeof updateArticleBodySchema>;

export const declineBodySchema = z
  .object({
    decliningReason: z
      .string()
      .trim()
      .min(1, 'A reason is required')
      .max(DECLINING_REASON_MAX, `The reason must be at most ${DECLINING_REASON_MAX} characters`),
  })
  .strict();

/** {email} of GET /articles/{email}. */
export const authorParamSchema = z.object({ email: emailSchema });

/** Public lists are bounded: page 1-based, limit one of 3, 5, 10, 20, 50 (default 20 here). */
export const listPageQuerySchema = pageQuerySchema
  .extend({
    limit: z
      .string()
      .default('20')
      .refine((v) => /^\d+$/.test(v) && (PAGE_SIZES as readonly number[]).includes(Number(v)), {
        message: 'limit must be one of 3, 5, 10, 20, 50',
      })
      .transform(Number),
  })
  .strict();

/** GET /all-articles/approved?search&publicationFiler&tags&page&limit */
export const approvedQuerySchema = listPageQuerySchema
  .extend({
    search: z.string().trim().max(TITLE_MAX).optional(),
    publicationFiler: z.string().trim().max(100).optional(),
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
export const MODERATION_STATUSES = ['Pending', 'Approved', 'Declined'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** GET /all-articles/data?limit&page&status (default limit 5; no status = every article, Pending first). */
export const adminPageQuerySchema = pageQuerySchema
  .extend({
    status: z
      .enum(MODERATION_STATUSES, { message: 'status must be Pending, Approved or Declined' })
      .optional(),
  })
  .strict();

export { idParamSchema } from '../users/schemas.js';
