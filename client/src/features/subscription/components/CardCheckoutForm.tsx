import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { CardField } from '@/components/CardField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/error-message';

/** What pays with the card: a pass's payment or a subscription's first invoice (a mutation). */
export interface CardCheckout {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * Stripe's card field (its own validation) and the pay button, disabled until Stripe is ready and
 * while paying. A declined card shows Stripe's own words ("Your card was declined."), else the
 * server's or a plain reason; a new card number clears the last attempt's error.
 */
export function CardCheckoutForm({
  checkout,
  onPay,
  label,
}: {
  checkout: CardCheckout;
  onPay: (stripe: Stripe, card: StripeCardElement) => void;
  label: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string>();

  const ready = !!stripe && !!elements && cardReady;
  const payError = checkout.isError
    ? errorMessage(checkout.error, 'The payment did not go through, try again')
    : '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || checkout.isPending) return;
    onPay(stripe, card);
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Card payment">
      <CardField
        onReady={() => setCardReady(true)}
        onChange={(e) => {
          setCardError(e.error?.message);
          if (checkout.isError) checkout.reset();
        }}
        error={cardError}
      />
      {!cardError && payError && (
        <p className="field-error" role="alert" data-testid="payment-error">
          {payError}
        </p>
      )}
      {!ready && <p className="mt-2 text-xs text-muted">Loading the secure card field…</p>}
      <button
        type="submit"
        className="btn btn-primary mt-6 w-full py-3 text-base"
        disabled={!ready || checkout.isPending}
      >
        {checkout.isPending && <Spinner className="size-4" label="Processing payment" />}
        {label}
      </button>
    </form>
  );
}
