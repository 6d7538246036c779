import { usePageTitle } from '@/components/usePageTitle';
import { AdminStatistics as Statistics } from '@/features/admin/AdminStatistics';

export default function AdminStatistics() {
  usePageTitle('Statistics');
  return (
    <section>
      <h1 className="section-title mb-6">Statistics</h1>
      <Statistics />
    </section>
  );
}
