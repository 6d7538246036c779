import { Elements } from '@stripe/react-stripe-js';
import { getStripe } from '@/lib/stripe';
import { messages } from '../messages';
import { describeDuration, type PaymentInformation } from '../payment-information';
import { CardPaymentForm } from './CardPaymentForm';
import { PaymentLayout } from './PaymentLayout';

/** /payment (outside the layout): the amount, the card field and the Pay button. */
export function PaymentView({ payment }: { payment: PaymentInformation }) {
  return (
    <PaymentLayout
      summary={
        <>
          <h1 className="mt-6 font-display text-2xl font-bold">{messages.totalPaymentAmount}</h1>
          <p className="mt-2 font-display text-5xl font-bold tracking-tight" data-testid="payment-amount">
            ${payment.amount}
          </p>
          <p className="mt-1 text-muted">{describeDuration(payment.time)} of premium</p>
        </>
      }
    >
      <Elements stripe={getStripe()}>
        <CardPaymentForm payment={payment} />
      </Elements>
    </PaymentLayout>
  );
}
