/**
 * Gift links and the metered paywall (docs/decisions/gift-links-and-meter.md): their limits, inputs
 * and answers. No answer here carries an e-mail address.
 */
import { z } from 'zod';
import { GIFT_TOKEN_PATTERN } from './gift-limits.js';
import { ID_PATTERN } from './limits.js';
import { ArticleCardSchema, PublicArticleSchema } from './wire.js';

export * from './gift-limits.js';

const id = z.string().regex(ID_PATTERN);
const token = z.string().regex(GIFT_TOKEN_PATTERN, 'Malformed gift token');
const count = z.number().int().min(0);
const timestamp = z.iso.datetime();

/** POST /gift-links: the premium article to give. */
export const createGiftLinkBodySchema = z.object({ articleId: id }).strict();
export type CreateGiftLink = z.output<typeof createGiftLinkBodySchema>;

/** POST /gift-links/open: the article of the page, the link's token, and the reader's key if they have one. */
export const openGiftLinkBodySchema = z
  .object({
    articleId: id,
    token,
    readerKey: token
      .optional()
      .meta({ description: 'What the first open answered this browser (signed-out readers).' }),
  })
  .strict();
export type OpenGiftLink = z.output<typeof openGiftLinkBodySchema>;

export const GIFT_LINK_STATUSES = ['unopened', 'active', 'full', 'expired', 'revoked'] as const;
export type GiftLinkStatus = (typeof GIFT_LINK_STATUSES)[number];

export const GiftLinkSchema = z
  .object({
    _id: id,
    articleId: id,
    articleTitle: z.string(),
    token,
    createdAt: timestamp,
    readers: count,
    maxReaders: count,
    firstOpenedAt: timestamp.nullable(),
    expiresAt: timestamp.nullable().meta({
      description:
        'Seven days after the first open; null before (an unopened link expires 30 days after its creation).',
    }),
    revokedAt: timestamp.nullable(),
    status: z.enum(GIFT_LINK_STATUSES).meta({
      description: 'full: no new reader gets in (those already in read on until it expires).',
    }),
  })
  .meta({ description: 'A gift link as its creator sees it.' });
export type GiftLink = z.output<typeof GiftLinkSchema>;

export const GiftAllowanceSchema = z
  .object({ limit: count, usedThisMonth: count, remainingThisMonth: count })
  .meta({ description: 'Gift links created this calendar month (UTC) and how many are left.' });
export type GiftAllowance = z.output<typeof GiftAllowanceSchema>;

export const CreatedGiftLinkSchema = z.object({ link: GiftLinkSchema, allowance: GiftAllowanceSchema });
export type CreatedGiftLink = z.output<typeof CreatedGiftLinkSchema>;

export const MyGiftLinksSchema = z
  .object({ links: z.array(GiftLinkSchema), allowance: GiftAllowanceSchema })
  .meta({ description: "The caller's gift links, newest first (at most 50)." });
export type MyGiftLinks = z.output<typeof MyGiftLinksSchema>;

export const GiftSchema = z.object({
  giftedBy: z.string().meta({ description: "The creator's public name ('' when they have none)." }),
  expiresAt: timestamp
    .nullable()
    .meta({ description: 'Null only for a reader who may read it anyway before its first open.' }),
});
export type Gift = z.output<typeof GiftSchema>;

export const GiftReadSchema = z
  .object({
    article: PublicArticleSchema,
    gift: GiftSchema,
    readerKey: token.nullable().meta({
      description: 'A signed-out reader keeps it and sends it back: the link knows them again.',
    }),
  })
  .meta({ description: 'A gifted article in full.' });
export type GiftRead = z.output<typeof GiftReadSchema>;

export const GIFT_REFUSALS = ['revoked', 'expired', 'full', 'crawler'] as const;
export type GiftRefusal = (typeof GIFT_REFUSALS)[number];

/** 402 of POST /gift-links/open: the link no longer reads in full; the teaser instead. */
export const GiftRefusedBodySchema = z.object({
  message: z.string(),
  needPremium: z.literal(true),
  teaser: ArticleCardSchema,
  gift: z.object({ giftedBy: z.string(), refused: z.enum(GIFT_REFUSALS) }),
});

/** The metered paywall: free premium reads of a signed-in reader without premium, this month (UTC). */
export const MeterSchema = z
  .object({ used: count, limit: count })
  .meta({ description: 'Free premium articles read in full this calendar month (UTC), of `limit`.' });
export type Meter = z.output<typeof MeterSchema>;
