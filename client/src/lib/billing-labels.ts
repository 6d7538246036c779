/**
 * How billing reads in words: amounts, a payment's status, a subscription's state and plan. The
 * billing page and the admin's All Users say the same things the same way.
 */
import type { BillingPayment, SubscriptionPlanId, SubscriptionStatus } from '@/lib/api/types';
import { formatCount } from '@/lib/format-number';

/** $10.00, $1,250.50: US dollars with cents (a prorated charge is rarely whole), thousands grouped. */
export function formatDollars(amount: number): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

const PAYMENT_STATUS: Record<BillingPayment['status'], string> = {
  paid: 'Paid',
  failed: 'Failed',
  open: 'Open',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
  disputed: 'Disputed',
};
export const paymentStatusLabel = (status: BillingPayment['status']) => PAYMENT_STATUS[status];

const PLAN_LABELS: Record<SubscriptionPlanId, string> = { monthly: 'Monthly', yearly: 'Yearly' };
export const planLabel = (plan: SubscriptionPlanId | null) => (plan ? PLAN_LABELS[plan] : 'Subscription');

const SUBSCRIPTION_STATUS: Record<SubscriptionStatus, string> = {
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Not completed',
  trialing: 'Starts after the pass',
  active: 'Active',
  past_due: 'Payment failed',
  canceled: 'Ended',
  unpaid: 'Unpaid',
  paused: 'Paused',
};
export const subscriptionStatusLabel = (status: SubscriptionStatus) => SUBSCRIPTION_STATUS[status];

/** A subscription that still renews (or may): it can be cancelled, resumed, switched, given a card. */
export const isLiveSubscription = (status: SubscriptionStatus) =>
  status === 'active' || status === 'trialing' || status === 'past_due';

/** Whether an admin may refund this payment: Stripe's, paid, and not refunded or disputed yet. */
export const refundable = (payment: BillingPayment) =>
  payment.paymentIntentId !== null &&
  !payment.takenBack &&
  (payment.status === 'paid' || payment.status === 'partially_refunded');
