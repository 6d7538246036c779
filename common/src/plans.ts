/**
 * The plan catalog. The server alone decides what a plan costs: the client names a catalog price
 * (read from GET /plans), and a grant checks the PaymentIntent's amount against this table.
 */
export interface Plan {
  /** Premium time the plan buys, in seconds. */
  seconds: number;
  /** Price in whole US dollars. */
  amount: number;
  /** What the plan select shows. */
  label: string;
}

export const PLANS: readonly Plan[] = Object.freeze([
  { seconds: 60, amount: 1, label: '1 minute' },
  { seconds: 432_000, amount: 5, label: '5 days' },
  { seconds: 864_000, amount: 10, label: '10 days' },
]);

export const PLAN_CURRENCY = 'usd';

export function planByAmount(dollars: number): Plan | undefined {
  return PLANS.find((p) => p.amount === dollars);
}

export function planBySeconds(seconds: number): Plan | undefined {
  return PLANS.find((p) => p.seconds === seconds);
}

/**
 * Subscriptions that renew until cancelled (Stripe Subscriptions, docs/decisions/subscriptions.md),
 * beside the timed passes above. The server finds or creates each one's Stripe Price by `lookupKey`.
 */
export const SUBSCRIPTION_PLAN_IDS = ['monthly', 'yearly'] as const;
export type SubscriptionPlanId = (typeof SUBSCRIPTION_PLAN_IDS)[number];

export interface SubscriptionPlan {
  id: SubscriptionPlanId;
  /** Price per interval in whole US dollars. */
  amount: number;
  interval: 'month' | 'year';
  label: string;
  /** The Stripe Price's lookup key. */
  lookupKey: string;
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = Object.freeze([
  { id: 'monthly', amount: 10, interval: 'month', label: 'Monthly', lookupKey: 'newsroom_monthly' },
  { id: 'yearly', amount: 100, interval: 'year', label: 'Yearly', lookupKey: 'newsroom_yearly' },
]);

export function subscriptionPlanById(id: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((p) => p.id === id);
}

export function subscriptionPlanByLookupKey(key: string | null | undefined): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((p) => p.lookupKey === key);
}
