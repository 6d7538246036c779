import { usePageTitle } from '@/components/usePageTitle';
import { AllArticlesView } from '@/features/articles/components/AllArticlesView';

export default function AllArticles() {
  usePageTitle('All Articles');
  return <AllArticlesView />;
}
