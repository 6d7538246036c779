/**
 * The bodies the API answers, as zod schemas: the OpenAPI document's response schemas (registry.ts)
 * and what the contract test validates real answers against. The shared ones live in
 * @newsroom/common with their wire types, which the services' answers are typed by.
 */
import { z } from 'zod';
import { ArticleCardSchema, GiftRefusedBodySchema, MeterSchema } from '@newsroom/common';

export {
  ArticleCardList,
  ArticleCardSchema,
  ArticleIndexEntrySchema,
  ArticleRevisionSchema,
  ArticleSchema,
  ArticleTeaserSchema,
  CreatedIntentSchema,
  GrantSchema,
  LiveMessageSchema,
  ModerationCountsSchema,
  MyArticleViewsSchema,
  PlanSchema,
  PostingAllowanceSchema,
  PublicArticleSchema,
  PublisherArticleCountSchema,
  PublisherSchema,
  PublisherViewsSchema,
  UserCountsSchema,
  UserSchema,
} from '@newsroom/common';

export const ErrorBody = z
  .object({
    message: z.string(),
    /** Present on 400s from input validation: one entry per rejected field. */
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ description: 'Every refusal: a message the client may show, and field errors on a 400.' });

/** 402: premium content (or the free plan's cap) refused; the client shows the Need Premium modal. */
export const NeedPremiumBody = z
  .object({
    message: z.string(),
    needPremium: z.literal(true),
    /** Present when a premium article was asked for: what a non-subscriber may see of it. */
    teaser: ArticleCardSchema.optional(),
    /** Present when a metered reader has no free premium read left this month. */
    meter: MeterSchema.optional(),
    /** Present when a gift link no longer reads in full (POST /gift-links/open). */
    gift: GiftRefusedBodySchema.shape.gift.optional(),
  })
  .meta({ description: 'Premium required: the client offers a subscription and never signs out.' });

/** Plain messages with a count, as the original API answered its writes. */
export const message = (extra: z.ZodRawShape = {}) => z.object({ message: z.string(), ...extra });
