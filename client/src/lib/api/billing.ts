import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CardSetupSchema,
  PremiumGrant,
  PremiumGrantInput,
  RefundSchema,
  SubscriptionPlanSchema,
} from '@newsroom/common';
import { SUBSCRIPTION_PLANS } from '@newsroom/common/plans';
import { call } from './call';
import { accountKeys } from './account-keys';
import { invalidate, staleAfter } from './stale';
import type { BillingSummary, Subscribed, SubscriptionPlanId, SwitchPreview } from './types';

/**
 * Subscriptions that renew and the reader's billing page (docs/decisions/subscriptions.md): the plans,
 * subscribing, the caller's own billing and its actions, and an admin's view of a user's payments
 * with refunds. Every action is on the caller's own subscription; none names a subscription.
 */

export type SubscriptionPlanOffer = z.output<typeof SubscriptionPlanSchema>;
export type CardSetup = z.output<typeof CardSetupSchema>;
export type Refund = z.output<typeof RefundSchema>;

/** GET /subscription-plans (public) */
export async function fetchSubscriptionPlans(): Promise<SubscriptionPlanOffer[]> {
  return call('subscriptionPlans');
}

/** GET /billing: also reads a subscription Stripe.js just confirmed, before its webhook comes. */
export async function fetchBilling(): Promise<BillingSummary> {
  return call('billingSummary');
}

/** POST /billing/subscription {plan}: what the card field confirms (the first invoice, or a trial's card). */
export async function subscribe(plan: SubscriptionPlanId): Promise<Subscribed> {
  return call('subscribe', { body: { plan } });
}

/** POST /billing/cancel: at the end of the paid period. */
export async function cancelSubscription(): Promise<BillingSummary> {
  return call('cancelSubscription', { body: {} });
}

/** POST /billing/resume: undoes a cancel before the period ends. */
export async function resumeSubscription(): Promise<BillingSummary> {
  return call('resumeSubscription', { body: {} });
}

/** GET /billing/switch-preview?plan=: what switching charges now (prorated). */
export async function fetchSwitchPreview(plan: SubscriptionPlanId): Promise<SwitchPreview> {
  return call('previewPlanSwitch', { query: { plan } });
}

/**
 * POST /billing/switch: charged as the last preview of this plan priced it (the server keeps its date
 * for 5 minutes; after that it answers 409 and the reader previews again).
 */
export async function switchPlan(plan: SubscriptionPlanId): Promise<BillingSummary> {
  return call('switchPlan', { body: { plan } });
}

/** POST /billing/card-setup: a SetupIntent the card field confirms. */
export async function startCardSetup(): Promise<CardSetup> {
  return call('startCardUpdate', { body: {} });
}

/** POST /billing/card {setupIntentId}: the confirmed card becomes the one renewals charge. */
export async function updateCard(setupIntentId: string): Promise<BillingSummary> {
  return call('updateCard', { body: { setupIntentId } });
}

/** GET /admin/billing?email= */
export async function fetchUserBilling(email: string): Promise<BillingSummary> {
  return call('userBilling', { query: { email } });
}

/** POST /admin/refunds {paymentIntentId}: in full; the time comes back through Stripe's webhook. */
export async function refundPayment(paymentIntentId: string): Promise<Refund> {
  return call('refundPayment', { body: { paymentIntentId } });
}

/** POST /admin/premium-grants {email, days, note?}: days of premium, spent after any paid period. */
export async function grantPremium(input: PremiumGrantInput): Promise<PremiumGrant> {
  return call('grantPremium', { body: input });
}

export const billingQueries = {
  /**
   * The catalog rarely changes, and the server answers it from the same shared table: screens start
   * from that table (no spinner, nothing to fail) and the server's answer replaces it once it is stale.
   */
  plans: () =>
    queryOptions({
      queryKey: accountKeys.subscriptionPlans,
      queryFn: fetchSubscriptionPlans,
      staleTime: 10 * 60_000,
      initialData: (): SubscriptionPlanOffer[] =>
        SUBSCRIPTION_PLANS.map(({ id, amount, interval, label }) => ({ id, amount, interval, label })),
    }),
  mine: (email: string) => queryOptions({ queryKey: accountKeys.billingOf(email), queryFn: fetchBilling }),
  ofUser: (email: string) =>
    queryOptions({ queryKey: accountKeys.admin.billingOf(email), queryFn: () => fetchUserBilling(email) }),
};

export const useSubscriptionPlans = () => useQuery(billingQueries.plans());
export const useBilling = (email: string, enabled = true) =>
  useQuery({ ...billingQueries.mine(email), enabled });
export const useUserBilling = (email: string, enabled = true) =>
  useQuery({ ...billingQueries.ofUser(email), enabled });
/** Asked when the reader opens the switch dialog; never cached (a proration is of this moment). */
export const useSwitchPreview = (plan: SubscriptionPlanId | null) =>
  useQuery({
    queryKey: [...accountKeys.billing, 'switch-preview', plan],
    queryFn: () => fetchSwitchPreview(plan!),
    enabled: plan !== null,
    gcTime: 0,
    staleTime: 0,
    meta: { errorToast: false },
  });

/**
 * A billing action: the page shows the summary it answers at once, then refreshes what it changed
 * (also when refused: the subscription may have changed meanwhile, in another tab or by Stripe).
 * `errorToast` false: the dialog shows the failure itself.
 */
function useBillingMutation<V>(
  email: string,
  fn: (vars: V) => Promise<BillingSummary>,
  { premium = false, errorToast = true } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (summary) => queryClient.setQueryData(accountKeys.billingOf(email), summary),
    // Not awaited: the page already shows the answer, so the buttons are usable again at once.
    onSettled: () =>
      void invalidate(queryClient, premium ? staleAfter.premiumChanged(email) : staleAfter.billingChanged()),
    meta: { errorToast },
  });
}

export const useCancelSubscription = (email: string) => useBillingMutation(email, () => cancelSubscription());
export const useResumeSubscription = (email: string) => useBillingMutation(email, () => resumeSubscription());
/** A switch moves the paid-through date: premium changes with it. */
export const useSwitchPlan = (email: string) =>
  useBillingMutation(email, ({ plan }: { plan: SubscriptionPlanId }) => switchPlan(plan), {
    premium: true,
    errorToast: false,
  });

export const useRefundPayment = (email: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => invalidate(queryClient, staleAfter.refundIssued(email)),
    meta: { errorToast: false },
  });
};

/** An admin gives a user days of premium: their billing, the users list and the revenue are stale. */
export const useGrantPremium = (email: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantPremium,
    onSettled: () => invalidate(queryClient, staleAfter.refundIssued(email)),
    meta: { errorToast: false },
  });
};
