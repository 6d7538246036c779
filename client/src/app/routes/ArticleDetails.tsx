import { useParams, useSearchParams } from 'react-router-dom';
import { GIFT_QUERY_PARAM, GIFT_TOKEN_PATTERN } from '@newsroom/common/gift-limits';
import { ArticleDetailsView } from '@/features/articles/components/ArticleDetailsView';
import { GiftedArticleView } from '@/features/articles/components/GiftedArticleView';
import { PublicArticleTeaser } from '@/features/articles/components/PublicArticleTeaser';
import { useAuth } from '@/lib/auth';

/**
 * Anyone may open an article: without a session (or while it is being restored) the public teaser,
 * with one the full text (which counts the view). Each sets the headline as the document title.
 * A gift link (`?gift=TOKEN`, docs/decisions/gift-links-and-meter.md) reads it in full for readers
 * without premium, signed out included; premium readers and admins read it as always.
 */
export default function ArticleDetails() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { user, loading, subscribed, isAdmin } = useAuth();
  const gift = params.get(GIFT_QUERY_PARAM);
  if (gift && GIFT_TOKEN_PATTERN.test(gift) && !subscribed && !isAdmin) {
    return <GiftedArticleView key={`${id}|${gift}`} id={id} token={gift} />;
  }
  if (loading || !user?.email) return <PublicArticleTeaser key={id} id={id} restoring={loading} />;
  return <ArticleDetailsView key={id} id={id} />;
}
