/**
 * The admins' revenue view (docs/decisions/revenue-view.md): monthly recurring revenue now, subscribers
 * per plan, and per calendar month (UTC) subscriptions started and ended, passes sold, refunds,
 * disputes, gross and net. Read from what billing stores (subscriptions, billing_invoices, payments),
 * each by a date range of an index, so a request costs the months it shows, not every record ever.
 */
import {
  SUBSCRIPTION_PLANS,
  type RevenueMonth,
  type RevenueReport,
  type SubscriptionStatus,
} from '@newsroom/common';
import type { Clock } from '../clock.js';
import { passRevenue } from '../payments/pass-revenue.js';
import { toCents } from '../payments/plans.js';
import type { Store } from '../store/port.js';
import { billingRepository } from './repository.js';

/** Subscriptions in the recurring revenue: paid up, or a renewal failed and Stripe still retries. */
const RECURRING: readonly SubscriptionStatus[] = ['active', 'past_due'];
/** Subscriptions never paid for: neither a start nor an end. */
const NEVER_PAID: readonly SubscriptionStatus[] = ['incomplete', 'incomplete_expired'];
const MONTHS_A_YEAR = 12;

const dollars = (cents: number) => Math.round(cents) / 100;

/** YYYY-MM of the `back`-th month before `now`'s (UTC), and the ISO instant that month starts. */
function monthStart(now: Date, back: number): { key: string; iso: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return { key: start.toISOString().slice(0, 7), iso: start.toISOString() };
}

/** A plan's price per month, in cents (a yearly price spread over twelve months). */
function monthlyCents(plan: (typeof SUBSCRIPTION_PLANS)[number]): number {
  const cents = toCents(plan.amount);
  return plan.interval === 'year' ? cents / MONTHS_A_YEAR : cents;
}

/** Money per month in cents, summed over the index parts read. */
interface MonthTotals {
  newSubscriptions: number;
  cancelledSubscriptions: number;
  subscriptionPayments: number;
  subscriptionCents: number;
  passesSold: number;
  passCents: number;
  refunds: number;
  refundedCents: number;
  disputes: number;
  disputedCents: number;
}

const emptyMonth = (): MonthTotals => ({
  newSubscriptions: 0,
  cancelledSubscriptions: 0,
  subscriptionPayments: 0,
  subscriptionCents: 0,
  passesSold: 0,
  passCents: 0,
  refunds: 0,
  refundedCents: 0,
  disputes: 0,
  disputedCents: 0,
});

export function revenueService(deps: { store: Store; clock: Clock }) {
  const billing = billingRepository(deps.store);
  const passes = passRevenue(deps.store);

  async function subscribers(): Promise<Pick<RevenueReport, 'mrr' | 'subscribers'>> {
    const rows = await billing.subscribersByPlan(RECURRING);
    const count = (plan: string, status: SubscriptionStatus) =>
      rows.find((r) => r._id.plan === plan && r._id.status === status)?.n ?? 0;
    let mrrCents = 0;
    const perPlan = SUBSCRIPTION_PLANS.map((plan) => {
      const active = count(plan.id, 'active');
      const pastDue = count(plan.id, 'past_due');
      const cents = (active + pastDue) * monthlyCents(plan);
      mrrCents += cents;
      return { plan: plan.id, active, pastDue, mrr: dollars(cents) };
    });
    // A subscription on a price outside the catalog (plan null) has no known price: left out.
    return { mrr: dollars(mrrCents), subscribers: perPlan };
  }

  return {
    /** The last `months` calendar months, the current one (so far) last. */
    async report(months: number): Promise<RevenueReport> {
      const now = deps.clock.now();
      const from = monthStart(now, months - 1);
      const until = monthStart(now, -1).iso;
      const totals = new Map<string, MonthTotals>();
      for (let back = months - 1; back >= 0; back--) totals.set(monthStart(now, back).key, emptyMonth());
      const at = (month: string) => totals.get(month);

      const plans = SUBSCRIPTION_PLANS.map((p) => p.id);
      const [summary, started, ended, invoices, passMonths] = await Promise.all([
        subscribers(),
        Promise.all(
          plans.map((plan) => billing.subscriptionsPerMonth(plan, 'createdAt', from.iso, until, NEVER_PAID)),
        ),
        Promise.all(
          plans.map((plan) => billing.subscriptionsPerMonth(plan, 'endedAt', from.iso, until, NEVER_PAID)),
        ),
        billing.paidInvoicesPerMonth(from.iso, until),
        passes.perMonth(from.iso, until),
      ]);

      for (const row of started.flat()) {
        const m = at(row._id);
        if (m) m.newSubscriptions += row.n;
      }
      for (const row of ended.flat()) {
        const m = at(row._id);
        if (m) m.cancelledSubscriptions += row.n;
      }
      for (const row of invoices) {
        const m = at(row._id);
        if (!m) continue;
        m.subscriptionPayments += row.payments;
        m.subscriptionCents += row.charged;
        m.refunds += row.refunds;
        m.refundedCents += row.refunded;
        m.disputes += row.disputes;
        m.disputedCents += row.disputeLost;
      }
      // Passes are priced in whole dollars.
      for (const row of passMonths) {
        const m = at(row._id);
        if (!m) continue;
        m.passesSold += row.sold;
        m.passCents += toCents(row.charged);
        m.refunds += row.refunds;
        m.refundedCents += toCents(row.refunded);
        m.disputes += row.disputes;
        m.disputedCents += toCents(row.disputeLost);
      }

      const perMonth: RevenueMonth[] = [...totals].map(([month, t]) => {
        const grossCents = t.subscriptionCents + t.passCents;
        return {
          month,
          newSubscriptions: t.newSubscriptions,
          cancelledSubscriptions: t.cancelledSubscriptions,
          subscriptionPayments: t.subscriptionPayments,
          subscriptionRevenue: dollars(t.subscriptionCents),
          passesSold: t.passesSold,
          passRevenue: dollars(t.passCents),
          refunds: t.refunds,
          refundedAmount: dollars(t.refundedCents),
          disputes: t.disputes,
          disputedAmount: dollars(t.disputedCents),
          gross: dollars(grossCents),
          net: dollars(grossCents - t.refundedCents - t.disputedCents),
        };
      });
      return { asOf: now.toISOString(), currency: 'usd', ...summary, months: perMonth };
    },
  };
}

export type RevenueService = ReturnType<typeof revenueService>;
