import type { SubscriptionPlanId, SubscriptionStatus } from '@newsroom/common';
import { DuplicateKeyError, type Store } from '../store/port.js';

/** A Stripe Subscription as last fetched from Stripe (never patched by deltas: billing/sync.ts). */
export interface SubscriptionRecord {
  /** Stripe's subscription id. */
  _id: string;
  email: string;
  uid: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: SubscriptionPlanId | null;
  priceId: string;
  itemId: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
  trialEnd: string | null;
  latestInvoicePaid: boolean;
  card: { brand: string; last4: string } | null;
  createdAt: string;
  /** Which of the user's subscriptions this is (1, 2, ...): orders those Stripe made in one second. */
  seq: number;
  syncedAt: string;
  [key: string]: unknown;
}

/** One invoice of a subscription that asked for money: what it bought and what became of it. */
export interface InvoiceRecord {
  /** Stripe's invoice id. */
  _id: string;
  email: string;
  subscriptionId: string;
  paymentIntentId: string | null;
  /** Cents. */
  amount: number;
  currency: string;
  status: 'paid' | 'open' | 'failed' | 'void';
  createdAt: string;
  periodStart: string;
  periodEnd: string;
  hostedInvoiceUrl: string | null;
  receiptUrl?: string | null;
  /** Cents, from the charge. */
  refundedAmount?: number;
  disputed?: boolean;
  /** A full refund or a dispute took this period back (once)... */
  takenBack?: 'refunded' | 'disputed';
  /** ...from this moment on (docs/decisions/premium-ledger.md)... */
  takenBackAt?: string;
  /** ...until a dispute of it was won. */
  restoredAt?: string;
  [key: string]: unknown;
}

/**
 * How far billing reconciliation (billing/reconcile.ts) got through Stripe's events; times are Unix
 * seconds, as Stripe's `created`. One record.
 */
export interface ReconciliationProgress {
  _id: string;
  /** Every event created before this second was checked. */
  from: number;
  /**
   * A window under way: events created in [from, upper], checked from the newest down to `after`
   * (the last one checked; Stripe lists newest first and pages with `starting_after`).
   */
  window?: { upper: number; after: string | null };
  /** An event whose repair failed, and in how many runs: retried, then given up. */
  failing?: { eventId: string; runs: number };
  updatedAt: string;
  [key: string]: unknown;
}
const RECONCILIATION = 'stripe-events';

/** A Stripe event handled (or being handled): the durable record that makes a delivery count once. */
export interface StripeEventRecord {
  _id: string;
  type: string;
  receivedAt: string;
  doneAt?: string;
  [key: string]: unknown;
}

const LISTED = 50;
/** How many paid invoices of one subscription the ledger reads (a monthly plan's 40 years). */
const LEDGER_READ = 500;

/** One calendar month (YYYY-MM) of paid invoices: what they charged and what came back (cents). */
export interface InvoiceMonth {
  _id: string;
  payments: number;
  charged: number;
  refunds: number;
  refunded: number;
  disputes: number;
  /** What disputes took (the charge less its refunds), unless the dispute was won. */
  disputeLost: number;
}

/** The YYYY-MM of an ISO date field, as an aggregation expression. */
const monthOf = (field: string) => ({ $substrBytes: [`$${field}`, 0, 7] });

/**
 * The only place that builds queries on subscriptions, billing_invoices, stripe_events and
 * billing_reconciliation.
 */
export function billingRepository(store: Store) {
  const subscriptions = () => store.collection<SubscriptionRecord>('subscriptions');
  const invoices = () => store.collection<InvoiceRecord>('billing_invoices');
  const events = () => store.collection<StripeEventRecord>('stripe_events');
  const reconciliation = () => store.collection<ReconciliationProgress>('billing_reconciliation');

  return {
    async saveSubscription(record: SubscriptionRecord): Promise<void> {
      const { _id, ...fields } = record;
      await subscriptions().updateOne({ _id }, { $set: fields }, { upsert: true });
    },
    findSubscription: (id: string) => subscriptions().findOne({ _id: id }),
    /** A user's subscriptions, newest first: the first is the one the billing page manages. */
    subscriptionsOf: (email: string) =>
      subscriptions().find({ email }, { sort: { createdAt: -1, seq: -1, _id: -1 }, limit: LISTED }),
    countSubscriptions: (email: string) => subscriptions().countDocuments({ email }),

    /** Writes what Stripe says of an invoice; what refunds and disputes recorded stays. */
    async saveInvoice(record: InvoiceRecord): Promise<void> {
      const { _id, ...fields } = record;
      await invoices().updateOne({ _id }, { $set: fields }, { upsert: true });
    },
    invoicesOf: (email: string) =>
      invoices().find({ email }, { sort: { createdAt: -1, _id: -1 }, limit: LISTED }),
    findInvoice: (id: string) => invoices().findOne({ _id: id }),
    invoiceByPaymentIntent: (paymentIntentId: string) => invoices().findOne({ paymentIntentId }),
    /** The paid invoices of one subscription: its periods in the premium ledger (billing/ledger.ts). */
    paidInvoicesOf: (subscriptionId: string) =>
      invoices().find({ subscriptionId, status: 'paid' }, { limit: LEDGER_READ }),
    /** The periods a refund or dispute took back, per subscription. */
    takenBackOf: (subscriptionId: string) =>
      invoices().find({ subscriptionId, takenBack: { $exists: true } }, { limit: LISTED }),
    async setChargeState(
      id: string,
      state: { refundedAmount: number; disputed: boolean; receiptUrl: string | null },
    ) {
      await invoices().updateOne({ _id: id }, { $set: state });
    },
    /** True the first time only. */
    async markTakenBack(id: string, cause: 'refunded' | 'disputed', at: string): Promise<boolean> {
      const r = await invoices().updateOne(
        { _id: id, takenBack: { $exists: false } },
        { $set: { takenBack: cause, takenBackAt: at } },
      );
      return r.modifiedCount > 0;
    },
    /** A won dispute gives the period back; true the first time only. */
    async markRestored(id: string, at: string): Promise<boolean> {
      const r = await invoices().updateOne(
        { _id: id, takenBack: 'disputed', restoredAt: { $exists: false } },
        { $set: { restoredAt: at } },
      );
      return r.modifiedCount > 0;
    },

    /**
     * The revenue view (billing/revenue.ts): subscribers per plan and status among `statuses`, read
     * through the {status, plan} index (as many as there are such subscribers, never the collection).
     */
    subscribersByPlan: (statuses: readonly SubscriptionStatus[]) =>
      subscriptions().aggregate<{
        _id: { plan: SubscriptionPlanId | null; status: SubscriptionStatus };
        n: number;
      }>([
        { $match: { status: { $in: [...statuses] } } },
        { $group: { _id: { plan: '$plan', status: '$status' }, n: { $sum: 1 } } },
      ]),
    /**
     * Per month, one plan's subscriptions whose `field` (createdAt: started, endedAt: ended) is in
     * [fromIso, untilIso), leaving out `except` statuses: a date range of the {plan, field, _id} index.
     */
    subscriptionsPerMonth: (
      plan: SubscriptionPlanId,
      field: 'createdAt' | 'endedAt',
      fromIso: string,
      untilIso: string,
      except: readonly SubscriptionStatus[],
    ) =>
      subscriptions().aggregate<{ _id: string; n: number }>([
        { $match: { plan, [field]: { $gte: fromIso, $lt: untilIso }, status: { $nin: [...except] } } },
        { $sort: { [field]: 1, _id: 1 } },
        { $group: { _id: monthOf(field), n: { $sum: 1 } } },
      ]),
    /** Per month of their date, paid invoices of [fromIso, untilIso): the {status, createdAt, _id} index. */
    paidInvoicesPerMonth: (fromIso: string, untilIso: string) => {
      const refunded = { $ifNull: ['$refundedAmount', 0] };
      const disputed = { $eq: ['$disputed', true] };
      const won = { $ne: [{ $ifNull: ['$restoredAt', null] }, null] };
      return invoices().aggregate<InvoiceMonth>([
        { $match: { status: 'paid', createdAt: { $gte: fromIso, $lt: untilIso } } },
        { $sort: { createdAt: 1, _id: 1 } },
        {
          $group: {
            _id: monthOf('createdAt'),
            payments: { $sum: 1 },
            charged: { $sum: '$amount' },
            refunds: { $sum: { $cond: [{ $gt: [refunded, 0] }, 1, 0] } },
            refunded: { $sum: refunded },
            disputes: { $sum: { $cond: [disputed, 1, 0] } },
            disputeLost: {
              $sum: {
                $cond: [{ $and: [disputed, { $not: [won] }] }, { $subtract: ['$amount', refunded] }, 0],
              },
            },
          },
        },
      ]);
    },

    /** Whether this event was handled to the end already. */
    async eventDone(id: string): Promise<boolean> {
      return !!(await events().findOne({ _id: id }))?.doneAt;
    },
    async eventStarted(id: string, type: string, at: string): Promise<void> {
      try {
        await events().insertOne({ _id: id, type, receivedAt: at });
      } catch (err) {
        // A delivery before ours was cut short: this one finishes it (the handlers are idempotent).
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },
    async eventFinished(id: string, at: string): Promise<void> {
      await events().updateOne({ _id: id }, { $set: { doneAt: at } });
    },

    reconciliationProgress: () => reconciliation().findOne({ _id: RECONCILIATION }),
    /** Writes the whole progress: a finished window loses its `window`, a repair that worked `failing`. */
    async saveReconciliationProgress(progress: Omit<ReconciliationProgress, '_id'>): Promise<void> {
      const absent = (['window', 'failing'] as const).filter((key) => progress[key] === undefined);
      await reconciliation().updateOne(
        { _id: RECONCILIATION },
        {
          $set: Object.fromEntries(Object.entries(progress).filter(([, value]) => value !== undefined)),
          ...(absent.length ? { $unset: Object.fromEntries(absent.map((key) => [key, ''])) } : {}),
        },
        { upsert: true },
      );
    },
  };
}

export type BillingRepository = ReturnType<typeof billingRepository>;
