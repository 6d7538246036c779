/**
 * The bodies the API answers, as zod schemas, and their types. The server's OpenAPI document and
 * contract test use the schemas; the client uses the types (type-only imports, so no zod in its bundle).
 */
import { z } from 'zod';
import { ID_PATTERN, PUBLIC_ID_PATTERN } from './limits.js';
import { TAGS } from './tags.js';
import { GENDERS } from './schemas/users.js';
import { SubscriptionStateSchema } from './schemas/billing.js';

// Examples keep the reference page's samples readable (it would otherwise make them up from the patterns).
const id = z
  .string()
  .regex(ID_PATTERN)
  .meta({ examples: ['6650f0c2a1b2c3d4e5f60718'] });
/** A user's public id: what the public sees of them (docs/decisions/writer-public-ids.md). */
const publicId = z
  .string()
  .regex(PUBLIC_ID_PATTERN)
  .meta({ examples: ['q3Xv0mB9_kR2sT7wYz-A1g'] });
/** Stored timestamps are toISOString() output (UTC, milliseconds, Z). */
const timestamp = z.iso.datetime().meta({ examples: ['2026-05-01T09:30:00.000Z'] });
const count = z
  .number()
  .int()
  .min(0)
  .meta({ examples: [42] });

export const ARTICLE_STATUSES = [
  'Pending',
  'Accepted',
  'Approved',
  'Declined',
  'Changes requested',
  'Scheduled',
] as const;
/**
 * 'Accepted' is never written; old records carry it and it reads as Approved. 'Changes requested': a
 * moderator sent it back to its writer with a note (`reviewNote`); the writer's edit makes it Pending.
 * 'Scheduled': approved to be published at `publishAt`; until then in no public surface, then Approved.
 */
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

const AuthorPublic = z.object({
  name: z.string(),
  image: z.string(),
  writerId: publicId
    .optional()
    .meta({ description: "The writer's public id (GET /writers/{id}); present on an article's details." }),
});
const Author = AuthorPublic.extend({ email: z.string() });
const Tags = z.array(z.enum(TAGS));
const Status = z.enum(ARTICLE_STATUSES);
const YesNo = z.enum(['Yes', 'No']);

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
  .object({
    ...articleFields,
    reviewNote: z.string().nullable().optional().meta({
      description:
        "What the moderator who requested changes asked for: shown to the writer while the status is 'Changes requested'.",
    }),
    reviewNoteAt: timestamp.nullable().optional().meta({ description: 'When the changes were requested.' }),
    publishAt: timestamp.nullable().optional().meta({
      description: "When a 'Scheduled' article is published (it becomes Approved then).",
    }),
    userInfo: Author,
  })
  .meta({ description: 'An article as its author and admins see it.' });
/** An article as its author and admins see it (with the author's email and the declining reason). */
export type Article = z.output<typeof ArticleSchema>;

/** Why a revision was recorded: the first submission, a writer's edit, or a restore of an earlier one. */
export const REVISION_REASONS = ['submitted', 'edited', 'restored'] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

export const ArticleRevisionSchema = z
  .object({
    n: z
      .number()
      .int()
      .min(1)
      .meta({
        examples: [3],
        description: 'The revision number: 1 is the submission, each change adds one.',
      }),
    articleTitle: z.string(),
    articleDescription: z.string(),
    articleImage: z.string(),
    publisher: z.string(),
    Tags,
    by: z.object({
      name: z.string(),
      email: z.string().optional().meta({
        description: 'Who made it: their e-mail only to moderators, or to the writer when it is theirs.',
      }),
    }),
    at: timestamp,
    reason: z.enum(REVISION_REASONS),
    restoredFrom: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: "The revision a 'restored' one copies." }),
  })
  .meta({ description: 'One submitted version of an article (its writer and moderators see them).' });
/** One submitted version of an article, as its writer and moderators see it. */
export type ArticleRevision = z.output<typeof ArticleRevisionSchema>;

export const PublicArticleSchema = z
  .object({ ...articleFields, userInfo: AuthorPublic })
  .meta({ description: 'An article as other readers see it: no author email.' });
export type PublicArticle = z.output<typeof PublicArticleSchema>;

/** Lists and previews cut the description. */
const cutDescription = { articleDescription: z.string().meta({ description: 'The first 300 characters.' }) };

export const ArticleCardSchema = PublicArticleSchema.omit({ decliningReason: true, updatedAt: true })
  .extend(cutDescription)
  .meta({ description: 'An article as lists show it: no author email, no declining reason.' });
export type ArticleCard = z.output<typeof ArticleCardSchema>;

export const ArticleCardList = z.array(ArticleCardSchema);

export const ArticleTeaserSchema = PublicArticleSchema.omit({
  status: true,
  decliningReason: true,
  totalViewCount: true,
})
  .extend(cutDescription)
  .meta({ description: 'What anyone may see of an approved article (link previews, feeds).' });
export type ArticleTeaser = z.output<typeof ArticleTeaserSchema>;

/**
 * What a server-rendered first screen is drawn from (docs/decisions/server-rendered-first-screen.md):
 * the site server reads it and embeds it in the page as JSON (server/src/site), the app puts it into
 * its query cache before its first render (client/src/first-screen/data.ts). Declared once, here.
 */
export interface FirstScreenData {
  /** GET /articles/trending (home). */
  trending?: ArticleCard[];
  /** GET /all-articles/approved?page=1&limit=READER_PAGE_SIZE, no filter (all articles). */
  approved?: ArticleCard[];
  /** GET /articles/public/{id} (the article page, signed out). */
  teaser?: ArticleTeaser;
  /** When the site read the lists (ms since the epoch): they go stale as if the app had read them then. */
  fetchedAt?: number;
  /**
   * The API's live-event id the site had heard of when it read this data (absent when it did not
   * know one yet): the app's live stream resumes after it, so changes the read missed reach the page
   * (docs/decisions/first-screen-event-position.md).
   */
  eventId?: string;
}

export const ArticleIndexEntrySchema = z.object({ _id: id, lastmod: timestamp });
export type ArticleIndexEntry = z.output<typeof ArticleIndexEntrySchema>;

export const UserSchema = z
  .object({
    _id: id,
    publicId: publicId
      .optional()
      .meta({ description: 'Their public id: their writer page once an article of theirs is approved.' }),
    email: z.string(),
    name: z.string(),
    displayName: z.string().optional(),
    photoURL: z.string().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
    birth: z.string().optional(),
    gender: z.enum(GENDERS).optional(),
    role: z.literal('Admin').optional().meta({ description: "Present ('Admin') for admins only." }),
    editor: z.literal(true).optional().meta({
      description: 'Present (true) for editors: they moderate articles, nothing else of the admin area.',
    }),
    emailVerified: z
      .boolean()
      .optional()
      .meta({ description: "Whether the owner's last sign-in said the address is verified." }),
    premiumEndAt: timestamp.nullable().meta({ description: 'Premium while this is in the future.' }),
    passEndAt: timestamp.nullable().optional().meta({
      description:
        'When the passes they bought run out, once their premium was derived (docs/decisions/premium-ledger.md).',
    }),
    subscriptionEndAt: timestamp.nullable().optional().meta({
      description: 'What their subscription paid through, once their premium was derived.',
    }),
    subscription: SubscriptionStateSchema.optional().meta({
      description: 'Their renewing subscription, once they started one (docs/decisions/subscriptions.md).',
    }),
    createdAt: timestamp,
  })
  .meta({ description: 'A profile: never the Firebase uid, activity timestamps or redeemed payment ids.' });
export type User = z.output<typeof UserSchema>;

export const UserCountsSchema = z.object({
  allUserCount: count,
  normalUsersCount: count,
  premiumUsersCount: count,
});
export type UserCounts = z.output<typeof UserCountsSchema>;

export const PublisherSchema = z.object({
  _id: id,
  publisherName: z.string(),
  logo: z.string(),
  createdAt: timestamp.optional(),
});
export type Publisher = z.output<typeof PublisherSchema>;

export const PublisherArticleCountSchema = z.object({ publisherName: z.string(), articleCount: count });
export type PublisherArticleCount = z.output<typeof PublisherArticleCountSchema>;

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
  followers: count.optional().meta({ description: 'Readers who follow the caller as a writer.' }),
  commentCounts: z
    .record(z.string(), count)
    .optional()
    .meta({ description: "Published comments and replies on each of the caller's articles (0 when none)." }),
});
export type MyArticleViews = z.output<typeof MyArticleViewsSchema>;
export const PublisherViewsSchema = z.object({
  days: Days,
  publishers: z.array(z.object({ publisher: z.string(), ...ViewSeries })),
  periodViews: count,
});
export type PublisherViews = z.output<typeof PublisherViewsSchema>;

export const ModerationCountsSchema = z.object({
  Pending: count,
  Approved: count,
  Declined: count,
  'Changes requested': count,
  Scheduled: count,
  total: count,
});
export type ModerationCounts = z.output<typeof ModerationCountsSchema>;

export const PostingAllowanceSchema = z.object({
  postedCount: count,
  maxArticles: count.nullable().meta({ description: 'null: no cap (premium users and admins).' }),
  canPost: z.boolean(),
});
export type PostingAllowance = z.output<typeof PostingAllowanceSchema>;

export const CreatedIntentSchema = z.object({ clientSecret: z.string(), paymentIntentId: z.string() });
export type CreatedIntent = z.output<typeof CreatedIntentSchema>;

export const GrantSchema = z.object({
  message: z.string(),
  granted: z.boolean().meta({ description: 'false: this payment had already been redeemed.' }),
  premiumEndAt: timestamp.nullable(),
});
export type Grant = z.output<typeof GrantSchema>;
