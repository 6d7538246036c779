import { usePageTitle } from '@/components/usePageTitle';
import { BillingView } from '@/features/billing/components/BillingView';
import { billingMessages } from '@/features/billing/messages';

export default function Billing() {
  usePageTitle('Billing');
  return (
    <section>
      <h1 className="section-title mb-6">{billingMessages.title}</h1>
      <BillingView />
    </section>
  );
}
