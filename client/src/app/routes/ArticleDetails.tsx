import { useParams } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { ArticleDetailsView } from '@/features/articles/components/ArticleDetailsView';

export default function ArticleDetails() {
  const { id = '' } = useParams();
  usePageTitle('Article Details');
  return <ArticleDetailsView key={id} id={id} />;
}
