/** Subscribing (POST /billing/subscription): one Stripe subscription per reader (service.ts composes it). */
import { subscriptionPlanById, type Subscribed, type SubscriptionPlanId } from '@newsroom/common';
import type Stripe from 'stripe';
import { Conflict } from '../errors.js';
import type { User } from '../users/types.js';
import { ms, type BillingBase } from './service-base.js';
import { LIVE } from './summary.js';

/** A pass ending sooner than this is not worth a trial: the subscription starts now. */
const MIN_TRIAL_MS = 60_000;

export function billingSubscribe({
  deps,
  repo,
  refreshes,
  configured,
  callStripe,
  current,
  ensureCustomer,
}: BillingBase) {
  /** Subscribing is serialized per user in this process (one Stripe subscription, not two). */
  const subscribing = new Map<string, Promise<unknown>>();

  function subscribed(sub: Stripe.Subscription): Subscribed {
    const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
    const setup = typeof sub.pending_setup_intent === 'object' ? sub.pending_setup_intent : null;
    const paymentSecret = invoice?.status === 'open' ? invoice.confirmation_secret?.client_secret : undefined;
    const intent =
      sub.status === 'incomplete' && paymentSecret
        ? ({ type: 'payment', clientSecret: paymentSecret } as const)
        : setup?.client_secret && setup.status !== 'succeeded'
          ? ({ type: 'setup', clientSecret: setup.client_secret } as const)
          : null;
    return {
      subscriptionId: sub.id,
      status: sub.status as Subscribed['status'],
      intent,
      trialEnd: sub.trial_end ? new Date(sub.trial_end * 1000).toISOString() : null,
    };
  }

  const SUBSCRIBE_EXPAND = [
    'latest_invoice.confirmation_secret',
    'latest_invoice.payments',
    'pending_setup_intent',
  ];

  async function subscribeNow(user: User, planId: SubscriptionPlanId): Promise<Subscribed> {
    const { stripe, sync, catalog } = configured();
    const plan = subscriptionPlanById(planId)!;
    const existing = await current(user.email);
    if (existing && LIVE.has(existing.status)) {
      throw new Conflict('You already have a subscription: switch plans on the billing page');
    }
    if (existing?.status === 'incomplete') {
      // Asked again before paying: the same subscription (same client secret), or a fresh one for another plan.
      const open = await callStripe(() =>
        stripe.subscriptions.retrieve(existing._id, { expand: SUBSCRIBE_EXPAND }),
      );
      const answer = subscribed(open);
      if (open.status === 'incomplete' && existing.plan === plan.id && answer.intent) return answer;
      if (open.status === 'incomplete') await callStripe(() => stripe.subscriptions.cancel(open.id));
      await sync.syncSubscription(open.id);
      // Paid meanwhile (its webhook not here yet): that is the subscription.
      if (LIVE.has(open.status)) {
        throw new Conflict('You already have a subscription: switch plans on the billing page');
      }
    }
    const customer = await ensureCustomer(user);
    const price = await callStripe(() => catalog.priceId(plan));
    // A pass holder (or anyone still premium) is not charged twice for the same days: the first
    // period starts when their premium ends.
    const passEnd = ms(user.premiumEndAt);
    const trialEnd = passEnd > deps.clock.now().getTime() + MIN_TRIAL_MS ? Math.floor(passEnd / 1000) : null;
    const attempt = (await repo.countSubscriptions(user.email)) + 1;
    const sub = await callStripe(() =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          payment_behavior: 'default_incomplete',
          payment_settings: {
            save_default_payment_method: 'on_subscription',
            payment_method_types: ['card'],
          },
          metadata: { uid: user.uid, email: user.email, plan: plan.id, seq: String(attempt) },
          ...(trialEnd ? { trial_end: trialEnd } : {}),
          expand: SUBSCRIBE_EXPAND,
        },
        { idempotencyKey: `subscription-${user.uid}-${plan.id}-${attempt}` },
      ),
    );
    await sync.save(sub);
    return subscribed(sub);
  }

  return {
    /** POST /billing/subscription: the first invoice (or the trial's card) is confirmed by Stripe.js. */
    subscribe(user: User, plan: SubscriptionPlanId): Promise<Subscribed> {
      configured();
      const previous = subscribing.get(user.uid) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(() => subscribeNow(user, plan))
        .then(async (answer) => {
          // Stripe.js confirms it next: the following GET /billing may read it from Stripe at once.
          await refreshes.reopen(user.email);
          return answer;
        });
      subscribing.set(user.uid, next);
      const forget = () => {
        if (subscribing.get(user.uid) === next) subscribing.delete(user.uid);
      };
      next.then(forget, forget);
      return next;
    },
  };
}
