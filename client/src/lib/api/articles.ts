import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { READER_PAGE_SIZE, type Meter } from '@newsroom/common';
import { call } from './call';
import { queryKeys } from './keys';
import { invalidate, staleAfter } from './stale';
import type { ApprovedFilter, Article, ArticleTeaser, Publisher } from './types';

/** What readers read: approved, trending, premium and single articles, and the publishers. */

/** Page size of the approved list (the site server renders its first page: same constant). */
export const APPROVED_PAGE_SIZE = READER_PAGE_SIZE;
/** Page size of the premium list, as the approved list's. */
export const PREMIUM_PAGE_SIZE = READER_PAGE_SIZE;

/** GET /all-articles/approved?search&publicationFiler&tags&page&limit */
export async function fetchApprovedArticles(filter: ApprovedFilter, page = 1): Promise<Article[]> {
  const query: { page: number; limit: number; search?: string; publicationFiler?: string; tags?: string } = {
    page,
    limit: APPROVED_PAGE_SIZE,
  };
  if (filter.search.trim()) query.search = filter.search.trim();
  if (filter.publisher) query.publicationFiler = filter.publisher; // (sic) the API's parameter name
  if (filter.tags.length) query.tags = filter.tags.join(',');
  return call('approvedArticles', { query });
}

export async function fetchTrendingArticles(): Promise<Article[]> {
  return call('trendingArticles');
}

/**
 * GET /article/data/{id} (signed in; a premium one without premium: on the reader's meter, with
 * `meter`, while free reads last, else 402).
 */
export async function fetchArticle(id: string): Promise<Article & { meter?: Meter }> {
  return call('articleDetails', { params: { id } });
}

/** GET /articles/public/{id}: an approved article's teaser, no session needed (404 otherwise). */
export async function fetchPublicArticle(id: string): Promise<ArticleTeaser> {
  return call('articleTeaser', { params: { id } });
}

/** GET /premium/articles/only (premium or admin; 402 otherwise). */
export async function fetchPremiumArticles(page = 1): Promise<Article[]> {
  return call('premiumArticles', { query: { page, limit: PREMIUM_PAGE_SIZE } });
}

/** PATCH /articles/view-count/{id} */
export async function recordArticleView(id: string): Promise<void> {
  await call('countView', { params: { id } });
}

/** GET /publisher-data */
export async function fetchPublishers(): Promise<Publisher[]> {
  return call('listPublishers');
}

/** A page shorter than the page size is the last one. */
const nextPage = (size: number) => (last: Article[], pages: Article[][]) =>
  last.length < size ? undefined : pages.length + 1;

export const articleQueries = {
  /** Page by page ("Load more"); the previous filter's articles stay while the next one loads. */
  approved: (filter: ApprovedFilter) =>
    infiniteQueryOptions({
      queryKey: queryKeys.approvedList(filter),
      queryFn: ({ pageParam }) => fetchApprovedArticles(filter, pageParam),
      initialPageParam: 1,
      getNextPageParam: nextPage(APPROVED_PAGE_SIZE),
      placeholderData: keepPreviousData,
    }),
  trending: () => queryOptions({ queryKey: queryKeys.trending, queryFn: fetchTrendingArticles }),
  one: (id: string) => queryOptions({ queryKey: queryKeys.article(id), queryFn: () => fetchArticle(id) }),
  teaser: (id: string) =>
    queryOptions({ queryKey: queryKeys.publicArticle(id), queryFn: () => fetchPublicArticle(id) }),
  premium: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.premium,
      queryFn: ({ pageParam }) => fetchPremiumArticles(pageParam),
      initialPageParam: 1,
      getNextPageParam: nextPage(PREMIUM_PAGE_SIZE),
    }),
  /** Cached under `publisher-data` (docs/product.md §7); the list rarely changes. */
  publishers: () =>
    queryOptions({ queryKey: queryKeys.publishers, queryFn: fetchPublishers, staleTime: 5 * 60_000 }),
};

export const useApprovedArticles = (filter: ApprovedFilter) =>
  useInfiniteQuery(articleQueries.approved(filter));
export const useTrendingArticles = () => useQuery(articleQueries.trending());
export const useArticle = (id: string, enabled: boolean) => useQuery({ ...articleQueries.one(id), enabled });
export const usePublicArticle = (id: string) => useQuery(articleQueries.teaser(id));
export const usePremiumArticles = (enabled: boolean) =>
  useInfiniteQuery({ ...articleQueries.premium(), enabled });
/** `enabled: false` keeps a screen that shows the list later from asking for it yet (lib/use-idle.ts). */
export const usePublishers = (enabled = true) => useQuery({ ...articleQueries.publishers(), enabled });

/** PATCH /articles/view-count/{id} when details open; the article is re-read so the count is fresh. */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordArticleView,
    // Counting a view is the reader's side effect, not their action: a refusal (429) is not told.
    meta: { errorToast: false },
    onSettled: (_data, _error, id) => invalidate(queryClient, staleAfter.articleViewed(id)),
  });
}
