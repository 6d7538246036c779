import type { SubscriptionPlanOffer } from '@/lib/api/billing';
import { useSubscribeWithCard } from '../hooks/useSubscribeWithCard';
import { messages } from '../messages';
import { CardCheckoutForm } from './CardCheckoutForm';

/** A subscription's first invoice (or a pass holder's trial card): the card field and Subscribe. */
export function SubscriptionPaymentForm({ plan }: { plan: SubscriptionPlanOffer }) {
  const subscription = useSubscribeWithCard();
  return (
    <CardCheckoutForm
      checkout={subscription}
      onPay={(stripe, card) => subscription.mutate({ stripe, card, plan })}
      label={messages.subscribeButton(plan.amount, plan.interval)}
    />
  );
}
