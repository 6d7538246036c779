/**
 * Subscriptions that renew and the billing page (docs/decisions/subscriptions.md). Every action is
 * on the caller's own subscription: there is no subscription id to name, so nobody can reach
 * another's. Stripe's answer to each change is written like a webhook's (sync.ts).
 */
import {
  subscriptionPlanById,
  type BillingSummary,
  type Subscribed,
  type SubscriptionPlanId,
  type SwitchPreview,
} from '@newsroom/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { Clock } from '../clock.js';
import { Conflict, HttpError, NotFound, ServiceUnavailable } from '../errors.js';
import type { DomainEvents } from '../events/domain.js';
import type { PassLedger } from '../payments/passes.js';
import { NOT_CONFIGURED } from '../payments/service.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import type { User } from '../users/types.js';
import { priceCatalog } from './catalog.js';
import { billingRefreshes } from './refreshes/repository.js';
import { billingSummaries, LIVE } from './summary.js';
import { billingRepository, type SubscriptionRecord } from './repository.js';
import { SWITCH_PREVIEW_TTL_MS, switchPreviews } from './switch-previews/repository.js';
import { SUBSCRIPTION_EXPAND, type SubscriptionSync } from './sync.js';

export interface BillingServiceDeps {
  store: Store;
  /** null when STRIPE_SECRET_KEY is unset: every action answers 503. */
  stripe: Stripe | null;
  clock: Clock;
  logger: Logger;
  events: DomainEvents;
  users: UserService;
  passes: PassLedger;
  /** Stripe's subscriptions kept in step (null without Stripe). */
  sync: SubscriptionSync | null;
}

/** A pass ending sooner than this is not worth a trial: the subscription starts now. */
const MIN_TRIAL_MS = 60_000;
/** POST /billing/switch after its preview expired (or no longer prices this subscription). */
const STALE_SWITCH_PREVIEW = 'The price shown has expired: preview the switch again';

const dollars = (cents: number) => cents / 100;
const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : 0);

export function billingService(deps: BillingServiceDeps) {
  const repo = billingRepository(deps.store);
  const { users, passes, sync } = deps;
  const stripe = deps.stripe;
  const catalog = stripe ? priceCatalog(stripe) : null;
  const refreshes = billingRefreshes(deps.store);
  const previews = switchPreviews(deps.store);
  /** Subscribing is serialized per user in this process (one Stripe subscription, not two). */
  const subscribing = new Map<string, Promise<unknown>>();

  const configured = () => {
    if (!stripe || !sync || !catalog) throw new ServiceUnavailable(NOT_CONFIGURED);
    return { stripe, sync, catalog };
  };

  /** Stripe failing is a 502; a card declined is the caller's 409 (nothing changed). */
  async function callStripe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError)
        throw new Conflict(err.message || 'Your card was declined');
      if (err instanceof Stripe.errors.StripeError) {
        deps.logger.error(
          { type: err.type, code: err.code, statusCode: err.statusCode },
          'stripe request failed',
        );
        throw new HttpError(502, 'Payment provider error');
      }
      throw err;
    }
  }

  const { current, summaryOf } = billingSummaries({ ...deps, repo, users, passes, stripe, sync, refreshes });

  async function requireLive(email: string): Promise<SubscriptionRecord> {
    const sub = await current(email);
    if (!sub || !LIVE.has(sub.status)) throw new NotFound('You have no subscription');
    return sub;
  }

  async function ensureCustomer(user: User): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const { stripe } = configured();
    const customer = await callStripe(() =>
      stripe.customers.create(
        { email: user.email, metadata: { uid: user.uid } },
        // One customer per user, even when two instances are asked at once.
        { idempotencyKey: `customer-${user.uid}` },
      ),
    );
    await users.setStripeCustomerId(user.email, customer.id);
    return customer.id;
  }

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

  /** Writes Stripe's answer to an update (the webhook that follows writes the same). */
  async function update(sub: SubscriptionRecord, params: Stripe.SubscriptionUpdateParams) {
    const { stripe, sync } = configured();
    const updated = await callStripe(() =>
      stripe.subscriptions.update(sub._id, { ...params, expand: SUBSCRIPTION_EXPAND }),
    );
    await sync.save(updated);
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

    summary: (user: Pick<User, 'email'>) => summaryOf(user.email),

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

    /** POST /billing/card-setup: a SetupIntent the card field confirms (stripe.confirmCardSetup). */
    async cardSetup(user: User): Promise<{ clientSecret: string; setupIntentId: string }> {
      const { stripe } = configured();
      const customer = await ensureCustomer(user);
      const setup = await callStripe(() =>
        stripe.setupIntents.create({
          customer,
          usage: 'off_session',
          metadata: { uid: user.uid },
        }),
      );
      if (!setup.client_secret) throw new HttpError(502, 'Payment provider error');
      return { clientSecret: setup.client_secret, setupIntentId: setup.id };
    },

    /** POST /billing/card: the confirmed SetupIntent's card becomes the one renewals charge. */
    async updateCard(user: User, setupIntentId: string): Promise<BillingSummary> {
      const { stripe } = configured();
      const setup = await callStripe(() =>
        stripe.setupIntents.retrieve(setupIntentId).catch((err: unknown) => {
          if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) {
            throw new NotFound('Card setup not found');
          }
          throw err;
        }),
      );
      const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
      if (!user.stripeCustomerId || customer !== user.stripeCustomerId) {
        throw new NotFound('Card setup not found');
      }
      if (setup.status !== 'succeeded' || !setup.payment_method)
        throw new Conflict('The card is not confirmed yet');
      const method =
        typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method.id;
      await callStripe(() =>
        stripe.customers.update(customer, { invoice_settings: { default_payment_method: method } }),
      );
      const sub = await current(user.email);
      if (sub && LIVE.has(sub.status)) await update(sub, { default_payment_method: method });
      return summaryOf(user.email);
    },

    /** GET /admin/billing?email=: an admin's view of one user's billing. */
    async summaryForAdmin(email: string): Promise<BillingSummary> {
      if (!(await users.findByEmail(email))) throw new NotFound('User not found');
      return summaryOf(email);
    },

    /**
     * POST /admin/refunds: refunds a payment of ours (a pass or a subscription invoice) in full.
     * Nothing is taken back here: charge.refunded comes through the webhook like any refund.
     */
    async refund(paymentIntentId: string): Promise<{ refundId: string; status: string }> {
      const { stripe } = configured();
      const invoice = await repo.invoiceByPaymentIntent(paymentIntentId);
      const pass = invoice ? null : await passes.findPass(paymentIntentId);
      if (!invoice && !pass) throw new NotFound('Payment not found');
      const refunded = invoice
        ? !!invoice.takenBack || (invoice.refundedAmount ?? 0) >= invoice.amount
        : pass?.takenBack === 'refunded';
      // Stripe would answer the first refund again (same idempotency key): say so instead.
      if (refunded) throw new Conflict('This payment was refunded already');
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, metadata: { by: 'admin' } },
          { idempotencyKey: `refund-${paymentIntentId}` },
        );
        return { refundId: refund.id, status: refund.status ?? 'pending' };
      } catch (err) {
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'charge_already_refunded'
        ) {
          throw new Conflict('This payment was refunded already');
        }
        return callStripe(() => Promise.reject(err));
      }
    },

    /** A verified Stripe event of billing's (BILLING_EVENTS). */
    handleEvent(event: Stripe.Event): Promise<void> {
      return configured().sync.handleEvent(event);
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
