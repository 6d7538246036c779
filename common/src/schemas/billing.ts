/**
 * Subscriptions and the billing page (docs/decisions/subscriptions.md): the inputs the server parses
 * and the answers the client reads. Money on the wire is in whole or decimal US dollars, like the plans.
 */
import { z } from 'zod';
import { PAYMENT_INTENT_ID_PATTERN } from '../limits.js';
import { SUBSCRIPTION_PLAN_IDS } from '../plans.js';
import { emailSchema } from './fields.js';

const timestamp = z.iso.datetime().meta({ examples: ['2026-05-01T09:30:00.000Z'] });
const planId = z.enum(SUBSCRIPTION_PLAN_IDS);

/** POST /billing/subscription */
export const subscribeBody = z.object({ plan: planId }).strict();
/** GET /billing/switch-preview?plan= */
export const switchPreviewQuery = z.object({ plan: planId }).strict();
/**
 * POST /billing/switch: charged as the caller's GET /billing/switch-preview priced it, with the date
 * the server kept then. `prorationDate` is what pages before that sent: accepted, and ignored.
 */
export const switchPlanBody = z
  .object({
    plan: planId,
    prorationDate: z.number().int().positive().optional().meta({
      deprecated: true,
      description: "Ignored: the proration date is the server's, kept by the preview.",
    }),
  })
  .strict();
/** POST /billing/card: the SetupIntent the card field confirmed. */
export const updateCardBody = z
  .object({ setupIntentId: z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'Not a SetupIntent id') })
  .strict();
/** POST /admin/refunds: a payment of a pass or of a subscription invoice, by its PaymentIntent. */
export const refundBody = z
  .object({ paymentIntentId: z.string().regex(PAYMENT_INTENT_ID_PATTERN, 'Not a PaymentIntent id') })
  .strict();
/** GET /admin/billing?email= */
export const adminBillingQuery = z.object({ email: emailSchema }).strict();

export type SubscribeInput = z.output<typeof subscribeBody>;
export type SwitchPlanInput = z.output<typeof switchPlanBody>;

export const SubscriptionPlanSchema = z.object({
  id: planId,
  amount: z.number().meta({ description: 'US dollars per interval.' }),
  interval: z.enum(['month', 'year']),
  label: z.string(),
});

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A subscription as the All Users table and the billing page show it. */
export const SubscriptionStateSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: planId.nullable(),
  currentPeriodEnd: timestamp.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionState = z.output<typeof SubscriptionStateSchema>;

export const SubscribedSchema = z.object({
  subscriptionId: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * What Stripe.js confirms with the card field: `payment` (stripe.confirmCardPayment) pays the first
   * invoice; `setup` (stripe.confirmCardSetup) saves the card of a trial that starts when a pass ends.
   */
  intent: z.object({ type: z.enum(['payment', 'setup']), clientSecret: z.string() }).nullable(),
  trialEnd: timestamp.nullable(),
});
export type Subscribed = z.output<typeof SubscribedSchema>;

export const BillingPaymentSchema = z.object({
  paymentIntentId: z.string().nullable(),
  kind: z.enum(['pass', 'subscription']),
  description: z.string(),
  amount: z.number().meta({ description: 'US dollars.' }),
  refundedAmount: z.number(),
  date: timestamp,
  status: z.enum(['paid', 'failed', 'open', 'refunded', 'partially_refunded', 'disputed']),
  receiptUrl: z.string().nullable(),
  /** The premium time the payment bought; null for a failed one. */
  periodStart: timestamp.nullable(),
  periodEnd: timestamp.nullable(),
  /** The payment's time was taken back (a refund or a dispute). */
  takenBack: z.boolean(),
});
export type BillingPayment = z.output<typeof BillingPaymentSchema>;

export const BillingSummarySchema = z.object({
  premium: z.object({
    active: z.boolean(),
    premiumEndAt: timestamp.nullable(),
    /** Which one gives the later end: the pass, the subscription, or neither. */
    source: z.enum(['pass', 'subscription', 'grant', 'none']),
    passEndAt: timestamp.nullable(),
    subscriptionPaidThrough: timestamp.nullable(),
  }),
  subscription: SubscriptionStateSchema.extend({
    id: z.string(),
    /** The next charge (null once cancelled at period end). */
    renewsOn: timestamp.nullable(),
    /** When premium from it ends (set once cancelled at period end, or ended). */
    endsOn: timestamp.nullable(),
    trialEnd: timestamp.nullable(),
  }).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  payments: z.array(BillingPaymentSchema),
});
export type BillingSummary = z.output<typeof BillingSummarySchema>;

export const SwitchPreviewSchema = z.object({
  plan: planId,
  /** What the switch charges now: the new price less the unused part of the current period. */
  amountDue: z.number(),
  currency: z.string(),
  /** Unix seconds: the moment priced, kept by the server for POST /billing/switch (for 5 minutes). */
  prorationDate: z.number().int(),
});
export type SwitchPreview = z.output<typeof SwitchPreviewSchema>;

export const CardSetupSchema = z.object({ clientSecret: z.string(), setupIntentId: z.string() });
export const RefundSchema = z.object({ refundId: z.string(), status: z.string() });

/** POST /admin/premium-grants: days of premium an admin gives a reader (a comp, an apology). */
export const PREMIUM_GRANT_MAX_DAYS = 366;
export const premiumGrantBody = z
  .object({
    email: emailSchema,
    days: z.number().int().min(1).max(PREMIUM_GRANT_MAX_DAYS),
    note: z.string().trim().max(200).optional(),
  })
  .strict();
export type PremiumGrantInput = z.infer<typeof premiumGrantBody>;
export const PremiumGrantSchema = z
  .object({ id: z.string(), email: z.string(), days: z.number().int(), premiumEndAt: z.string().nullable() })
  .strict();
export type PremiumGrant = z.infer<typeof PremiumGrantSchema>;
