import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ArticleSubmission, ArticleUpdate, OwnArticle } from './types';

/** Query keys. User-specific data sits under 'private' so signing out drops it. */
export const writerKeys = {
  myArticles: (email: string) => ['private', 'my-articles', email] as const,
};

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
    onSuccess: invalidate,
  });
}

export function useDeleteArticle() {
  const invalidate = useInvalidateAfterWrite();
  return useMutation({ mutationFn: deleteArticle, onSuccess: invalidate });
}
