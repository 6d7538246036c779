import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/Spinner';
import { useTheme } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { usePayWithCard } from '../hooks/usePayWithCard';
import { messages } from '../messages';
import type { PaymentInformation } from '../payment-information';

/** Stripe's card field (its own validation) and the Pay button, disabled until Stripe is ready and while paying. */
export function CardPaymentForm({ payment }: { payment: PaymentInformation }) {
  const stripe = useStripe();
  const elements = useElements();
  const { darkMode } = useTheme();
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const pay = usePayWithCard();

  // The card field lives in Stripe's iframe: it needs concrete colours, not our CSS variables.
  const options = useMemo<StripeCardElementOptions>(
    () => ({
      hidePostalCode: true,
      style: {
        base: {
          color: darkMode ? '#e5e9f0' : '#1b1a17',
          iconColor: darkMode ? '#22d3ee' : '#0e7490',
          fontSize: '16px',
          '::placeholder': { color: darkMode ? '#a3afc2' : '#57534e' },
        },
        invalid: { color: darkMode ? '#f87171' : '#b91c1c' },
      },
    }),
    [darkMode],
  );

  const ready = !!stripe && !!elements && cardReady;
  // A declined card: Stripe's own words ("Your card was declined."); else the server's or a plain reason.
  const payError = pay.isError ? errorMessage(pay.error, 'The payment did not go through, try again') : '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || pay.isPending) return;
    pay.mutate({ stripe, card, payment });
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Card payment">
      <span id="card-label" className="label">
        Card details
      </span>
      <div
        role="group"
        aria-labelledby="card-label"
        // The card field is Stripe's iframe: its focus is drawn on this box (WCAG 2.4.7).
        className="input py-3 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40"
        data-testid="card-field"
      >
        <CardElement
          options={options}
          onReady={() => setCardReady(true)}
          onChange={(e) => {
            setCardError(e.error?.message);
            // A new card number: the last attempt's error no longer applies.
            if (pay.isError) pay.reset();
          }}
        />
      </div>
      {cardError && (
        <p className="field-error" role="alert">
          {cardError}
        </p>
      )}
      {!cardError && payError && (
        <p className="field-error" role="alert" data-testid="payment-error">
          {payError}
        </p>
      )}
      {!ready && <p className="mt-2 text-xs text-muted">Loading the secure card field…</p>}
      <button
        type="submit"
        className="btn btn-primary mt-6 w-full py-3 text-base"
        disabled={!ready || pay.isPending}
      >
        {pay.isPending && <Spinner className="size-4" label="Processing payment" />}
        {messages.payButton(payment.amount)}
      </button>
    </form>
  );
}
