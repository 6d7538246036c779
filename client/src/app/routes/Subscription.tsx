import { usePageTitle } from '@/components/usePageTitle';
import { SubscriptionView } from '@/features/subscription/components/SubscriptionView';

export default function Subscription() {
  usePageTitle('Subscription');
  return <SubscriptionView />;
}
