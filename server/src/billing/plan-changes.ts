/** The caller's subscription changing: cancel, resume, preview and switch plans (service.ts composes it). */
import {
  subscriptionPlanById,
  type BillingSummary,
  type SubscriptionPlanId,
  type SwitchPreview,
} from '@newsroom/common';
import { Conflict } from '../errors.js';
import type { User } from '../users/types.js';
import type { SubscriptionRecord } from './repository.js';
import { ms, type BillingBase } from './service-base.js';
import { SWITCH_PREVIEW_TTL_MS } from './switch-previews/repository.js';

/** POST /billing/switch after its preview expired (or no longer prices this subscription). */
const STALE_SWITCH_PREVIEW = 'The price shown has expired: preview the switch again';
const dollars = (cents: number) => cents / 100;

export function billingPlanChanges({
  deps,
  previews,
  configured,
  callStripe,
  requireLive,
  summaryOf,
  update,
}: BillingBase) {
  /**
   * The moment the caller's preview priced (the server's clock then). A switch asked without a preview
   * is priced now, the honest date; one whose preview is older than SWITCH_PREVIEW_TTL_MS, or priced
   * another subscription or period, is refused: the reader sees the new price first.
   */
  async function previewedProrationDate(
    user: User,
    planId: SubscriptionPlanId,
    sub: SubscriptionRecord,
  ): Promise<number> {
    const now = deps.clock.now().getTime();
    const preview = await previews.find(user.uid, planId);
    if (!preview) return Math.floor(now / 1000);
    const stale =
      preview.subscriptionId !== sub._id ||
      now - ms(preview.previewedAt) > SWITCH_PREVIEW_TTL_MS ||
      preview.prorationDate * 1000 < ms(sub.currentPeriodStart);
    if (stale) throw new Conflict(STALE_SWITCH_PREVIEW);
    return preview.prorationDate;
  }

  return {
    async cancel(user: User): Promise<BillingSummary> {
      const sub = await requireLive(user.email);
      if (sub.cancelAtPeriodEnd) throw new Conflict('Your subscription is already cancelled');
      await update(sub, { cancel_at_period_end: true });
      return summaryOf(user.email);
    },

    async resume(user: User): Promise<BillingSummary> {
      const sub = await requireLive(user.email);
      if (!sub.cancelAtPeriodEnd) throw new Conflict('Your subscription is not cancelled');
      await update(sub, { cancel_at_period_end: false });
      return summaryOf(user.email);
    },

    async previewSwitch(user: User, planId: SubscriptionPlanId): Promise<SwitchPreview> {
      const { stripe, catalog } = configured();
      const sub = await requireLive(user.email);
      if (sub.plan === planId) throw new Conflict('You are on this plan already');
      const price = await callStripe(() => catalog.priceId(subscriptionPlanById(planId)!));
      const previewedAt = deps.clock.now();
      const prorationDate = Math.floor(previewedAt.getTime() / 1000);
      const preview = await callStripe(() =>
        stripe.invoices.createPreview({
          customer: sub.customerId,
          subscription: sub._id,
          subscription_details: {
            items: [{ id: sub.itemId, price }],
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
          },
        }),
      );
      // The switch charges with this moment, kept here: never with a date the client sends.
      await previews.save({
        uid: user.uid,
        plan: planId,
        subscriptionId: sub._id,
        prorationDate,
        previewedAt: previewedAt.toISOString(),
      });
      return {
        plan: planId,
        amountDue: dollars(preview.amount_due),
        currency: preview.currency,
        prorationDate,
      };
    },

    /** POST /billing/switch: charged as the caller's preview priced it (docs/decisions/subscriptions.md). */
    async switchPlan(user: User, planId: SubscriptionPlanId): Promise<BillingSummary> {
      const { catalog } = configured();
      const sub = await requireLive(user.email);
      if (sub.plan === planId) throw new Conflict('You are on this plan already');
      const prorationDate = await previewedProrationDate(user, planId, sub);
      const price = await callStripe(() => catalog.priceId(subscriptionPlanById(planId)!));
      await update(sub, {
        items: [{ id: sub.itemId, price }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
        // A declined card leaves the plan as it was (409), instead of a switch left unpaid.
        payment_behavior: 'error_if_incomplete',
        metadata: { plan: planId },
      });
      await previews.forget(user.uid, planId);
      return summaryOf(user.email);
    },
  };
}
