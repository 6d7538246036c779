/**
 * The bodies the API answers, as zod schemas: the OpenAPI document's response schemas (registry.ts)
 * and what the contract test validates real answers against. The shared ones (and their wire types)
 * live in @newsroom/common; the checks at the bottom fail the typecheck when the server's own types
 * drift from them.
 */
import { z } from 'zod';
import type { ModerationCounts, PostingAllowance } from '../articles/service.js';
import type { ArticleCard, ArticleIndexEntry, ArticleTeaser } from '../articles/types.js';
import type { Plan } from '../payments/plans.js';
import type { GrantResult } from '../payments/grant.js';
import type { CreatedIntent } from '../payments/intents.js';
import type { PublisherArticleCount } from '../publishers/service.js';
import type { MyArticleViews, PublisherViews } from '../stats/view-stats.js';
import {
  ArticleCardSchema,
  ArticleIndexEntrySchema,
  ArticleTeaserSchema,
  CreatedIntentSchema,
  ModerationCountsSchema,
  MyArticleViewsSchema,
  PlanSchema,
  PostingAllowanceSchema,
  PublisherArticleCountSchema,
  PublisherViewsSchema,
  GrantSchema,
  ID_PATTERN,
} from '@newsroom/common';

export {
  ArticleCardList,
  ArticleCardSchema,
  ArticleIndexEntrySchema,
  ArticleSchema,
  ArticleTeaserSchema,
  CreatedIntentSchema,
  GrantSchema,
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

const id = z.string().regex(ID_PATTERN);

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
  })
  .meta({ description: 'Premium required: the client offers a subscription and never signs out.' });

/** One `data:` line of GET /events (JSON); `own` is true on the copy its writer gets. */
export const LiveEventSchema = z
  .union([
    z.object({ type: z.enum(['ready', 'resync']) }),
    z.object({
      type: z.enum([
        'article.submitted',
        'article.approved',
        'article.declined',
        'article.premium',
        'article.withdrawn',
        'article.updated',
        'article.deleted',
      ]),
      articleId: id,
      title: z.string().optional(),
      reason: z.string().optional(),
      own: z.boolean(),
    }),
    z.object({
      type: z.enum(['publisher.added', 'publisher.changed']),
      publisherId: id,
      name: z.string().optional(),
      own: z.boolean(),
    }),
    z.object({ type: z.literal('user.madeAdmin'), userId: id, own: z.boolean() }),
  ])
  .meta({ description: 'A live event, as one JSON `data:` line of the stream.' });

/** Plain messages with a count, as the original API answered its writes. */
export const message = (extra: z.ZodRawShape = {}) => z.object({ message: z.string(), ...extra });

// Each documented body must fit its wire type and name the same fields (a field added to a wire
// type and not documented fails the typecheck; the contract test catches what types cannot).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Fits<Doc, Wire> = [Doc] extends [Wire] ? Same<keyof Doc, keyof Wire> : false;
const fits = <Doc, Wire>(ok: Fits<Doc, Wire>) => ok;
fits<z.output<typeof ArticleCardSchema>, ArticleCard>(true);
fits<z.output<typeof ArticleTeaserSchema>, ArticleTeaser>(true);
fits<z.output<typeof ArticleIndexEntrySchema>, ArticleIndexEntry>(true);
fits<z.output<typeof ModerationCountsSchema>, ModerationCounts>(true);
fits<z.output<typeof PostingAllowanceSchema>, PostingAllowance>(true);
fits<z.output<typeof PublisherArticleCountSchema>, PublisherArticleCount>(true);
fits<z.output<typeof PlanSchema>, Plan>(true);
fits<z.output<typeof CreatedIntentSchema>, CreatedIntent>(true);
fits<Omit<z.output<typeof GrantSchema>, 'message'>, GrantResult>(true);
fits<z.output<typeof MyArticleViewsSchema>, MyArticleViews>(true);
fits<z.output<typeof PublisherViewsSchema>, PublisherViews>(true);
