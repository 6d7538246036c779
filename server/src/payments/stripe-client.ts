import Stripe from 'stripe';
import type { Config } from '../config.js';

/**
 * The Stripe SDK client, or null when STRIPE_SECRET_KEY is unset (payment calls then answer 503).
 * STRIPE_API_BASE (e.g. http://127.0.0.1:12111) points the SDK at a Stripe-API-compatible server
 * through its host/port/protocol options; tests and the browser e2e use that.
 */
export function createStripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>): Stripe | null {
  if (!config.stripeSecretKey) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
  };
  if (config.stripeApiBase) {
    const base = new URL(config.stripeApiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.host = base.hostname;
    options.port = base.port || (protocol === 'http' ? 80 : 443);
    options.protocol = protocol;
    options.telemetry = false;
  }
  return new Stripe(config.stripeSecretKey, options);
}
