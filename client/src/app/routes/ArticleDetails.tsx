import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { GIFT_QUERY_PARAM, GIFT_TOKEN_PATTERN } from '@newsroom/common/gift-limits';
import { ArticleDetailsView } from '@/features/articles/components/ArticleDetailsView';
import { GiftedArticleView } from '@/features/articles/components/GiftedArticleView';
import { PublicArticleTeaser } from '@/features/articles/components/PublicArticleTeaser';
import type { CommentsSectionProps } from '@/features/comments/CommentsSection';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';

// A chunk of its own: the article's first paint (and the server's markup) never waits for it.
const CommentsSection = lazy(() => import('@/features/comments/CommentsSection'));

/** The conversation under an article, once the page is the app's (after hydration). */
function Comments(props: CommentsSectionProps) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <CommentsSection {...props} />
    </Suspense>
  );
}

/**
 * Anyone may open an article: without a session (or while it is being restored) the public teaser,
 * with one the full text (which counts the view). Each sets the headline as the document title.
 * A gift link (`?gift=TOKEN`, docs/decisions/gift-links-and-meter.md) reads it in full for readers
 * without premium, signed out included; premium readers and admins read it as always. Under a free
 * article, and a premium one the reader may read (a gift link's reader included), its comments.
 */
export default function ArticleDetails() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { user, loading, subscribed, isAdmin } = useAuth();
  const gift = params.get(GIFT_QUERY_PARAM);
  if (gift && GIFT_TOKEN_PATTERN.test(gift) && !subscribed && !isAdmin) {
    return (
      <GiftedArticleView
        key={`${id}|${gift}`}
        id={id}
        token={gift}
        comments={(pass) => <Comments articleId={id} isArticleWriter={false} gift={pass} />}
      />
    );
  }
  if (loading || !user?.email) {
    return (
      <PublicArticleTeaser
        key={id}
        id={id}
        restoring={loading}
        comments={(a) => <Comments articleId={a._id} isArticleWriter={false} />}
      />
    );
  }
  return (
    <ArticleDetailsView
      key={id}
      id={id}
      comments={(a, ownArticle) => <Comments articleId={a._id} isArticleWriter={ownArticle} />}
    />
  );
}
