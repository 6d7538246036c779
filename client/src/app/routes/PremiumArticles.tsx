import { usePageTitle } from '@/components/usePageTitle';
import { usePremiumArticles } from '@/features/articles/api/premium-articles';
import { ArticleCard } from '@/features/articles/components/ArticleCard';
import { ArticleGridSkeleton } from '@/features/articles/components/ArticleGridSkeleton';
import { useAuth } from '@/lib/auth';

/** /premium-articles (subscription guard): the premium-only articles. */
export default function PremiumArticles() {
  usePageTitle('Premium Articles');
  const { user } = useAuth();
  const articles = usePremiumArticles(!!user?.email);

  return (
    <section className="container-page py-12">
      <header className="mb-8">
        <p className="section-kicker">Members only</p>
        <h1 className="section-title mt-1">Premium Articles</h1>
        <p className="mt-2 max-w-2xl text-muted">In-depth reporting reserved for our subscribers.</p>
      </header>
      {articles.isPending ? (
        <ArticleGridSkeleton />
      ) : articles.isError ? (
        <p role="alert" className="card p-6 text-muted">
          Premium articles could not be loaded. Please try again later.
        </p>
      ) : articles.data.length === 0 ? (
        <p className="card p-6 text-muted">No premium articles yet.</p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-grid">
          {articles.data.map((article) => (
            <ArticleCard key={article._id} article={article} canReadPremium />
          ))}
        </div>
      )}
    </section>
  );
}
