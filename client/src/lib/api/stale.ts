import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FollowKind } from '@newsroom/common';
import { accountKeys } from './account-keys';
import { commentKeys } from './comment-keys';
import { queryKeys } from './keys';

const k = queryKeys;
const a = accountKeys;
/** Where readers see approved articles. */
const publicLists = [k.approved, k.trending, k.premium, k.related, k.writers, k.forYou];
const oneArticle = (id: string) => [k.article(id), k.publicArticle(id)];

/**
 * What each change on the server makes stale: this tab's own mutations (lib/api/*) and the live events
 * other people's changes send (features/live) both refresh exactly these. A new query that shows
 * articles, publishers or users belongs in the changes that alter what it shows
 * (docs/decisions/client-api-layer.md).
 */
export const staleAfter = {
  /** A new article: Pending, so only its writer's and the admins' views (and the per-publisher counts). */
  articleSubmitted: (): QueryKey[] => [k.myArticles, k.posting, k.admin.articles, k.admin.publisherCounts],
  /**
   * An update (or a restore of an earlier revision) sends the article back to Pending, off the public
   * lists, maybe to another publisher, and adds a revision to its history.
   */
  articleUpdated: (id: string): QueryKey[] => [
    k.revisionsOf(id),
    k.myArticles,
    k.admin.articles,
    k.admin.publisherCounts,
    ...publicLists,
    ...oneArticle(id),
  ],
  articleApproved: (id: string): QueryKey[] => [
    k.myArticles,
    k.admin.articles,
    ...publicLists,
    ...oneArticle(id),
  ],
  /** Only Pending articles are declined or sent back for changes: nothing public changes. */
  articleDeclined: (id: string): QueryKey[] => [k.myArticles, k.admin.articles, ...oneArticle(id)],
  articleMadePremium: (id: string): QueryKey[] => [
    k.myArticles,
    k.admin.articles,
    ...publicLists,
    ...oneArticle(id),
  ],
  /** An article left the public lists (live only: the server says so after an update or a removal). */
  articleWithdrawn: (id: string): QueryKey[] => [...publicLists, ...oneArticle(id)],
  articleDeleted: (id: string): QueryKey[] => [
    k.myArticles,
    k.admin.articles,
    k.admin.publisherCounts,
    ...publicLists,
    ...oneArticle(id),
  ],
  /** Reading an article counts a view on it, and takes it out of the reader's "For you". */
  articleViewed: (id: string): QueryKey[] => [k.article(id), k.forYou],
  publisherAdded: (): QueryKey[] => [k.publishers, k.admin.publisherCounts],
  /** The role shows in the admin's user table, and in the promoted user's own profile (their tabs). */
  userMadeAdmin: (promotedIsMe = false): QueryKey[] =>
    promotedIsMe ? [k.admin.users, k.profiles] : [k.admin.users],
  /** The editor role shows in the admin's user table (the editor's own tabs read it on their next load). */
  editorRoleChanged: (): QueryKey[] => [k.admin.users],
  /** Name and photo show in the admin's user table and on the writer's public page too. */
  profileUpdated: (email: string): QueryKey[] => [k.profile(email), k.admin.users, k.writers],
  /**
   * A follow or unfollow: what the reader follows, their "For you" list (the server rebuilds it) and a
   * followed writer's page (its follower count).
   */
  followChanged: (kind: FollowKind, id: string): QueryKey[] => [
    k.myFollows,
    k.forYou,
    ...(kind === 'writer' ? [k.writer(id)] : []),
  ],
  /**
   * Premium from now (or no longer): the profile's end date, the counts, the premium list and the
   * billing pages. Without an email (the live event names nobody): every profile this tab holds.
   */
  premiumChanged: (email?: string): QueryKey[] => [
    email ? k.profile(email) : k.profiles,
    k.userCounts,
    k.admin.users,
    k.premium,
    a.billing,
    a.admin.billing,
  ],
  /**
   * A comment under `articleId` was posted, edited, removed, pinned, reported, hidden or restored: that
   * article's comments (every order), the cards' counts and the admins' Comments tab.
   */
  commentChanged: (articleId: string): QueryKey[] => [
    commentKeys.comments(articleId),
    commentKeys.counts,
    commentKeys.admin,
  ],
  /** A user stopped from commenting, or let comment again: the Comments tab marks their comments. */
  commentBanChanged: (): QueryKey[] => [commentKeys.admin],
  /** A subscription cancelled, resumed, switched or given a new card: the billing pages and All Users. */
  billingChanged: (): QueryKey[] => [a.billing, a.admin.billing, k.admin.users],
  /** One of the reader's gift links was created, revoked or opened by a new reader. */
  giftLinksChanged: (): QueryKey[] => [a.myGiftLinks],
  /**
   * An admin's refund: that user's payments and the revenue view (premium changes later, through
   * Stripe's webhook).
   */
  refundIssued: (email: string): QueryKey[] => [a.admin.billingOf(email), k.admin.users, a.admin.revenue],
};

/** Marks `keys` stale: the queries on screen refetch now, the others when next shown. */
export function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => {});
}
