import { useCommentCounts } from '@/lib/api/comment-counts';
import { useHydrated } from '@/lib/hydration';
import type { Article } from '../types';
import { ArticleCard } from './ArticleCard';
import { LoadMore, type Pages } from '@/components/LoadMore';

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
  const comments = useCommentCounts(
    articles.map((a) => a._id),
    useHydrated(),
  );
  return (
    <>
      <div
        className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${dimmed ? 'opacity-70' : ''}`}
        data-testid="article-grid"
      >
        {articles.map((article, index) => (
          <ArticleCard
            key={article._id}
            article={article}
            canReadPremium={canReadPremium}
            index={index}
            commentCount={comments[article._id]}
          />
        ))}
      </div>
      <LoadMore pages={pages} />
    </>
  );
}
