import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '../store/port.js';

/** One redeemed PaymentIntent. The unique index on paymentIntentId is what makes a grant happen once. */
export interface PaymentRecord {
  _id: string;
  paymentIntentId: string;
  email: string;
  uid: string;
  seconds: number;
  /** Dollars, as in the plan catalog. */
  amount: number;
  grantedAt: string;
  source: 'client' | 'webhook';
  /** 'pending' until premiumEndAt was extended (see grant.ts); absent on records made before it existed. */
  state?: 'pending' | 'granted';
  /** A refund or a dispute took the pass's time back (billing/, docs/decisions/subscriptions.md). */
  takenBack?: 'refunded' | 'disputed';
  /** From when (docs/decisions/premium-ledger.md): what was not yet spent by then is not spent. */
  takenBackAt?: string;
  /** A dispute of it was won: spendable again from then on. */
  restoredAt?: string;
  /** Stripe's receipt of the charge, read once for the billing page. */
  receiptUrl?: string;
  [key: string]: unknown;
}

/**
 * The PaymentIntent last created for one user and plan, so asking again reuses it while it can still
 * be paid (one record per uid and plan, unique index).
 */
export interface OpenIntentRecord {
  _id: string;
  uid: string;
  /** The plan's seconds. */
  seconds: number;
  paymentIntentId: string;
  createdAt: string;
  /**
   * How many intents were made for this user and plan; the next one's Stripe idempotency key is
   * derived from it, so two instances asked at once make one intent (payments/intents.ts).
   */
  attempt?: number;
  [key: string]: unknown;
}

/**
 * Where a pass was redeemed from: every value, so the revenue view can read each one's part of an
 * index (a source added to PaymentRecord fails to compile until it is listed here).
 */
const SOURCES: Record<PaymentRecord['source'], true> = { client: true, webhook: true };
export const PASS_SOURCES = Object.keys(SOURCES) as PaymentRecord['source'][];

/** One calendar month (YYYY-MM) of passes bought: how many, what they cost and what came back (dollars). */
export interface PassMonth {
  _id: string;
  sold: number;
  charged: number;
  refunds: number;
  refunded: number;
  disputes: number;
  /** What disputes took, unless the dispute was won. */
  disputeLost: number;
}

/**
 * Every PaymentIntent POST /create-payment-intent made, kept (unlike OpenIntentRecord, which only keeps
 * the newest per plan): PATCH /make-premium-user asks Stripe only about these, so a made-up id is
 * refused from our own records. Found by `_id`, derived from the intent's id.
 */
export interface CreatedIntentRecord {
  _id: string;
  paymentIntentId: string;
  uid: string;
  /** The plan's seconds. */
  seconds: number;
  createdAt: string;
  [key: string]: unknown;
}

const createdIntentId = (paymentIntentId: string) =>
  createHash('sha256').update(`created-intent\n${paymentIntentId}`).digest('hex').slice(0, 24);

export function paymentsRepository(store: Store) {
  const payments = () => store.collection<PaymentRecord>('payments');
  const openIntents = () => store.collection<OpenIntentRecord>('payment_intents');
  const createdIntents = () => store.collection<CreatedIntentRecord>('created_payment_intents');

  return {
    /** Throws DuplicateKeyError when this PaymentIntent was already redeemed. */
    insertPayment: (record: PaymentRecord) => payments().insertOne(record),

    deletePayment: (paymentIntentId: string) => payments().deleteOne({ paymentIntentId }),

    findPayment: (paymentIntentId: string) => payments().findOne({ paymentIntentId }),

    findOpenIntent: (uid: string, seconds: number) => openIntents().findOne({ uid, seconds }),

    /** The user's open intent with this id (index {uid, seconds}: a few per user). */
    findOpenIntentById: (uid: string, paymentIntentId: string) =>
      openIntents().findOne({ uid, paymentIntentId }),

    /** Records an intent we made (again: nothing changes). */
    async recordCreatedIntent(
      record: Pick<CreatedIntentRecord, 'paymentIntentId' | 'uid' | 'seconds' | 'createdAt'>,
    ): Promise<void> {
      const { paymentIntentId, uid, seconds, createdAt } = record;
      try {
        await createdIntents().updateOne(
          { _id: createdIntentId(paymentIntentId) },
          { $setOnInsert: { paymentIntentId, uid, seconds, createdAt } },
          { upsert: true },
        );
      } catch (err) {
        // Recorded by a concurrent call at the same moment: that record is this one.
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },

    findCreatedIntent: (paymentIntentId: string) =>
      createdIntents().findOne({ _id: createdIntentId(paymentIntentId) }),

    async saveOpenIntent(
      uid: string,
      seconds: number,
      paymentIntentId: string,
      createdAt: string,
      attempt: number,
    ) {
      const set = { $set: { paymentIntentId, createdAt, attempt } };
      try {
        await openIntents().updateOne({ uid, seconds }, set, { upsert: true });
      } catch (err) {
        // Another instance inserted the record first: overwrite it (the newest intent wins).
        if (!(err instanceof DuplicateKeyError)) throw err;
        await openIntents().updateOne({ uid, seconds }, set);
      }
    },

    /** A user's passes, newest first (the billing page). */
    passesOf: (email: string, limit: number) =>
      payments().find({ email }, { sort: { grantedAt: -1, _id: -1 }, limit }),

    setReceiptUrl: (paymentIntentId: string, receiptUrl: string) =>
      payments().updateOne({ paymentIntentId }, { $set: { receiptUrl } }),

    markTakenBack: (paymentIntentId: string, cause: 'refunded' | 'disputed', at: string) =>
      payments().updateOne(
        { paymentIntentId, takenBack: { $exists: false } },
        { $set: { takenBack: cause, takenBackAt: at } },
      ),

    markRestored: (paymentIntentId: string, at: string) =>
      payments().updateOne(
        { paymentIntentId, takenBack: 'disputed', restoredAt: { $exists: false } },
        { $set: { restoredAt: at } },
      ),

    /**
     * The revenue view (billing/revenue.ts): per month of purchase, the passes of one source bought in
     * [fromIso, untilIso): a date range of the {source, grantedAt, _id} index.
     */
    passesPerMonth: (source: PaymentRecord['source'], fromIso: string, untilIso: string) => {
      const cause = (taken: 'refunded' | 'disputed') => ({ $eq: ['$takenBack', taken] });
      const won = { $ne: [{ $ifNull: ['$restoredAt', null] }, null] };
      return payments().aggregate<PassMonth>([
        { $match: { source, grantedAt: { $gte: fromIso, $lt: untilIso } } },
        { $sort: { grantedAt: 1, _id: 1 } },
        {
          $group: {
            _id: { $substrBytes: ['$grantedAt', 0, 7] },
            sold: { $sum: 1 },
            charged: { $sum: '$amount' },
            refunds: { $sum: { $cond: [cause('refunded'), 1, 0] } },
            refunded: { $sum: { $cond: [cause('refunded'), '$amount', 0] } },
            disputes: { $sum: { $cond: [cause('disputed'), 1, 0] } },
            disputeLost: {
              $sum: { $cond: [{ $and: [cause('disputed'), { $not: [won] }] }, '$amount', 0] },
            },
          },
        },
      ]);
    },

    markGranted: (paymentIntentId: string) =>
      payments().updateOne({ paymentIntentId }, { $set: { state: 'granted' } }),
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
