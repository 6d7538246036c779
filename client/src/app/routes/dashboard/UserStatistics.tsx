import { usePageTitle } from '@/components/usePageTitle';
import { WriterStatistics } from '@/features/articles/writer/WriterStatistics';
import { useProfile } from '@/lib/api/users';
import { useAuth } from '@/lib/auth';

/** /user-dashboard index: composes the writer's article statistics with the plan state of their profile. */
export default function UserStatistics() {
  usePageTitle('Statistics');
  const { user, isAdmin } = useAuth();
  const profile = useProfile(user?.email);
  return (
    <section>
      <h1 className="section-title mb-6">Statistics</h1>
      <WriterStatistics premiumEndAt={profile.data?.premiumEndAt} isAdmin={isAdmin} />
    </section>
  );
}
