/**
 * What the follow, writer-page, "For you" and related-reading routes answer, as zod schemas and their
 * types (docs/decisions/follows-and-feed.md). No answer here ever carries an e-mail address.
 */
import { z } from 'zod';
import { ID_PATTERN, PUBLIC_ID_PATTERN } from './limits.js';
import { ArticleCardSchema } from './wire.js';

const id = z.string().regex(ID_PATTERN);
/** A writer's public id (docs/decisions/writer-public-ids.md). */
const writerId = z.string().regex(PUBLIC_ID_PATTERN);
const count = z.number().int().min(0);

export const FOLLOW_KINDS = ['publisher', 'writer'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** How many publishers and writers, together, one reader may follow. */
export const MAX_FOLLOWS = 200;
/** The personal front page holds at most this many articles, across its pages. */
export const FOR_YOU_SIZE = 60;
/** Related reading under an article. */
export const RELATED_SIZE = 4;

export const FollowStateSchema = z
  .object({ following: z.boolean(), followers: count })
  .meta({ description: 'Whether the caller follows the target now, and its follower count.' });
export type FollowState = z.output<typeof FollowStateSchema>;

export const FollowedPublisherSchema = z.object({ _id: id, publisherName: z.string(), logo: z.string() });
export const FollowedWriterSchema = z.object({ _id: writerId, name: z.string(), photoURL: z.string() });
export const MyFollowsSchema = z
  .object({ publishers: z.array(FollowedPublisherSchema), writers: z.array(FollowedWriterSchema) })
  .meta({ description: 'What the caller follows, most recently followed first.' });
export type MyFollows = z.output<typeof MyFollowsSchema>;

export const WriterSchema = z
  .object({
    _id: writerId.meta({ description: 'Their public id.' }),
    name: z.string(),
    photoURL: z.string(),
    followers: count,
    articleCount: count.meta({ description: 'Approved articles.' }),
  })
  .meta({ description: 'A writer as anyone may see them: never the e-mail address.' });
export type Writer = z.output<typeof WriterSchema>;

export const WriterPageSchema = z.object({
  writer: WriterSchema,
  articles: z.array(ArticleCardSchema),
  page: count,
  limit: count,
  totalPages: count,
});
export type WriterPage = z.output<typeof WriterPageSchema>;

export const FOR_YOU_REASONS = ['following', 'tags', 'trending'] as const;
export const ForYouCardSchema = ArticleCardSchema.extend({
  reason: z
    .enum(FOR_YOU_REASONS)
    .meta({ description: 'following: a followed publisher or writer; tags: tags the reader reads most.' }),
});
export type ForYouCard = z.output<typeof ForYouCardSchema>;
export const ForYouPageSchema = z
  .object({ articles: z.array(ForYouCardSchema), page: count, limit: count, hasMore: z.boolean() })
  .meta({
    description: 'Followed first (newest first), then the most-read tags, then trending; never read.',
  });
export type ForYouPage = z.output<typeof ForYouPageSchema>;

export const RELATED_REASONS = ['topic', 'alsoRead'] as const;
export const RelatedCardSchema = ArticleCardSchema.extend({
  reason: z
    .enum(RELATED_REASONS)
    .meta({ description: 'topic: shares tags or the publisher; alsoRead: its readers also read it.' }),
});
export type RelatedCard = z.output<typeof RelatedCardSchema>;
export const RelatedArticlesSchema = z.array(RelatedCardSchema).max(RELATED_SIZE).meta({
  description: 'Up to 4 approved articles (isPremium marks premium ones); never the article itself.',
});
