import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type {
  AdminArticle,
  AdminUser,
  ModerationCounts,
  ModerationFilter,
  PublisherArticleCount,
  PublisherViews,
  UserCounts,
} from './types';

export const adminKeys = {
  users: (page: number, limit: number) => ['private', 'admin', 'all-users', page, limit] as const,
  articles: (page: number, limit: number, status: ModerationFilter = 'All') =>
    ['private', 'admin', 'all-articles', status, page, limit] as const,
  /** Under the articles prefix, so whatever refreshes the table refreshes the counts too. */
  moderationCounts: ['private', 'admin', 'all-articles', 'counts'] as const,
  publisherViews: (days: number) => ['private', 'admin', 'publisher-views', days] as const,
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

/** GET /all-articles/data; 'All' lists Pending first, then the decided ones. */
export async function fetchAllArticles(page: number, limit: number, status: ModerationFilter = 'All') {
  const params: Record<string, string | number> = { limit, page };
  if (status !== 'All') params.status = status;
  const { data } = await api.get<{ articles: AdminArticle[]; totalPages: number }>('/all-articles/data', {
    params,
  });
  return { ...data, page, limit, status };
}

export async function fetchModerationCounts(): Promise<ModerationCounts> {
  const { data } = await api.get<ModerationCounts>('/all-articles/counts');
  return data;
}

export async function fetchPublisherViews(days: number): Promise<PublisherViews> {
  const { data } = await api.get<PublisherViews>('/stats/publisher-views', { params: { days } });
  return data;
}

/** The moderation calls answer the article as it now is. */
type Moderated = { article: AdminArticle };

export async function approveArticle(id: string): Promise<AdminArticle> {
  const { data } = await api.patch<Moderated>(`/update/status/${encodeURIComponent(id)}`);
  return data.article;
}

export async function declineArticle(id: string, decliningReason: string): Promise<AdminArticle> {
  const { data } = await api.patch<Moderated>(`/article/decline/${encodeURIComponent(id)}`, {
    decliningReason,
  });
  return data.article;
}

export async function makePremium(id: string): Promise<AdminArticle> {
  const { data } = await api.patch<Moderated>(`/make-premium/${encodeURIComponent(id)}`);
  return data.article;
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

export function useAllArticles(page: number, limit: number, status: ModerationFilter = 'All') {
  return useQuery({
    queryKey: adminKeys.articles(page, limit, status),
    queryFn: () => fetchAllArticles(page, limit, status),
    placeholderData: keepPreviousData,
  });
}

/** How many articles wait for moderation (the menu badge, the filter's numbers). */
export function useModerationCounts(enabled = true) {
  return useQuery({
    queryKey: adminKeys.moderationCounts,
    queryFn: fetchModerationCounts,
    enabled,
    // A badge: its failure is not worth a toast (the table says its own).
    meta: { errorToast: false },
  });
}

export function usePublisherViews(days = 30) {
  return useQuery({ queryKey: adminKeys.publisherViews(days), queryFn: () => fetchPublisherViews(days) });
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
function useAdminMutation<V, R = void>(fn: (vars: V) => Promise<R>, errorToast = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries(),
    meta: { errorToast },
  });
}

export const useMakeAdmin = () => useAdminMutation(makeAdmin);
// `errorToast` false: the caller shows the failure itself (the article dialog, where a toast would sit
// behind the modal).
export const useApproveArticle = (errorToast = true) => useAdminMutation(approveArticle, errorToast);
export const useDeclineArticle = (errorToast = true) =>
  useAdminMutation(
    ({ id, reason }: { id: string; reason: string }) => declineArticle(id, reason),
    errorToast,
  );
export const useMakePremium = (errorToast = true) => useAdminMutation(makePremium, errorToast);
export const useDeleteArticleAsAdmin = () => useAdminMutation(deleteArticle);
// The form shows the error next to its fields (a taken name under the name).
export const useAddPublisher = () => useAdminMutation(addPublisher, false);
