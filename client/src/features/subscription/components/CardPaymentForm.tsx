import { usePayWithCard } from '../hooks/usePayWithCard';
import { messages } from '../messages';
import type { PaymentInformation } from '../payment-information';
import { CardCheckoutForm } from './CardCheckoutForm';

/** A pass's payment: the card field and the Pay button. */
export function CardPaymentForm({ payment }: { payment: PaymentInformation }) {
  const pay = usePayWithCard();
  return (
    <CardCheckoutForm
      checkout={pay}
      onPay={(stripe, card) => pay.mutate({ stripe, card, payment })}
      label={messages.payButton(payment.amount)}
    />
  );
}
