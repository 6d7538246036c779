import type { ApprovedFilter, ModerationFilter } from './types';

/** "All Articles" as it first opens: no search, every publisher, every tag. */
export const NO_FILTER: ApprovedFilter = { search: '', publisher: '', tags: [] };

/**
 * Every query key of the client, in one tree. A key is a prefix of the keys under it, so invalidating
 * `queryKeys.admin.articles` refreshes every page, filter and the counts. User-specific data sits
 * under 'private', so signing out drops it in one call. Nothing else here: the first paint imports it
 * (first-screen data, sign-out); what each change makes stale is in ./stale.ts.
 */
export const queryKeys = {
  private: ['private'],

  approved: ['approved-articles'],
  approvedList: (filter: ApprovedFilter) => ['approved-articles', filter],
  trending: ['articles', 'trending'],
  publicArticle: (id: string) => ['articles', 'public', id],
  article: (id: string) => ['private', 'article', id],
  premium: ['private', 'premium-articles'],
  publishers: ['publisher-data'],
  /** Every article's related reading. */
  related: ['articles', 'related'],
  relatedTo: (id: string) => ['articles', 'related', id],
  /** Every writer's public page. */
  writers: ['writers'],
  writer: (id: string) => ['writers', id],

  plans: ['plans'],
  userCounts: ['users-count'],
  activeUsers: ['active-users'],
  profiles: ['private', 'profile'],
  profile: (email: string) => ['private', 'profile', email],

  myDrafts: ['private', 'drafts'],
  myDraftsOf: (email: string) => ['private', 'drafts', email],
  /** Every article's history (its revisions), and one article's. */
  revisions: ['private', 'revisions'],
  revisionsOf: (id: string) => ['private', 'revisions', id],
  myArticles: ['private', 'my-articles'],
  myArticlesOf: (email: string) => ['private', 'my-articles', email],
  posting: ['private', 'posting'],
  postingOf: (email: string) => ['private', 'posting', email],
  myArticleViews: ['private', 'my-article-views'],
  myArticleViewsOf: (email: string, days: number) => ['private', 'my-article-views', email, days],
  myFollows: ['private', 'follows'],
  myFollowsOf: (email: string) => ['private', 'follows', email],
  forYou: ['private', 'for-you'],
  forYouOf: (email: string) => ['private', 'for-you', email],

  admin: {
    users: ['private', 'admin', 'all-users'],
    usersPage: (page: number, limit: number) => ['private', 'admin', 'all-users', page, limit],
    /** Every page and filter of the moderation table, and its counts. */
    articles: ['private', 'admin', 'all-articles'],
    articlesPage: (page: number, limit: number, status: ModerationFilter) => [
      'private',
      'admin',
      'all-articles',
      status,
      page,
      limit,
    ],
    /** Under the articles prefix, so whatever refreshes the table refreshes the counts too. */
    moderationCounts: ['private', 'admin', 'all-articles', 'counts'],
    publisherViews: (days: number) => ['private', 'admin', 'publisher-views', days],
    publisherCounts: ['private', 'admin', 'publisher-article-count'],
  },
} as const;
