import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Publisher } from '../types';

export const publishersQueryKey = ['publisher-data'] as const;

export async function fetchPublishers(): Promise<Publisher[]> {
  const { data } = await api.get<Publisher[]>('/publisher-data');
  return data;
}

/** GET /publisher-data, cached under `publisher-data` (docs/product.md §7). */
export function usePublishers() {
  return useQuery({ queryKey: publishersQueryKey, queryFn: fetchPublishers, staleTime: 5 * 60_000 });
}
