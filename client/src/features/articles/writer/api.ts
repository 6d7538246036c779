import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ArticleSubmission, ArticleUpdate, OwnArticle } from './types';

/** Query keys. User-specific data sits under 'private' so signing out drops it. */
export const writerKeys = {
  myArticles: (email: string) => ['private', 'my-articles', email] as const,
  posting: (email: string) => ['private', 'posting', email] as const,
  myArticleViews: (email: string, days: number) => ['private', 'my-article-views', email, days] as const,
};

/** GET /me/posting: what the caller may still post (maxArticles null = no cap). */
export interface PostingAllowance {
  postedCount: number;
  maxArticles: number | null;
  canPost: boolean;
}

/** GET /stats/my-article-views: views per UTC day (oldest first) of the caller's articles with views. */
export interface MyArticleViews {
  days: string[];
  articles: { _id: string; views: number[]; periodViews: number }[];
}

export async function postArticle(email: string, body: ArticleSubmission): Promise<{ message?: string }> {
  const { data } = await api.post<{ message?: string }>('/articles', body, { params: { email } });
  return data;
}

export async function fetchMyArticles(email: string): Promise<OwnArticle[]> {
  const { data } = await api.get<OwnArticle[]>(`/articles/${encodeURIComponent(email)}`);
  return data;
}

export async function updateArticle(id: string, body: ArticleUpdate): Promise<void> {
  await api.patch(`/my-articles/update/${encodeURIComponent(id)}`, body);
}

export async function deleteArticle(id: string): Promise<void> {
  await api.delete(`/my-articles/${encodeURIComponent(id)}`);
}

export async function fetchPostingAllowance(): Promise<PostingAllowance> {
  const { data } = await api.get<PostingAllowance>('/me/posting');
  return data;
}

export async function fetchMyArticleViews(days: number): Promise<MyArticleViews> {
  const { data } = await api.get<MyArticleViews>('/stats/my-article-views', { params: { days } });
  return data;
}

/** Whether the signed-in user may post another article (the free plan's cap, said before typing). */
export function usePostingAllowance(email: string | null | undefined) {
  return useQuery({
    queryKey: writerKeys.posting(email ?? ''),
    queryFn: fetchPostingAllowance,
    enabled: !!email,
    // A hint only: the form works without it, and the server still refuses a post over the cap.
    meta: { errorToast: false },
  });
}

export function useMyArticleViews(email: string | null | undefined, days = 30) {
  return useQuery({
    queryKey: writerKeys.myArticleViews(email ?? '', days),
    queryFn: () => fetchMyArticleViews(days),
    enabled: !!email,
  });
}

export function useMyArticles(email: string | null | undefined) {
  return useQuery({
    queryKey: writerKeys.myArticles(email ?? ''),
    queryFn: () => fetchMyArticles(email ?? ''),
    enabled: !!email,
  });
}

/**
 * A writer's change also changes public lists (approved, trending, counts) cached by other screens:
 * mark everything stale so each screen refetches when it is next shown.
 */
function useInvalidateAfterWrite() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function usePostArticle() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: ArticleSubmission }) => postArticle(email, body),
    onSuccess: invalidate,
  });
}

export function useUpdateArticle() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ArticleUpdate }) => updateArticle(id, body),
    // A refusal (409: declined meanwhile) also refreshes, so the table shows the article's new status.
    onSettled: invalidate,
    // The update dialog shows the error itself (a toast would sit behind the modal).
    meta: { errorToast: false },
  });
}

export function useDeleteArticle() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({ mutationFn: deleteArticle, onSuccess: invalidate });
}
