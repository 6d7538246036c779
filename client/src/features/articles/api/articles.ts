import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Article, ArticleTeaser } from '../types';

export interface ApprovedFilter {
  search: string;
  /** Publisher name; '' for all publishers. */
  publisher: string;
  tags: string[];
}

/** Page size of the approved list (the API's default). */
export const APPROVED_PAGE_SIZE = 20;

export async function fetchApprovedArticles(filter: ApprovedFilter, page = 1): Promise<Article[]> {
  const params: Record<string, string | number> = { page, limit: APPROVED_PAGE_SIZE };
  if (filter.search.trim()) params.search = filter.search.trim();
  if (filter.publisher) params.publicationFiler = filter.publisher; // (sic) the API's parameter name
  if (filter.tags.length) params.tags = filter.tags.join(',');
  const { data } = await api.get<Article[]>('/all-articles/approved', { params });
  return data;
}

/** GET /all-articles/approved?search&publicationFiler&tags, page by page ("Load more"). */
export function useApprovedArticles(filter: ApprovedFilter) {
  return useInfiniteQuery({
    queryKey: ['approved-articles', filter],
    queryFn: ({ pageParam }) => fetchApprovedArticles(filter, pageParam),
    initialPageParam: 1,
    // A page shorter than the page size is the last one.
    getNextPageParam: (last, pages) => (last.length < APPROVED_PAGE_SIZE ? undefined : pages.length + 1),
    placeholderData: keepPreviousData,
  });
}

export async function fetchTrendingArticles(): Promise<Article[]> {
  const { data } = await api.get<Article[]>('/articles/trending');
  return data;
}

export function useTrendingArticles() {
  return useQuery({ queryKey: ['articles', 'trending'], queryFn: fetchTrendingArticles });
}

export const articleQueryKey = (id: string) => ['private', 'article', id] as const;

export async function fetchArticle(id: string): Promise<Article> {
  const { data } = await api.get<Article>(`/article/data/${encodeURIComponent(id)}`);
  return data;
}

/** GET /article/data/{id} (signed in; 402 for premium content without premium). */
export function useArticle(id: string, enabled: boolean) {
  return useQuery({ queryKey: articleQueryKey(id), queryFn: () => fetchArticle(id), enabled });
}

export async function fetchPublicArticle(id: string): Promise<ArticleTeaser> {
  const { data } = await api.get<ArticleTeaser>(`/articles/public/${encodeURIComponent(id)}`);
  return data;
}

/** GET /articles/public/{id}: an approved article's teaser, no session needed (404 otherwise). */
export function usePublicArticle(id: string) {
  return useQuery({ queryKey: ['articles', 'public', id], queryFn: () => fetchPublicArticle(id) });
}

export async function recordArticleView(id: string): Promise<void> {
  await api.patch(`/articles/view-count/${encodeURIComponent(id)}`);
}

/** PATCH /articles/view-count/{id} when details open; the article is re-read so the count is fresh. */
export function useRecordView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordArticleView,
    // Counting a view is the reader's side effect, not their action: a refusal (429) is not told.
    meta: { errorToast: false },
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: articleQueryKey(id) }),
  });
}
