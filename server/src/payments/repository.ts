import type { Store } from '../store/port.js';
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
  [key: string]: unknown;
}

export function paymentsRepository(store: Store) {
  const payments = () => store.collection<PaymentRecord>('payments');
  const users = () => store.collection<User>('users');

  return {
    /** Throws DuplicateKeyError when this PaymentIntent was already redeemed. */
    insertPayment: (record: PaymentRecord) => payments().insertOne(record),

    deletePayment: (paymentIntentId: string) => payments().deleteOne({ paymentIntentId }),

    findPayment: (paymentIntentId: string) => payments().findOne({ paymentIntentId }),

    findUserByEmail: (email: string) => users().findOne({ email }),

    /**
     * Compare-and-set: writes premiumEndAt only if it still holds `expected`, so two grants for
     * the same user at once cannot overwrite each other's extension.
     */
    async setPremiumEndAtIf(userId: string, expected: string | null, premiumEndAt: string): Promise<boolean> {
      const result = await users().updateOne(
        { _id: userId, premiumEndAt: expected },
        { $set: { premiumEndAt } },
      );
      return result.matchedCount === 1;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
