import { CardElement } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js';
import { useId, useMemo } from 'react';
import { useTheme } from '@/lib/auth';

interface CardFieldProps {
  /** Stripe's field is drawn and can take a card. */
  onReady: () => void;
  onChange: (event: StripeCardElementChangeEvent) => void;
  /** Stripe's own message for what was typed (an incomplete number, say). */
  error?: string;
}

/**
 * Stripe's card field (its own validation) under a "Card details" label: the one card field of the
 * payment page, the subscription payment and the billing page's card update. Place it inside Stripe's
 * <Elements>; read the card with `elements.getElement(CardElement)`.
 */
export function CardField({ onReady, onChange, error }: CardFieldProps) {
  const { darkMode } = useTheme();
  const labelId = useId();

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

  return (
    <>
      <span id={labelId} className="label">
        Card details
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        // The card field is Stripe's iframe: its focus is drawn on this box (WCAG 2.4.7).
        className="input py-3 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40"
        data-testid="card-field"
      >
        <CardElement options={options} onReady={onReady} onChange={onChange} />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
