/**
 * The bodies the API answers, as zod schemas: the operations' answers (the OpenAPI document's
 * response schemas) and what the contract test validates real answers against. The shared ones live
 * beside their wire types, which the services' answers are typed by.
 */
import { z } from 'zod';
import type { DocResponse } from './define.js';
import { PAGE_SIZES } from '../limits.js';
import { ArticleCardSchema, GiftRefusedBodySchema, MeterSchema } from '../index.js';

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
} from '../index.js';

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
export const message = <Extra extends z.ZodRawShape = Record<never, never>>(extra: Extra = {} as Extra) =>
  z.object({ message: z.string(), ...extra });

/** What `limit`'s refinement accepts, as a hint (JSON Schema cannot see a refinement). */
export const PAGE_LIMIT = { enum: PAGE_SIZES.map(String) };

/**
 * A whole number the route reads from the parameter's text and bounds after the transform, as the
 * document's integer (a hint with a `type` replaces the text's schema; zod's input side stops at the
 * text's pattern).
 */
export const wholeNumber = (maximum: number, fallback: number) => ({
  type: 'integer',
  minimum: 1,
  maximum,
  default: fallback,
});

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: nothing was changed',
  401: 'No valid credential (missing, malformed, expired or forged token)',
  402: 'Premium required',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  415: 'Not an image of an accepted type',
  429: 'Too many requests (Retry-After says when to try again)',
  502: 'The payment provider failed',
  503: 'Payments are not configured',
};

/** A refusal's answer: its description and the error body (402: the premium one). */
export const errorResponse = (status: number, description = DESCRIPTIONS[status] ?? 'Refused') =>
  status === 402
    ? { description, json: NeedPremiumBody }
    : ({ description, json: ErrorBody } satisfies DocResponse);
