import { useCommentCounts } from '@/lib/api/comment-counts';
import { useRelatedArticles } from '@/lib/api/follows';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';
import { articleMessages } from '../messages';
import { ArticleCard } from './ArticleCard';

/**
 * Up to 4 related approved articles under an article; nothing when there are none (or they fail to
 * load). Asked for only after hydration, so the article's own first paint never waits for it and the
 * server's markup is what hydration finds.
 */
export function RelatedReading({ articleId }: { articleId: string }) {
  const hydrated = useHydrated();
  const { subscribed, isAdmin } = useAuth();
  const related = useRelatedArticles(articleId, hydrated);
  const comments = useCommentCounts(related.data?.map((a) => a._id) ?? [], hydrated);
  if (!hydrated || !related.data?.length) return null;
  return (
    <section
      aria-labelledby="related-reading-title"
      className="container-page max-w-6xl border-t border-rule pt-8 pb-12"
      data-testid="related-reading"
    >
      <h2 id="related-reading-title" className="section-title mb-6">
        {articleMessages.relatedReading}
      </h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {related.data.map((article) => (
          <ArticleCard
            key={article._id}
            article={article}
            canReadPremium={subscribed || isAdmin}
            commentCount={comments[article._id]}
          />
        ))}
      </div>
    </section>
  );
}
