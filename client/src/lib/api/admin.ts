import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './keys';
import { invalidate, staleAfter } from './stale';
import type {
  AdminArticle,
  AdminUser,
  ModerationCounts,
  ModerationFilter,
  PublisherArticleCount,
  PublisherViews,
} from './types';

/** The admin's calls: users, moderation, publishers and their statistics. */

/** GET /all-users?page&limit */
export async function fetchAllUsers(page: number, limit: number) {
  const data: { users: AdminUser[]; totalPages: number } = await call('listUsers', {
    query: { page, limit },
  });
  // Keep the page the rows belong to: while the next page loads, the previous rows stay on screen.
  return { ...data, page, limit };
}

/** PATCH /make-admin/{id} */
export async function makeAdmin(id: string): Promise<void> {
  await call('makeAdmin', { params: { id } });
}

/** PATCH /make-editor/{id} (true) or /remove-editor/{id} (false): the editor role. */
export async function setEditor({ id, editor }: { id: string; editor: boolean }): Promise<void> {
  await call(editor ? 'makeEditor' : 'removeEditor', { params: { id } });
}

/** GET /all-articles/data; 'All' lists Pending first, then the decided ones. */
export async function fetchAllArticles(page: number, limit: number, status: ModerationFilter = 'All') {
  const data: { articles: AdminArticle[]; totalPages: number } = await call('moderationPage', {
    query: { limit, page, ...(status !== 'All' ? { status } : {}) },
  });
  return { ...data, page, limit, status };
}

/** GET /all-articles/counts */
export async function fetchModerationCounts(): Promise<ModerationCounts> {
  return call('moderationCounts');
}

/** GET /stats/publisher-views?days */
export async function fetchPublisherViews(days: number): Promise<PublisherViews> {
  return call('publisherViews', { query: { days } });
}

/** PATCH /update/status/{id}: the moderation calls answer the article as it now is. */
export async function approveArticle(id: string): Promise<AdminArticle> {
  return (await call('approveArticle', { params: { id } })).article;
}

/** PATCH /article/decline/{id} */
export async function declineArticle(id: string, decliningReason: string): Promise<AdminArticle> {
  return (await call('declineArticle', { params: { id }, body: { decliningReason } })).article;
}

/** PATCH /article/request-changes/{id}: back to its writer with the note. */
export async function requestChanges(id: string, reviewNote: string): Promise<AdminArticle> {
  return (await call('requestArticleChanges', { params: { id }, body: { reviewNote } })).article;
}

/** PATCH /article/schedule/{id}: approved to be published at `publishAt` (an ISO time). */
export async function scheduleArticle(id: string, publishAt: string): Promise<AdminArticle> {
  return (await call('scheduleArticle', { params: { id }, body: { publishAt } })).article;
}

/** PATCH /make-premium/{id} */
export async function makePremium(id: string): Promise<AdminArticle> {
  return (await call('makeArticlePremium', { params: { id } })).article;
}

/** POST /add-publishers */
export async function addPublisher(body: { publisherName: string; logo: string }): Promise<void> {
  await call('addPublisher', { body });
}

/** GET /publisher/article/count (every status) */
export async function fetchPublisherArticleCounts(): Promise<PublisherArticleCount[]> {
  return call('publisherArticleCounts');
}

export const adminQueries = {
  users: (page: number, limit: number) =>
    queryOptions({
      queryKey: queryKeys.admin.usersPage(page, limit),
      queryFn: () => fetchAllUsers(page, limit),
      placeholderData: keepPreviousData,
    }),
  articles: (page: number, limit: number, status: ModerationFilter = 'All') =>
    queryOptions({
      queryKey: queryKeys.admin.articlesPage(page, limit, status),
      queryFn: () => fetchAllArticles(page, limit, status),
      placeholderData: keepPreviousData,
    }),
  /** How many articles wait for moderation (the menu badge, the filter's numbers). */
  moderationCounts: () =>
    queryOptions({
      queryKey: queryKeys.admin.moderationCounts,
      queryFn: fetchModerationCounts,
      // A badge: its failure is not worth a toast (the table says its own).
      meta: { errorToast: false },
    }),
  publisherViews: (days: number) =>
    queryOptions({
      queryKey: queryKeys.admin.publisherViews(days),
      queryFn: () => fetchPublisherViews(days),
    }),
  publisherCounts: () =>
    queryOptions({ queryKey: queryKeys.admin.publisherCounts, queryFn: fetchPublisherArticleCounts }),
};

export const useAllUsers = (page: number, limit: number) => useQuery(adminQueries.users(page, limit));
export const useAllArticles = (page: number, limit: number, status: ModerationFilter = 'All') =>
  useQuery(adminQueries.articles(page, limit, status));
export const useModerationCounts = (enabled = true) =>
  useQuery({ ...adminQueries.moderationCounts(), enabled });
export const usePublisherViews = (days = 30) => useQuery(adminQueries.publisherViews(days));
export const usePublisherArticleCounts = () => useQuery(adminQueries.publisherCounts());

/**
 * An admin action refreshes what it changed (`staleAfter`), also when it was refused: a 409 means
 * someone else moderated meanwhile, and the table should show what is true now.
 */
function useAdminMutation<V, R = void>(
  fn: (vars: V) => Promise<R>,
  stale: (vars: V) => QueryKey[],
  errorToast = true,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_data, _error, vars) => invalidate(queryClient, stale(vars)),
    meta: { errorToast },
  });
}

export const useMakeAdmin = () => useAdminMutation(makeAdmin, () => staleAfter.userMadeAdmin());
// `errorToast` false: the caller shows the failure itself (the article dialog, where a toast would sit
// behind the modal).
export const useApproveArticle = (errorToast = true) =>
  useAdminMutation(approveArticle, staleAfter.articleApproved, errorToast);
export const useDeclineArticle = (errorToast = true) =>
  useAdminMutation(
    ({ id, reason }: { id: string; reason: string }) => declineArticle(id, reason),
    ({ id }) => staleAfter.articleDeclined(id),
    errorToast,
  );
export const useRequestChanges = (errorToast = true) =>
  useAdminMutation(
    ({ id, note }: { id: string; note: string }) => requestChanges(id, note),
    ({ id }) => staleAfter.articleDeclined(id),
    errorToast,
  );
// Nothing public changes until the time comes (the scheduler's approval refreshes the lists then).
export const useScheduleArticle = (errorToast = true) =>
  useAdminMutation(
    ({ id, publishAt }: { id: string; publishAt: string }) => scheduleArticle(id, publishAt),
    ({ id }) => staleAfter.articleDeclined(id),
    errorToast,
  );
export const useSetEditor = () => useAdminMutation(setEditor, () => staleAfter.editorRoleChanged());
export const useMakePremium = (errorToast = true) =>
  useAdminMutation(makePremium, staleAfter.articleMadePremium, errorToast);
// The form shows the error next to its fields (a taken name under the name).
export const useAddPublisher = () => useAdminMutation(addPublisher, staleAfter.publisherAdded, false);
