import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Article } from '../types';

export const premiumArticlesQueryKey = ['private', 'premium-articles'] as const;

export async function fetchPremiumArticles(): Promise<Article[]> {
  const { data } = await api.get<Article[]>('/premium/articles/only');
  return data;
}

/** GET /premium/articles/only (premium or admin; 402 otherwise). */
export function usePremiumArticles(enabled: boolean) {
  return useQuery({ queryKey: premiumArticlesQueryKey, queryFn: fetchPremiumArticles, enabled });
}
