import { DuplicateKeyError, type Store } from '../store/port.js';
import type { User } from '../users/types.js';

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
  [key: string]: unknown;
}

/** How many redeemed intent ids a user record keeps (a pending grant is finished long before). */
const KEPT_GRANTS = 100;

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
  [key: string]: unknown;
}

export function paymentsRepository(store: Store) {
  const payments = () => store.collection<PaymentRecord>('payments');
  const openIntents = () => store.collection<OpenIntentRecord>('payment_intents');
  const users = () => store.collection<User>('users');

  return {
    /** Throws DuplicateKeyError when this PaymentIntent was already redeemed. */
    insertPayment: (record: PaymentRecord) => payments().insertOne(record),

    deletePayment: (paymentIntentId: string) => payments().deleteOne({ paymentIntentId }),

    findPayment: (paymentIntentId: string) => payments().findOne({ paymentIntentId }),

    findUserByEmail: (email: string) => users().findOne({ email }),

    findOpenIntent: (uid: string, seconds: number) => openIntents().findOne({ uid, seconds }),

    async saveOpenIntent(uid: string, seconds: number, paymentIntentId: string, createdAt: string) {
      const set = { $set: { paymentIntentId, createdAt } };
      try {
        await openIntents().updateOne({ uid, seconds }, set, { upsert: true });
      } catch (err) {
        // Another instance inserted the record first: overwrite it (the newest intent wins).
        if (!(err instanceof DuplicateKeyError)) throw err;
        await openIntents().updateOne({ uid, seconds }, set);
      }
    },

    markGranted: (paymentIntentId: string) =>
      payments().updateOne({ paymentIntentId }, { $set: { state: 'granted' } }),

    /**
     * Compare-and-set: writes premiumEndAt only if it still holds `expected` (two grants for the same
     * user at once cannot overwrite each other's extension) and this intent's extension is not already
     * there; the intent's id is recorded in the same write, so a grant redone after a crash extends once.
     */
    async extendPremiumIf(
      userId: string,
      expected: string | null,
      premiumEndAt: string,
      paymentIntentId: string,
    ): Promise<boolean> {
      const result = await users().updateOne(
        { _id: userId, premiumEndAt: expected, premiumGrants: { $ne: paymentIntentId } },
        {
          $set: { premiumEndAt },
          $push: { premiumGrants: { $each: [paymentIntentId], $slice: -KEPT_GRANTS } },
        },
      );
      return result.matchedCount === 1;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
