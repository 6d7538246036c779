import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { useAuth } from '@/lib/auth';
import { usePremiumArticles } from '@/lib/api/articles';
import { ArticleCard } from './ArticleCard';
import { ArticleGridSkeleton } from './ArticleGridSkeleton';

/** The premium-only articles, newest first, 20 at a time with "Load more" (as All Articles). */
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
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-grid">
        {list.map((article, index) => (
          <ArticleCard key={article._id} article={article} canReadPremium index={index} />
        ))}
      </div>
      {articles.hasNextPage && (
        <div className="mt-10 text-center">
          <button
            type="button"
            className="btn btn-outline px-8"
            onClick={() => void articles.fetchNextPage()}
            disabled={articles.isFetchingNextPage}
          >
            {articles.isFetchingNextPage && <Spinner className="size-4" label="Loading more" />} Load more
          </button>
        </div>
      )}
    </>
  );
}
