import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article, ArticleRevision } from '@newsroom/common';
import { call } from './call';
import { queryKeys } from './keys';
import { invalidate, staleAfter } from './stale';

/** An article's history: its writer and moderators read it and restore an earlier revision. */

/** GET /articles/{id}/revisions: newest first. */
export async function fetchRevisions(id: string): Promise<ArticleRevision[]> {
  return call('articleRevisions', { params: { id } });
}

/** POST /articles/{id}/revisions/{n}/restore: the article as restored (Pending again). */
export async function restoreRevision(id: string, n: number): Promise<Article> {
  const { article } = await call('restoreArticleRevision', { params: { id, n: String(n) } });
  return article;
}

export const useArticleRevisions = (id: string) =>
  useQuery({ queryKey: queryKeys.revisionsOf(id), queryFn: () => fetchRevisions(id) });

export function useRestoreRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, n }: { id: string; n: number }) => restoreRevision(id, n),
    // A restore is an edit: whatever an edit makes stale, and the history (its new revision).
    onSettled: (_data, _error, { id }) => invalidate(queryClient, staleAfter.articleUpdated(id)),
    // The history dialog shows the error itself (a toast would sit behind the modal).
    meta: { errorToast: false },
  });
}
