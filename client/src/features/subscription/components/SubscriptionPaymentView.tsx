import { Elements } from '@stripe/react-stripe-js';
import { Navigate } from 'react-router-dom';
import { useSubscriptionPlans, type SubscriptionPlanOffer } from '@/lib/api/billing';
import { getStripe } from '@/lib/stripe';
import { messages } from '../messages';
import { PaymentLayout } from './PaymentLayout';
import { SubscriptionPaymentForm } from './SubscriptionPaymentForm';

/** /payment?plan=monthly|yearly: the subscription's price, the card field and the Subscribe button. */
export function SubscriptionPaymentView({ plan }: { plan: SubscriptionPlanOffer }) {
  return (
    <PaymentLayout
      summary={
        <>
          <h1 className="mt-6 font-display text-2xl font-bold">{messages.totalPaymentAmount}</h1>
          <p className="mt-2 font-display text-5xl font-bold tracking-tight" data-testid="payment-amount">
            ${plan.amount}
            <span className="ml-2 text-base font-normal text-muted">per {plan.interval}</span>
          </p>
          <p className="mt-1 text-muted">
            {plan.label} subscription: renews every {plan.interval} until you cancel it on your billing page.
            If you hold a pass, it runs first and the first charge comes when it ends.
          </p>
        </>
      }
    >
      <Elements stripe={getStripe()}>
        <SubscriptionPaymentForm plan={plan} />
      </Elements>
    </PaymentLayout>
  );
}

/** The plan named in /payment?plan=, from the catalog; an unknown one goes back to /subscription. */
export function SubscriptionPayment({ planId }: { planId: string }) {
  const plan = useSubscriptionPlans().data.find((p) => p.id === planId);
  if (!plan) return <Navigate to="/subscription" replace />;
  return <SubscriptionPaymentView plan={plan} />;
}
