import { api } from '@/lib/api-client';

export interface PaymentIntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
}

/** POST /create-payment-intent {amount}: amount in dollars, a catalog price. */
export async function createPaymentIntent(amount: number): Promise<PaymentIntentAnswer> {
  const { data } = await api.post<PaymentIntentAnswer>('/create-payment-intent', { amount });
  return data;
}

export interface MakePremiumUserInput {
  email: string;
  /** Seconds of the plan paid for. */
  time: number;
  paymentIntentId: string;
}

/** PATCH /make-premium-user: the server checks the PaymentIntent with Stripe before granting. */
export async function makePremiumUser(input: MakePremiumUserInput): Promise<{ premiumEndAt: string | null }> {
  const { data } = await api.patch<{ premiumEndAt: string | null }>('/make-premium-user', input);
  return data;
}
