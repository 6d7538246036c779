import type { Stripe } from '@stripe/stripe-js';
import { env } from './env';

/** True when VITE_STRIPE_PUBLISHABLE_KEY is set; without it the payment page explains payments are off. */
export const paymentsConfigured = env.stripePublishableKey !== '';

let stripePromise: Promise<Stripe | null> | null = null;

/**
 * Stripe.js, fetched from js.stripe.com on first use only (the `pure` entry does not inject the
 * script on import), so no page but /payment depends on Stripe to render. null without a key.
 */
export function getStripe(): Promise<Stripe | null> | null {
  if (!paymentsConfigured) return null;
  stripePromise ??= import('@stripe/stripe-js/pure')
    .then(({ loadStripe }) => loadStripe(env.stripePublishableKey))
    .catch((error: unknown) => {
      console.error(error);
      stripePromise = null; // a later visit may try again
      return null;
    });
  return stripePromise;
}
