import { usePageTitle } from '@/components/usePageTitle';
import { AllArticlesAdminTable } from '@/features/admin/AllArticlesAdminTable';
import { useAuth } from '@/lib/auth';

/** /user-dashboard/moderation: an editor's All Articles table (moderation without Delete: docs/roles.md). */
export default function Moderation() {
  usePageTitle('All Articles');
  const { isAdmin } = useAuth();
  return (
    <section>
      <h1 className="section-title mb-6">All Articles</h1>
      <AllArticlesAdminTable canDelete={isAdmin} />
    </section>
  );
}
