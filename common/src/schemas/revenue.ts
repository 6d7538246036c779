/**
 * The admins' revenue view (GET /admin/revenue; docs/decisions/revenue-view.md): what subscriptions,
 * their invoices and the passes brought in, month by month. Money is in US dollars, rounded to the
 * cent, like every other amount on the wire.
 */
import { z } from 'zod';
import { SUBSCRIPTION_PLAN_IDS } from '../plans.js';
import { REVENUE_MONTHS_DEFAULT, REVENUE_MONTHS_MAX } from '../revenue.js';

/** GET /admin/revenue?months= : 1 to REVENUE_MONTHS_MAX whole months, 12 by default. */
export const revenueQuery = z
  .object({
    months: z
      .string()
      .regex(/^\d{1,2}$/, 'months must be a whole number')
      .default(String(REVENUE_MONTHS_DEFAULT))
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'months must be at least 1')
          .max(REVENUE_MONTHS_MAX, `months must be at most ${REVENUE_MONTHS_MAX}`),
      ),
  })
  .strict();

const dollars = z.number().meta({ description: 'US dollars, rounded to the cent.' });
const count = z.number().int().min(0);

/** Subscribers of one plan who are counted in the monthly recurring revenue. */
export const RevenuePlanSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLAN_IDS),
  /** Paid up and renewing (or cancelled at period end, still paid up). */
  active: count,
  /** A renewal failed and Stripe is retrying: still counted in the recurring revenue. */
  pastDue: count,
  /** What this plan's active and past-due subscribers bring in a month (a yearly price / 12). */
  mrr: dollars,
});
export type RevenuePlan = z.output<typeof RevenuePlanSchema>;

/**
 * One calendar month (UTC). Payments count in the month they were made; their refunds and disputes
 * count in that same month, whenever they came, so a month's net is what its payments finally brought.
 */
export const RevenueMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Subscriptions that started in the month (not ones never paid for). */
  newSubscriptions: count,
  /** Subscriptions that ended in the month. */
  cancelledSubscriptions: count,
  /** Paid subscription invoices and what they charged. */
  subscriptionPayments: count,
  subscriptionRevenue: dollars,
  /** Passes bought and what they cost. */
  passesSold: count,
  passRevenue: dollars,
  /** The month's payments that were refunded (in full or in part) and how much went back. */
  refunds: count,
  refundedAmount: dollars,
  /** The month's payments that were disputed, and what those took (a dispute the site won takes 0). */
  disputes: count,
  disputedAmount: dollars,
  /** Subscription and pass revenue. */
  gross: dollars,
  /** Gross less refunds and disputes. */
  net: dollars,
});
export type RevenueMonth = z.output<typeof RevenueMonthSchema>;

export const RevenueReportSchema = z.object({
  /** When it was computed (the current month runs until then). */
  asOf: z.iso.datetime(),
  currency: z.literal('usd'),
  /** Monthly recurring revenue now: active and past-due subscriptions, a yearly one as its price / 12. */
  mrr: dollars,
  /** Per plan (every plan listed, also with no subscribers). */
  subscribers: z.array(RevenuePlanSchema),
  /** The last `months` calendar months, oldest first, the current one last (so far). */
  months: z.array(RevenueMonthSchema),
});
export type RevenueReport = z.output<typeof RevenueReportSchema>;
