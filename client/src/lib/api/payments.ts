import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './keys';
import type { MakePremiumUserInput, PaymentIntentAnswer, Plan } from './types';

/** The plan catalog and paying for one. */

/** GET /plans */
export async function fetchPlans(): Promise<Plan[]> {
  const { data } = await api.get<Plan[]>('/plans');
  return data;
}

/** POST /create-payment-intent {amount}: amount in dollars, a catalog price. */
export async function createPaymentIntent(amount: number): Promise<PaymentIntentAnswer> {
  const { data } = await api.post<PaymentIntentAnswer>('/create-payment-intent', { amount });
  return data;
}

/** PATCH /make-premium-user: the server checks the PaymentIntent with Stripe before granting. */
export async function makePremiumUser(input: MakePremiumUserInput): Promise<{ premiumEndAt: string | null }> {
  const { data } = await api.patch<{ premiumEndAt: string | null }>('/make-premium-user', input);
  return data;
}

export const paymentQueries = {
  /** The catalog rarely changes. */
  plans: () => queryOptions({ queryKey: queryKeys.plans, queryFn: fetchPlans, staleTime: 10 * 60_000 }),
};

export const usePlans = () => useQuery(paymentQueries.plans());
