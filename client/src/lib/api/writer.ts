import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './keys';
import { invalidate, staleAfter } from './stale';
import type { ArticleSubmission, ArticleUpdate, MyArticleViews, OwnArticle, PostingAllowance } from './types';

/** A writer's own articles: post, list, update, delete (admins delete any), their views. */

/** POST /articles?email */
export async function postArticle(email: string, body: ArticleSubmission): Promise<{ message?: string }> {
  return call('createArticle', { query: { email }, body });
}

/** GET /articles/{email} */
export async function fetchMyArticles(email: string): Promise<OwnArticle[]> {
  return call('articlesByAuthor', { params: { email } });
}

/** PATCH /my-articles/update/{id} */
export async function updateArticle(id: string, body: ArticleUpdate): Promise<void> {
  await call('updateArticle', { params: { id }, body });
}

/** DELETE /my-articles/{id}: the owner, or an admin for any article. */
export async function deleteArticle(id: string): Promise<void> {
  await call('deleteArticle', { params: { id } });
}

/** GET /me/posting */
export async function fetchPostingAllowance(): Promise<PostingAllowance> {
  return call('postingAllowance');
}

/** GET /stats/my-article-views?days */
export async function fetchMyArticleViews(days: number): Promise<MyArticleViews> {
  return call('myArticleViews', { query: { days } });
}

/** Keyed by the signed-in email (the calls answer for the session's user), so sign-out drops them. */
export const writerQueries = {
  myArticles: (email: string) =>
    queryOptions({ queryKey: queryKeys.myArticlesOf(email), queryFn: () => fetchMyArticles(email) }),
  posting: (email: string) =>
    queryOptions({
      queryKey: queryKeys.postingOf(email),
      queryFn: fetchPostingAllowance,
      // A hint only: the form works without it, and the server still refuses a post over the cap.
      meta: { errorToast: false },
    }),
  myArticleViews: (email: string, days: number) =>
    queryOptions({
      queryKey: queryKeys.myArticleViewsOf(email, days),
      queryFn: () => fetchMyArticleViews(days),
    }),
};

export const useMyArticles = (email: string | null | undefined) =>
  useQuery({ ...writerQueries.myArticles(email ?? ''), enabled: !!email });
/** Whether the signed-in user may post another article (the free plan's cap, said before typing). */
export const usePostingAllowance = (email: string | null | undefined) =>
  useQuery({ ...writerQueries.posting(email ?? ''), enabled: !!email });
export const useMyArticleViews = (email: string | null | undefined, days = 30) =>
  useQuery({ ...writerQueries.myArticleViews(email ?? '', days), enabled: !!email });

export function usePostArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: ArticleSubmission }) => postArticle(email, body),
    onSuccess: () => invalidate(queryClient, staleAfter.articleSubmitted()),
  });
}

export function useUpdateArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ArticleUpdate }) => updateArticle(id, body),
    // A refusal (409: declined meanwhile) also refreshes, so the table shows the article's new status.
    onSettled: (_data, _error, { id }) => invalidate(queryClient, staleAfter.articleUpdated(id)),
    // The update dialog shows the error itself (a toast would sit behind the modal).
    meta: { errorToast: false },
  });
}

/** The writer's Delete in My Articles and the admin's in the moderation table. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    // A refusal (already deleted elsewhere) also refreshes, so the row goes.
    onSettled: (_data, _error, id) => invalidate(queryClient, staleAfter.articleDeleted(id)),
  });
}
