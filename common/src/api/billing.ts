/**
 * The subscription and billing operations (served by server/src/billing/routes.ts;
 * docs/decisions/subscriptions.md); how one is declared: define.ts.
 */
import { z } from 'zod';
import {
  adminBillingQuery,
  BillingSummarySchema,
  CardSetupSchema,
  RefundSchema,
  SubscribedSchema,
  SubscriptionPlanSchema,
  SwitchPreviewSchema,
  PremiumGrantSchema,
  premiumGrantBody,
  refundBody,
  REVENUE_MONTHS_DEFAULT,
  REVENUE_MONTHS_MAX,
  revenueQuery,
  RevenueReportSchema,
  subscribeBody,
  switchPlanBody,
  switchPreviewQuery,
  updateCardBody,
} from '../index.js';
import { defineOperations } from './define.js';
import { wholeNumber } from './responses.js';

const empty = z.object({}).strict();

export const billingOperations = defineOperations('Billing', {
  subscriptionPlans: {
    summary: 'The renewing plans (Monthly, Yearly), beside the passes of GET /plans',
    security: 'none',
    access: 'anyone',
    ok: z.array(SubscriptionPlanSchema),
  },
  billingSummary: {
    summary: "The caller's billing: current access and why, subscription, card, payments and refunds",
    description:
      'Served from what webhooks and the last sync stored; an unfinished subscription (and a pass receipt not read yet) is read from Stripe at most once a minute per user. Counted in the budget of every route that can call Stripe, per user and per address.',
    security: 'session',
    access: 'signed-in',
    ok: BillingSummarySchema,
    errors: [404],
    limited: true,
  },
  subscribe: {
    summary:
      'Start a subscription; confirm `intent` with Stripe.js (a pass holder gets a trial until the pass ends)',
    security: 'session',
    access: 'signed-in',
    body: subscribeBody,
    ok: SubscribedSchema,
    errors: [409, 502, 503],
    limited: true,
  },
  cancelSubscription: {
    summary: "Cancel the caller's subscription at the end of the paid period",
    security: 'session',
    access: 'signed-in',
    body: empty,
    ok: BillingSummarySchema,
    errors: [404, 409, 502, 503],
    limited: true,
  },
  resumeSubscription: {
    summary: 'Undo a cancellation before the period ends',
    security: 'session',
    access: 'signed-in',
    body: empty,
    ok: BillingSummarySchema,
    errors: [404, 409, 502, 503],
    limited: true,
  },
  previewPlanSwitch: {
    summary: 'What switching plans charges now (prorated), before confirming',
    description:
      'The server keeps the moment it priced (`prorationDate`) for 5 minutes: POST /billing/switch charges with it.',
    security: 'session',
    access: 'signed-in',
    query: switchPreviewQuery,
    ok: SwitchPreviewSchema,
    errors: [404, 409, 502, 503],
    limited: true,
  },
  switchPlan: {
    summary: 'Switch monthly ↔ yearly now, charging the prorated amount (409 when the card is declined)',
    description:
      "Prorated at the moment of the caller's last GET /billing/switch-preview for this plan, kept by the server (a `prorationDate` in the body is ignored). A preview more than 5 minutes old is refused with 409 (preview again); without a preview the switch is prorated now.",
    security: 'session',
    access: 'signed-in',
    body: switchPlanBody,
    ok: BillingSummarySchema,
    errors: [404, 409, 502, 503],
    limited: true,
  },
  startCardUpdate: {
    summary: 'A SetupIntent to confirm a new card with Stripe.js (then POST /billing/card)',
    security: 'session',
    access: 'signed-in',
    body: empty,
    ok: CardSetupSchema,
    errors: [502, 503],
    limited: true,
  },
  updateCard: {
    summary: 'Make the confirmed SetupIntent’s card the one renewals charge',
    security: 'session',
    access: 'signed-in',
    body: updateCardBody,
    ok: BillingSummarySchema,
    errors: [404, 409, 502, 503],
    limited: true,
  },
  userBilling: {
    summary: "A user's billing, for an admin",
    security: 'session',
    access: 'admin',
    query: adminBillingQuery,
    ok: BillingSummarySchema,
    errors: [404],
    limited: true,
  },
  revenueReport: {
    summary:
      'Revenue for admins: monthly recurring revenue now, subscribers per plan, and per month (UTC) new and ended subscriptions, passes sold, refunds, disputes, gross and net (US dollars)',
    description:
      "A payment's refunds and disputes count in the month of the payment (docs/decisions/revenue-view.md).",
    security: 'session',
    access: 'admin',
    query: revenueQuery,
    paramHints: { months: wholeNumber(REVENUE_MONTHS_MAX, REVENUE_MONTHS_DEFAULT) },
    ok: RevenueReportSchema,
  },
  refundPayment: {
    summary: 'Refund a pass or a subscription payment in full (its time is taken back when Stripe says so)',
    security: 'session',
    access: 'admin',
    body: refundBody,
    ok: RefundSchema,
    errors: [404, 409, 502, 503],
    limited: true,
  },
  grantPremium: {
    summary: 'Give a reader days of premium (spent after any paid period, like a pass)',
    security: 'session',
    access: 'admin',
    body: premiumGrantBody,
    ok: PremiumGrantSchema,
    errors: [404],
  },
});
