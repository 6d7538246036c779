import type { Article } from '../types';
import { ArticleCard } from './ArticleCard';
import { LoadMore, type Pages } from './LoadMore';

interface ArticleCardGridProps {
  articles: readonly Article[];
  /** Subscribed users and admins may open premium articles. */
  canReadPremium: boolean;
  /** The infinite query the cards come from: "Load more" while it has another page. */
  pages: Pages;
  /** Dimmed while a new filter's first page loads. */
  dimmed?: boolean;
}

/** A paged list of article cards (all articles, premium articles, a writer's page), then "Load more". */
export function ArticleCardGrid({ articles, canReadPremium, pages, dimmed = false }: ArticleCardGridProps) {
  return (
    <>
      <div
        className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${dimmed ? 'opacity-70' : ''}`}
        data-testid="article-grid"
      >
        {articles.map((article, index) => (
          <ArticleCard key={article._id} article={article} canReadPremium={canReadPremium} index={index} />
        ))}
      </div>
      <LoadMore pages={pages} />
    </>
  );
}
