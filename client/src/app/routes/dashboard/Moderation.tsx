import { usePageTitle } from '@/components/usePageTitle';
import { AllArticlesAdminTable } from '@/features/admin/AllArticlesAdminTable';
import { historyOf } from './article-history';
import { useAuth } from '@/lib/auth';
import { EditorRoute } from '../../guards/EditorRoute';

/**
 * /user-dashboard/moderation: an editor's All Articles table (moderation without Delete: docs/roles.md),
 * behind the editors' guard. The guard lives in this lazily loaded screen, not in the route table: it
 * reads the profile (the users API and its schemas), which the entry chunk must not carry.
 */
export default function Moderation() {
  return (
    <EditorRoute>
      <ModerationTable />
    </EditorRoute>
  );
}

function ModerationTable() {
  usePageTitle('All Articles');
  const { isAdmin } = useAuth();
  return (
    <section>
      <h1 className="section-title mb-6">All Articles</h1>
      <AllArticlesAdminTable canDelete={isAdmin} history={historyOf} />
    </section>
  );
}
