import { usePageTitle } from '@/components/usePageTitle';
import { AllUsersTable } from '@/features/admin/AllUsersTable';

export default function AllUsers() {
  usePageTitle('All Users');
  return (
    <section>
      <h1 className="section-title mb-6">All Users</h1>
      <AllUsersTable />
    </section>
  );
}
