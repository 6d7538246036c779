import { PLAN_CURRENCY, SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@newsroom/common';
import type Stripe from 'stripe';
import { toCents } from '../payments/plans.js';

export { SUBSCRIPTION_PLANS, subscriptionPlanById, type SubscriptionPlan } from '@newsroom/common';

/** What GET /subscription-plans answers: the catalog without Stripe's lookup keys. */
export const publicPlans = () =>
  SUBSCRIPTION_PLANS.map(({ id, amount, interval, label }) => ({ id, amount, interval, label }));

/**
 * Each plan's Stripe Price, found by its lookup key (a site owner may make them in the Dashboard) or
 * made once (an idempotency key per plan and price, so two instances make one). Kept per process:
 * a Price never changes its amount.
 */
export function priceCatalog(stripe: Stripe) {
  const found = new Map<string, Promise<string>>();

  async function findOrCreate(plan: SubscriptionPlan): Promise<string> {
    const listed = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
    const price = listed.data[0];
    if (price) {
      if (price.unit_amount !== toCents(plan.amount) || price.recurring?.interval !== plan.interval) {
        throw new Error(`Stripe price ${plan.lookupKey} does not match the catalog`);
      }
      return price.id;
    }
    const created = await stripe.prices.create(
      {
        currency: PLAN_CURRENCY,
        unit_amount: toCents(plan.amount),
        recurring: { interval: plan.interval },
        lookup_key: plan.lookupKey,
        nickname: plan.label,
        product_data: { name: `Newsroom ${plan.label}` },
      },
      { idempotencyKey: `price-${plan.lookupKey}-${toCents(plan.amount)}` },
    );
    return created.id;
  }

  return {
    priceId(plan: SubscriptionPlan): Promise<string> {
      let price = found.get(plan.id);
      if (!price) {
        price = findOrCreate(plan);
        found.set(plan.id, price);
        price.catch(() => found.delete(plan.id));
      }
      return price;
    },
  };
}
