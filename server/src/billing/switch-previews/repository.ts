/**
 * The proration date of a plan switch is the server's (docs/decisions/subscriptions.md, "Proration"):
 * GET /billing/switch-preview keeps the moment it priced, per user and plan, and POST /billing/switch
 * charges with that moment, never with a date the client sends. The only place that builds queries
 * on `billing_switch_previews` (found by `_id` alone: no other index).
 */
import { createHash } from 'node:crypto';
import type { SubscriptionPlanId } from '@newsroom/common';
import { DuplicateKeyError, type Store } from '../../store/port.js';

/** A preview older than this no longer prices the switch: the reader previews again. */
export const SWITCH_PREVIEW_TTL_MS = 5 * 60_000;

export interface SwitchPreviewRecord {
  _id: string;
  uid: string;
  plan: SubscriptionPlanId;
  /** The subscription that was priced: a preview of another one does not count. */
  subscriptionId: string;
  /** Unix seconds, as Stripe's `proration_date`. */
  prorationDate: number;
  previewedAt: string;
  [key: string]: unknown;
}

const previewId = (uid: string, plan: SubscriptionPlanId) =>
  createHash('sha256').update(`switch-preview\n${uid}\n${plan}`).digest('hex').slice(0, 24);

export function switchPreviews(store: Store) {
  const previews = () => store.collection<SwitchPreviewRecord>('billing_switch_previews');

  return {
    /** Keeps the newest preview of this user and plan (a second one replaces the first). */
    async save(
      preview: Pick<SwitchPreviewRecord, 'uid' | 'plan' | 'subscriptionId' | 'prorationDate' | 'previewedAt'>,
    ): Promise<void> {
      const { uid, plan, subscriptionId, prorationDate, previewedAt } = preview;
      const write = (upsert: boolean) =>
        previews().updateOne(
          { _id: previewId(uid, plan) },
          { $set: { uid, plan, subscriptionId, prorationDate, previewedAt } },
          { upsert },
        );
      try {
        await write(true);
      } catch (err) {
        // Two previews at once: the other inserted it first; this one replaces it.
        if (!(err instanceof DuplicateKeyError)) throw err;
        await write(false);
      }
    },

    find: (uid: string, plan: SubscriptionPlanId) => previews().findOne({ _id: previewId(uid, plan) }),

    /** A preview is used once: the switch it priced is done. */
    forget: (uid: string, plan: SubscriptionPlanId) => previews().deleteOne({ _id: previewId(uid, plan) }),
  };
}
