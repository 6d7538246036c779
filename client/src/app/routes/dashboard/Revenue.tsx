import { usePageTitle } from '@/components/usePageTitle';
import { RevenueView } from '@/features/admin/RevenueView';
import { revenueMessages } from '@/features/admin/messages';

/** /dashboard/revenue: the admins' revenue view (docs/decisions/revenue-view.md). */
export default function Revenue() {
  usePageTitle(revenueMessages.title);
  return (
    <section>
      <h1 className="section-title mb-2">{revenueMessages.title}</h1>
      <p className="mb-6 max-w-3xl text-muted">{revenueMessages.intro}</p>
      <RevenueView />
    </section>
  );
}
