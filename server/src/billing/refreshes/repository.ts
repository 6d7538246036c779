/**
 * When a user's billing summary last asked Stripe (docs/decisions/subscriptions.md, "Stripe calls
 * bounded"). GET /billing is served from what webhooks and the last sync stored; it may ask Stripe
 * again at most once a minute per user. The time is kept in the store, not in this process, so every
 * instance shares one gate. The only place that builds queries on `billing_refreshes` (found by
 * `_id` alone: no other index).
 */
import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Store } from '../../store/port.js';

/** How often a user's billing may be read from Stripe (outside webhooks and the user's own actions). */
export const BILLING_REFRESH_INTERVAL_MS = 60_000;

interface BillingRefreshRecord {
  _id: string;
  email: string;
  /** ISO time of the last claim. */
  refreshedAt: string;
  [key: string]: unknown;
}

const refreshId = (email: string) =>
  createHash('sha256').update(`billing-refresh\n${email}`).digest('hex').slice(0, 24);

export function billingRefreshes(store: Store) {
  const refreshes = () => store.collection<BillingRefreshRecord>('billing_refreshes');

  return {
    /**
     * Takes the user's turn to ask Stripe at `now`: true when nobody took it in the last interval.
     * One conditional upsert, so of many requests at once (on any instance) one wins: an upsert that
     * meets the existing `_id` (taken recently, or by a concurrent first claim) fails with a duplicate
     * key, and the same conditional update runs once more without upsert.
     */
    async claim(email: string, now: Date): Promise<boolean> {
      const _id = refreshId(email);
      const since = new Date(now.getTime() - BILLING_REFRESH_INTERVAL_MS).toISOString();
      const take = (upsert: boolean) =>
        refreshes().findOneAndUpdate(
          { _id, refreshedAt: { $lte: since } },
          { $set: { refreshedAt: now.toISOString() }, $setOnInsert: { email } },
          { upsert },
        );
      try {
        return (await take(true)) !== null;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
        return (await take(false)) !== null;
      }
    },

    /**
     * The next summary may ask Stripe at once: the user just started a subscription, which Stripe.js
     * confirms next, and the page should show it paid before the webhook comes.
     */
    async reopen(email: string): Promise<void> {
      await refreshes().deleteOne({ _id: refreshId(email) });
    },
  };
}

export type BillingRefreshes = ReturnType<typeof billingRefreshes>;
