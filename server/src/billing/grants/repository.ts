import { DuplicateKeyError, type Store } from '../../store/port.js';

/**
 * Premium given without a payment: days an admin grants (time, spent like a pass's), or premium a
 * record carried from before the ledger existed (fixed dates). docs/decisions/premium-ledger.md.
 */
export interface PremiumGrantRecord {
  _id: string;
  email: string;
  kind: 'admin' | 'legacy';
  grantedAt: string;
  /** admin: the time granted. */
  seconds?: number;
  /** legacy: the dates the record already covered. */
  start?: string;
  end?: string;
  /** Who granted it (an admin's e-mail) and why. */
  by?: string;
  note?: string;
  /** An admin took the grant back from this moment on. */
  takenBackAt?: string;
  [key: string]: unknown;
}

/** How many grants of one user the ledger reads (far more than any real account has). */
const READ = 500;

/** The only place that builds queries on `premium_grants`. */
export function premiumGrantsRepository(store: Store) {
  const grants = () => store.collection<PremiumGrantRecord>('premium_grants');
  return {
    of: (email: string) => grants().find({ email }, { sort: { grantedAt: -1, _id: -1 }, limit: READ }),
    /** False when a grant with this id exists already (a legacy grant is made once per user). */
    async insert(record: PremiumGrantRecord): Promise<boolean> {
      try {
        await grants().insertOne(record);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
  };
}
