import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './keys';
import type { MakePremiumUserInput, PaymentIntentAnswer, Plan } from './types';

/** The plan catalog and paying for one. */

/** GET /plans */
export async function fetchPlans(): Promise<Plan[]> {
  return call('plans');
}

/** POST /create-payment-intent {amount}: amount in dollars, a catalog price. */
export async function createPaymentIntent(amount: number): Promise<PaymentIntentAnswer> {
  return call('createPaymentIntent', { body: { amount } });
}

/** PATCH /make-premium-user: the server checks the PaymentIntent with Stripe before granting. */
export async function makePremiumUser(input: MakePremiumUserInput): Promise<{ premiumEndAt: string | null }> {
  return call('redeemPayment', { body: input });
}

export const paymentQueries = {
  /** The catalog rarely changes. */
  plans: () => queryOptions({ queryKey: queryKeys.plans, queryFn: fetchPlans, staleTime: 10 * 60_000 }),
};

export const usePlans = () => useQuery(paymentQueries.plans());
