/**
 * Subscriptions that renew and the billing page (docs/decisions/subscriptions.md). Every action is
 * on the caller's own subscription: there is no subscription id to name, so nobody can reach
 * another's. Stripe's answer to each change is written like a webhook's (sync.ts). Built once by
 * services.ts; composed of subscribing (subscribe.ts), plan changes (plan-changes.ts), the card and
 * the admins' actions (cards-and-refunds.ts) over what they share (service-base.ts).
 */
import type { User } from '../users/types.js';
import { billingCardsAndRefunds } from './cards-and-refunds.js';
import { billingPlanChanges } from './plan-changes.js';
import { billingBase, type BillingServiceDeps } from './service-base.js';
import { billingSubscribe } from './subscribe.js';

export type { BillingServiceDeps } from './service-base.js';

export function billingService(deps: BillingServiceDeps) {
  const base = billingBase(deps);
  return {
    ...billingSubscribe(base),
    summary: (user: Pick<User, 'email'>) => base.summaryOf(user.email),

    ...billingPlanChanges(base),
    ...billingCardsAndRefunds(base),
  };
}

export type BillingService = ReturnType<typeof billingService>;
