import type { SubscriptionPlanId } from '@/lib/api/types';

/** The plan a subscriber can switch to. */
export const otherPlan = (plan: SubscriptionPlanId | null): SubscriptionPlanId =>
  plan === 'yearly' ? 'monthly' : 'yearly';
