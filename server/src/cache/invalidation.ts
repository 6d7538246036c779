import type { DomainEvent } from '../events/domain.js';
import { CacheGroup, TRENDING_KEY, type AnswerCache } from './answer-cache.js';

/** One cached answer (or a whole group) an event made stale. */
export type CacheDrop = { group: string; key?: string; prefix?: string };

/**
 * Which cached answers each domain event makes stale (docs/decisions/cache-invalidation.md): no more
 * than the event can change, so a writer's edits of their own draft never cost the public lists,
 * and a counted view drops trending and the article alone.
 */
export function dropsOf(event: DomainEvent): CacheDrop[] {
  const details = (id: string): CacheDrop => ({ group: CacheGroup.articleDetails, key: id });
  const lists: CacheDrop = { group: CacheGroup.articleLists };
  // The admin's publisher table counts articles of every status.
  const perPublisher: CacheDrop = { group: CacheGroup.publisherCounts };
  const user = (email: string): CacheDrop => ({ group: CacheGroup.userRecords, key: email });
  const userStats: CacheDrop = { group: CacheGroup.userStats };
  // What lists approved articles besides the public lists: writers' pages, "For you", related reading.
  const readingLists: CacheDrop[] = [
    lists,
    { group: CacheGroup.writers },
    { group: CacheGroup.forYou },
    { group: CacheGroup.related },
  ];
  // Signed-out pages of comments show authors' names, photos and writer links (whether they have an
  // approved article): what changes those drops them all; a comment drops its article's pages.
  const allComments: CacheDrop = { group: CacheGroup.comments };
  switch (event.type) {
    case 'article.submitted':
      return [details(event.article.id), perPublisher];
    case 'article.edited':
      // Its publisher may have changed; the public lists only if it was in them.
      return [details(event.article.id), perPublisher, ...(event.wasApproved ? readingLists : [])];
    case 'article.approved':
      return [details(event.article.id), ...readingLists, allComments];
    case 'article.declined':
    case 'article.changesRequested':
    case 'article.scheduled':
      return [details(event.article.id)];
    case 'article.madePremium':
      return [details(event.article.id), ...(event.article.approved ? readingLists : [])];
    case 'article.deleted':
      return [
        details(event.article.id),
        perPublisher,
        ...(event.article.approved ? [...readingLists, allComments] : []),
      ];
    case 'article.viewed':
      return [
        details(event.articleId),
        { group: CacheGroup.articleLists, key: TRENDING_KEY },
        // What a reader has read leaves their "For you" at once.
        ...(event.reader ? [{ group: CacheGroup.forYou, key: event.reader }] : []),
      ];
    case 'publisher.added':
      return [{ group: CacheGroup.publishers }, perPublisher];
    case 'user.registered':
      return [user(event.email), userStats];
    case 'user.changed': {
      const fields = event.fields.filter((f) => f !== 'lastSeenAt');
      // Seen-at alone feeds GET /active-users, whose answer lives a few seconds anyway.
      if (fields.length === 0) return [];
      return [
        user(event.email),
        ...(fields.some((f) => f === 'role' || f === 'premiumEndAt') ? [userStats] : []),
        // A writer's page shows their name and photo.
        ...(fields.some((f) => f === 'name' || f === 'displayName' || f === 'photoURL')
          ? [{ group: CacheGroup.writers }, allComments]
          : []),
      ];
    }
    case 'user.madeAdmin':
      return [user(event.email), userStats];
    case 'premium.granted':
    case 'premium.changed':
      return [user(event.email), userStats];
    case 'follow.added':
    case 'follow.removed':
      // The follower's "For you", and a writer's page (its follower count).
      return [
        { group: CacheGroup.forYou, key: event.follower },
        ...(event.kind === 'writer' ? [{ group: CacheGroup.writers }] : []),
      ];
    case 'comment.changed':
      // That article's signed-out pages of comments, and nothing else (never the article lists).
      return [{ group: CacheGroup.comments, prefix: `${event.articleId}|` }];
    case 'gift.changed':
    case 'meter.counted':
      // Per reader and never cached: gifted and metered reads are answered fresh each time.
      return [];
  }
}

/** Applies an event's drops to the cache. */
export function invalidate(cache: AnswerCache, event: DomainEvent): void {
  for (const drop of dropsOf(event)) {
    if (drop.prefix !== undefined) cache.invalidatePrefix(drop.group, drop.prefix);
    else if (drop.key === undefined) cache.invalidate(drop.group);
    else cache.invalidateKey(drop.group, drop.key);
  }
}
