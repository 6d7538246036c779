import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminArticle, AdminUser, PublisherArticleCount, UserCounts } from './types';

export const adminKeys = {
  users: (page: number, limit: number) => ['private', 'admin', 'all-users', page, limit] as const,
  articles: (page: number, limit: number) => ['private', 'admin', 'all-articles', page, limit] as const,
  publisherCounts: ['private', 'admin', 'publisher-article-count'] as const,
  userCounts: ['admin', 'users-count'] as const,
};

export async function fetchAllUsers(page: number, limit: number) {
  const { data } = await api.get<{ users: AdminUser[]; totalPages: number }>('/all-users', {
    params: { page, limit },
  });
  // Keep the page the rows belong to: while the next page loads, the previous rows stay on screen.
  return { ...data, page, limit };
}

export async function makeAdmin(id: string): Promise<void> {
  await api.patch(`/make-admin/${encodeURIComponent(id)}`);
}

export async function fetchAllArticles(page: number, limit: number) {
  const { data } = await api.get<{ articles: AdminArticle[]; totalPages: number }>('/all-articles/data', {
    params: { limit, page },
  });
  return { ...data, page, limit };
}

export async function approveArticle(id: string): Promise<void> {
  await api.patch(`/update/status/${encodeURIComponent(id)}`);
}

export async function declineArticle(id: string, decliningReason: string): Promise<void> {
  await api.patch(`/article/decline/${encodeURIComponent(id)}`, { decliningReason });
}

export async function makePremium(id: string): Promise<void> {
  await api.patch(`/make-premium/${encodeURIComponent(id)}`);
}

/** The same call a writer uses for their own article; admins may delete any. */
export async function deleteArticle(id: string): Promise<void> {
  await api.delete(`/my-articles/${encodeURIComponent(id)}`);
}

export async function addPublisher(body: { publisherName: string; logo: string }): Promise<void> {
  await api.post('/add-publishers', body);
}

export async function fetchPublisherArticleCounts(): Promise<PublisherArticleCount[]> {
  const { data } = await api.get<PublisherArticleCount[]>('/publisher/article/count');
  return data;
}

export async function fetchUserCounts(): Promise<UserCounts> {
  const { data } = await api.get<UserCounts>('/users-count');
  return data;
}

export function useAllUsers(page: number, limit: number) {
  return useQuery({
    queryKey: adminKeys.users(page, limit),
    queryFn: () => fetchAllUsers(page, limit),
    placeholderData: keepPreviousData,
  });
}

export function useAllArticles(page: number, limit: number) {
  return useQuery({
    queryKey: adminKeys.articles(page, limit),
    queryFn: () => fetchAllArticles(page, limit),
    placeholderData: keepPreviousData,
  });
}

export function usePublisherArticleCounts() {
  return useQuery({ queryKey: adminKeys.publisherCounts, queryFn: fetchPublisherArticleCounts });
}

export function useUserCounts() {
  return useQuery({ queryKey: adminKeys.userCounts, queryFn: fetchUserCounts });
}

/**
 * Every admin action changes what other screens show (lists, counts, publishers): mark all cached
 * queries stale, so the visible ones refetch now and the others when next shown.
 */
function useAdminMutation<V>(fn: (vars: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries() });
}

export const useMakeAdmin = () => useAdminMutation(makeAdmin);
export const useApproveArticle = () => useAdminMutation(approveArticle);
export const useDeclineArticle = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) => declineArticle(id, reason));
export const useMakePremium = () => useAdminMutation(makePremium);
export const useDeleteArticleAsAdmin = () => useAdminMutation(deleteArticle);
export const useAddPublisher = () => useAdminMutation(addPublisher);
