import type { QueryKey } from '@tanstack/react-query';
import type { LiveMessage } from './messages';

/**
 * Prefixes of the query keys each feature's api file uses (invalidation.test.ts checks they still
 * match). A new query that shows articles, publishers or users belongs in this table.
 */
export const liveKeys = {
  adminArticles: ['private', 'admin', 'all-articles'],
  adminUsers: ['private', 'admin', 'all-users'],
  adminPublisherCounts: ['private', 'admin', 'publisher-article-count'],
  adminUserCounts: ['admin', 'users-count'],
  myArticles: ['private', 'my-articles'],
  approved: ['approved-articles'],
  trending: ['articles', 'trending'],
  premium: ['private', 'premium-articles'],
  article: (id: string) => ['private', 'article', id],
  publishers: ['publisher-data'],
  profile: ['private', 'profile'],
  userCounts: ['users-count'],
} as const satisfies Record<string, QueryKey | ((id: string) => QueryKey)>;

const k = liveKeys;
const publicLists: QueryKey[] = [k.approved, k.trending, k.premium];

/**
 * The queries a message makes stale ('all' after a resync). Inactive queries are only marked stale,
 * so this costs a request only for what is on screen.
 */
export function queriesToRefresh(message: LiveMessage): QueryKey[] | 'all' {
  switch (message.type) {
    case 'ready':
      return [];
    case 'resync':
      return 'all';
    case 'article.submitted':
      return [k.adminArticles, k.adminPublisherCounts, k.myArticles, k.article(message.articleId)];
    case 'article.declined':
      return [k.adminArticles, k.myArticles, k.article(message.articleId)];
    case 'article.approved':
    case 'article.premium':
    case 'article.updated':
      return [k.adminArticles, k.myArticles, ...publicLists, k.article(message.articleId)];
    case 'article.withdrawn':
      return [...publicLists, k.article(message.articleId)];
    case 'article.deleted':
      return [
        k.adminArticles,
        k.adminPublisherCounts,
        k.myArticles,
        ...publicLists,
        k.article(message.articleId),
      ];
    case 'publisher.added':
    case 'publisher.changed':
      return [k.publishers, k.adminPublisherCounts];
    case 'user.madeAdmin':
      return [k.adminUsers, k.adminUserCounts, k.userCounts, k.profile];
  }
}
