import { usePageTitle } from '@/components/usePageTitle';
import { PremiumArticlesView } from '@/features/articles/components/PremiumArticlesView';

/** /premium-articles (subscription guard): the premium-only articles, paged with "Load more". */
export default function PremiumArticles() {
  usePageTitle('Premium Articles');
  return (
    <section className="container-page py-12">
      <header className="mb-8">
        <p className="section-kicker">Members only</p>
        <h1 className="section-title mt-1">Premium Articles</h1>
        <p className="mt-2 max-w-2xl text-muted">In-depth reporting reserved for our subscribers.</p>
      </header>
      <PremiumArticlesView />
    </section>
  );
}
