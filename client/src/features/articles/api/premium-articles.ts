import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Article } from '../types';

export const premiumArticlesQueryKey = ['private', 'premium-articles'] as const;

/** Page size of the premium list, as the approved list's. */
export const PREMIUM_PAGE_SIZE = 20;

export async function fetchPremiumArticles(page = 1): Promise<Article[]> {
  const { data } = await api.get<Article[]>('/premium/articles/only', {
    params: { page, limit: PREMIUM_PAGE_SIZE },
  });
  return data;
}

/** GET /premium/articles/only (premium or admin; 402 otherwise), page by page ("Load more"). */
export function usePremiumArticles(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: premiumArticlesQueryKey,
    queryFn: ({ pageParam }) => fetchPremiumArticles(pageParam),
    initialPageParam: 1,
    // A page shorter than the page size is the last one.
    getNextPageParam: (last, pages) => (last.length < PREMIUM_PAGE_SIZE ? undefined : pages.length + 1),
    enabled,
  });
}
