import type { DomainEvent } from '../events/domain.js';
import { CacheGroup, TRENDING_KEY, type AnswerCache } from './answer-cache.js';

/** One cached answer (or a whole group) an event made stale. */
export type CacheDrop = { group: string; key?: string };

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
  switch (event.type) {
    case 'article.submitted':
      return [details(event.article.id), perPublisher];
    case 'article.edited':
      // Its publisher may have changed; the public lists only if it was in them.
      return [details(event.article.id), perPublisher, ...(event.wasApproved ? [lists] : [])];
    case 'article.approved':
      return [details(event.article.id), lists];
    case 'article.declined':
      return [details(event.article.id)];
    case 'article.madePremium':
      return [details(event.article.id), ...(event.article.approved ? [lists] : [])];
    case 'article.deleted':
      return [details(event.article.id), perPublisher, ...(event.article.approved ? [lists] : [])];
    case 'article.viewed':
      return [details(event.articleId), { group: CacheGroup.articleLists, key: TRENDING_KEY }];
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
      ];
    }
    case 'user.madeAdmin':
      return [user(event.email), userStats];
    case 'premium.granted':
      return [user(event.email), userStats];
  }
}

/** Applies an event's drops to the cache. */
export function invalidate(cache: AnswerCache, event: DomainEvent): void {
  for (const drop of dropsOf(event)) {
    if (drop.key === undefined) cache.invalidate(drop.group);
    else cache.invalidateKey(drop.group, drop.key);
  }
}
