/**
 * The bodies the API answers, as zod schemas: the OpenAPI document's response schemas (registry.ts)
 * and what the contract test validates real answers against. The wire types stay in each
 * component's types.ts; the checks at the bottom fail the typecheck when the two drift apart.
 */
import { z } from 'zod';
import { TAGS } from '../articles/schemas.js';
import type { ModerationCounts, PostingAllowance } from '../articles/service.js';
import type { ArticleCard, ArticleIndexEntry, ArticleTeaser } from '../articles/types.js';
import type { Plan } from '../payments/plans.js';
import type { GrantResult } from '../payments/grant.js';
import type { CreatedIntent } from '../payments/intents.js';
import type { PublisherArticleCount } from '../publishers/service.js';
import type { MyArticleViews, PublisherViews } from '../stats/view-stats.js';

// Examples keep the reference page's samples readable (it would otherwise make them up from the patterns).
const id = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .meta({ examples: ['6650f0c2a1b2c3d4e5f60718'] });
/** Stored timestamps are toISOString() output (UTC, milliseconds, Z). */
const timestamp = z.iso.datetime().meta({ examples: ['2026-05-01T09:30:00.000Z'] });
const count = z
  .number()
  .int()
  .min(0)
  .meta({ examples: [42] });

export const ErrorBody = z
  .object({
    message: z.string(),
    /** Present on 400s from input validation: one entry per rejected field. */
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ description: 'Every refusal: a message the client may show, and field errors on a 400.' });

const AuthorPublic = z.object({ name: z.string(), image: z.string() });
const Author = AuthorPublic.extend({ email: z.string() });
const Tags = z.array(z.enum(TAGS));
const Status = z.enum(['Pending', 'Accepted', 'Approved', 'Declined']);
const YesNo = z.enum(['Yes', 'No']);

export const ArticleCardSchema = z
  .object({
    _id: id,
    articleTitle: z.string(),
    articleImage: z.string(),
    articleDescription: z.string().meta({ description: 'The first 300 characters.' }),
    publisher: z.string(),
    Tags,
    status: Status,
    isPremium: YesNo,
    createdAt: timestamp,
    totalViewCount: count,
    userInfo: AuthorPublic,
  })
  .meta({ description: 'An article as lists show it: no author email, no declining reason.' });

export const ArticleCardList = z.array(ArticleCardSchema);

/** 402: premium content (or the free plan's cap) refused; the client shows the Need Premium modal. */
export const NeedPremiumBody = z
  .object({
    message: z.string(),
    needPremium: z.literal(true),
    /** Present when a premium article was asked for: what a non-subscriber may see of it. */
    teaser: ArticleCardSchema.optional(),
  })
  .meta({ description: 'Premium required: the client offers a subscription and never signs out.' });

const articleFields = {
  _id: id,
  articleTitle: z.string(),
  articleImage: z.string(),
  articleDescription: z.string(),
  publisher: z.string(),
  Tags,
  status: Status.meta({ description: "'Accepted' is never written; read it as Approved." }),
  isPremium: YesNo,
  decliningReason: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp.optional(),
  totalViewCount: count,
};
export const ArticleSchema = z
  .object({ ...articleFields, userInfo: Author })
  .meta({ description: 'An article as its author and admins see it.' });
export const PublicArticleSchema = z
  .object({ ...articleFields, userInfo: AuthorPublic })
  .meta({ description: 'An article as other readers see it: no author email.' });

export const ArticleTeaserSchema = z
  .object({
    _id: id,
    articleTitle: z.string(),
    articleImage: z.string(),
    articleDescription: z.string(),
    publisher: z.string(),
    Tags,
    isPremium: YesNo,
    createdAt: timestamp,
    updatedAt: timestamp.optional(),
    userInfo: AuthorPublic,
  })
  .meta({ description: 'What anyone may see of an approved article (link previews, feeds).' });

export const ArticleIndexEntrySchema = z.object({ _id: id, lastmod: timestamp });

export const UserSchema = z
  .object({
    _id: id,
    email: z.string(),
    name: z.string(),
    displayName: z.string().optional(),
    photoURL: z.string().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
    birth: z.string().optional(),
    gender: z.enum(['male', 'female']).optional(),
    role: z.literal('Admin').optional().meta({ description: "Present ('Admin') for admins only." }),
    premiumEndAt: timestamp.nullable().meta({ description: 'Premium while this is in the future.' }),
    createdAt: timestamp,
    premiumGrants: z.array(z.string()).optional(),
  })
  .meta({ description: 'A profile: never the Firebase uid or activity timestamps.' });

export const PublisherSchema = z.object({
  _id: id,
  publisherName: z.string(),
  logo: z.string(),
  createdAt: timestamp.optional(),
});

export const PublisherArticleCountSchema = z.object({ publisherName: z.string(), articleCount: count });

export const PlanSchema = z.object({
  seconds: z.number().int().positive(),
  amount: z.number().positive().meta({ description: 'US dollars.' }),
  label: z.string(),
});

const ViewSeries = { views: z.array(count), periodViews: count };
const Days = z.array(z.iso.date()).meta({ description: 'UTC days, oldest first, ending today.' });
export const MyArticleViewsSchema = z.object({
  days: Days,
  articles: z.array(z.object({ _id: id, ...ViewSeries })),
});
export const PublisherViewsSchema = z.object({
  days: Days,
  publishers: z.array(z.object({ publisher: z.string(), ...ViewSeries })),
  periodViews: count,
});

export const ModerationCountsSchema = z.object({
  Pending: count,
  Approved: count,
  Declined: count,
  total: count,
});
export const PostingAllowanceSchema = z.object({
  postedCount: count,
  maxArticles: count.nullable().meta({ description: 'null: no cap (premium users and admins).' }),
  canPost: z.boolean(),
});
export const CreatedIntentSchema = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });
export const GrantSchema = z.object({
  message: z.string(),
  granted: z.boolean().meta({ description: 'false: this payment had already been redeemed.' }),
  premiumEndAt: timestamp.nullable(),
});

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
