import { useParams } from 'react-router-dom';
import { ArticleDetailsView } from '@/features/articles/components/ArticleDetailsView';
import { PublicArticleTeaser } from '@/features/articles/components/PublicArticleTeaser';
import { useAuth } from '@/lib/auth';

/**
 * Anyone may open an article: without a session (or while it is being restored) the public teaser,
 * with one the full text (which counts the view). Each sets the headline as the document title.
 */
export default function ArticleDetails() {
  const { id = '' } = useParams();
  const { user, loading } = useAuth();
  if (loading || !user?.email) return <PublicArticleTeaser key={id} id={id} restoring={loading} />;
  return <ArticleDetailsView key={id} id={id} />;
}
