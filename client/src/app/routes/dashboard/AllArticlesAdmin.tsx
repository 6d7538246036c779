import { usePageTitle } from '@/components/usePageTitle';
import { AllArticlesAdminTable } from '@/features/admin/AllArticlesAdminTable';
import { historyOf } from './article-history';

export default function AllArticlesAdmin() {
  usePageTitle('All Articles');
  return (
    <section>
      <h1 className="section-title mb-6">All Articles</h1>
      <AllArticlesAdminTable history={historyOf} />
    </section>
  );
}
