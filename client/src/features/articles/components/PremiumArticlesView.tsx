import { LoadError } from '@/components/LoadError';
import { useAuth } from '@/lib/auth';
import { usePremiumArticles } from '@/lib/api/articles';
import { ArticleCardGrid } from './ArticleCardGrid';
import { ArticleGridSkeleton } from './ArticleGridSkeleton';

/** The premium-only articles, newest first, a page (READER_PAGE_SIZE) at a time with "Load more" (as All Articles). */
export function PremiumArticlesView() {
  const { user } = useAuth();
  const articles = usePremiumArticles(!!user?.email);
  const list = articles.data?.pages.flat() ?? [];

  if (articles.isPending) return <ArticleGridSkeleton />;
  if (articles.isError && list.length === 0) {
    return (
      <LoadError
        title="Premium articles could not be loaded."
        error={articles.error}
        onRetry={() => articles.refetch()}
      />
    );
  }
  if (list.length === 0) return <p className="card p-6 text-muted">No premium articles yet.</p>;
  return (
    <>
      <p className="mb-4 text-sm text-muted" aria-live="polite">
        Showing {list.length} premium {list.length === 1 ? 'article' : 'articles'}
        {articles.hasNextPage ? ' · newest first' : ''}
      </p>
      <ArticleCardGrid articles={list} canReadPremium pages={articles} />
    </>
  );
}
