/** Follows, writers' pages, "For you" and related reading (how an operation is declared: define.ts). */
import {
  followTargetParamSchemas,
  FollowStateSchema,
  forYouQuerySchema,
  ForYouPageSchema,
  MyFollowsSchema,
  RelatedArticlesSchema,
  writerIdParamSchema,
  writerPageQuerySchema,
  WriterPageSchema,
} from '../index.js';
import { defineOperations } from './define.js';
import { byId, MALFORMED_ID } from './params.js';
import { PAGE_LIMIT } from './responses.js';

const notModified = { 304: { description: 'Not modified (If-None-Match matched the ETag)' } };

/** Following a publisher or a writer, and undoing it: the same two operations for each kind. */
const follow = (kind: 'publisher' | 'writer') =>
  ({
    summary: `Follow ${
      kind === 'publisher'
        ? 'a publisher'
        : 'a writer (their public id; not oneself; an account without an approved article is 404)'
    } (idempotent)`,
    security: 'session',
    access: 'signed-in',
    params: followTargetParamSchemas[kind],
    invalid: MALFORMED_ID,
    ok: FollowStateSchema,
    errors: [404, 409],
    limited: true,
  }) as const;
const unfollow = (kind: 'publisher' | 'writer') =>
  ({
    summary: `Stop following ${kind === 'publisher' ? 'a publisher' : 'a writer'} (idempotent)`,
    security: 'session',
    access: 'signed-in',
    params: followTargetParamSchemas[kind],
    invalid: MALFORMED_ID,
    ok: FollowStateSchema,
    errors: [404],
    limited: true,
  }) as const;

export const followOperations = defineOperations('Follows', {
  followPublisher: follow('publisher'),
  unfollowPublisher: unfollow('publisher'),
  followWriter: follow('writer'),
  unfollowWriter: unfollow('writer'),
  myFollows: {
    summary: 'The publishers and writers the caller follows, most recent first',
    security: 'session',
    access: 'signed-in',
    ok: MyFollowsSchema,
  },
});

export const readingOperations = defineOperations('Reading', {
  writerPage: {
    summary: "A writer's public page: name, photo, follower count and their approved articles",
    description:
      'Never the e-mail address. `id` is the `userInfo.writerId` of their articles’ details. Only writers (an account with at least one approved article) have a page: any other account is 404, exactly like an unknown id.',
    security: 'none',
    access: 'anyone',
    params: writerIdParamSchema,
    invalid: MALFORMED_ID,
    query: writerPageQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: WriterPageSchema,
    errors: [404],
    cached: true,
  },
  relatedArticles: {
    summary:
      'Up to 4 approved articles to read next (same tags and publisher, then what its readers also read)',
    security: 'none',
    access: 'anyone',
    ...byId,
    ok: RelatedArticlesSchema,
    errors: [404],
    cached: true,
  },
  forYou: {
    summary: "The caller's personal front page, a page at a time",
    description:
      'Newest approved articles of followed publishers and writers, then of the tags the caller reads most, then trending; never one the caller has read; at most 60 in all. Kept for a minute per reader; a follow or a read drops it at once.',
    security: 'session',
    access: 'signed-in',
    query: forYouQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: ForYouPageSchema,
    responses: notModified,
  },
});
