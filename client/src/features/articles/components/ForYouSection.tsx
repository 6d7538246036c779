import { LoadError } from '@/components/LoadError';
import { useCommentCounts } from '@/lib/api/comment-counts';
import { useForYou } from '@/lib/api/follows';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';
import { articleMessages, forYouReason } from '../messages';
import { ArticleCard } from './ArticleCard';
import { LoadMore } from '@/components/LoadMore';
import { ArticleGridSkeleton } from './ArticleGridSkeleton';

/**
 * "For you" on Home: the signed-in reader's own front page, each card saying why it is there, a page
 * at a time. The server renders Home signed out, so this appears only after hydration.
 */
export function ForYouSection() {
  const hydrated = useHydrated();
  const { user, subscribed, isAdmin } = useAuth();
  const email = hydrated ? user?.email : null;
  const feed = useForYou(email);
  const articles = feed.data?.pages.flatMap((p) => p.articles) ?? [];
  const comments = useCommentCounts(
    articles.map((a) => a._id),
    !!email,
  );
  if (!email) return null;

  return (
    <section aria-labelledby="for-you-title" className="py-14" data-testid="for-you">
      <div className="container-page">
        <header className="mb-8 border-t-2 border-ink pt-3">
          <p className="section-kicker">{articleMessages.forYouKicker}</p>
          <h2 id="for-you-title" className="section-title mt-1">
            {articleMessages.forYouTitle}
          </h2>
          <p className="mt-2 max-w-2xl text-muted">{articleMessages.forYouIntro}</p>
        </header>
        {feed.isPending ? (
          <ArticleGridSkeleton />
        ) : feed.isError ? (
          <LoadError
            title="Your front page could not be loaded."
            error={feed.error}
            onRetry={() => feed.refetch()}
          />
        ) : articles.length === 0 ? (
          <p className="card p-8 text-center text-muted">{articleMessages.forYouEmpty}</p>
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {articles.map((article) => (
                <ArticleCard
                  key={article._id}
                  article={article}
                  canReadPremium={subscribed || isAdmin}
                  label={forYouReason(article.reason, article.Tags)}
                  commentCount={comments[article._id]}
                />
              ))}
            </div>
            <LoadMore pages={feed} />
          </>
        )}
      </div>
    </section>
  );
}
