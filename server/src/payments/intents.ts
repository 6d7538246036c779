import type { CreatedIntent } from '@newsroom/common';
import Stripe from 'stripe';
import type { Clock } from '../clock.js';
import { PLAN_CURRENCY, toCents, type Plan } from './plans.js';
import type { OpenIntentRecord, PaymentsRepository } from './repository.js';
import type { Payer } from './service.js';

export type { CreatedIntent } from '@newsroom/common';

/** Stripe states in which an intent can no longer take a payment: asking again makes a new one. */
const FINISHED: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['succeeded', 'canceled']);

/**
 * POST /create-payment-intent without piling up intents: a user who opens the payment page again for
 * the same plan gets the intent made last time (same client_secret) while Stripe says it can still be
 * paid. We keep its id per (uid, plan) rather than searching Stripe, whose search lags behind writes.
 * A new intent's idempotency key is derived from that stored record (user, plan, price and the
 * record's attempt count), so two tabs asking at once, on one instance or on two, get the one intent
 * Stripe made for that key. Calls for one user and plan are also serialized in this process (one
 * Stripe call instead of two). See docs/decisions/payment-intent-reuse.md.
 */
export function paymentIntentCreator(deps: { stripe: Stripe; repo: PaymentsRepository; clock: Clock }) {
  const { stripe, repo } = deps;
  const running = new Map<string, Promise<CreatedIntent>>();

  /** The user's open intent for this plan, if Stripe still has it unpaid, for this payer and price. */
  async function reusable(payer: Payer, plan: Plan, open: OpenIntentRecord | null) {
    if (!open) return null;
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(open.paymentIntentId);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
      throw err;
    }
    const matches =
      !FINISHED.has(intent.status) &&
      intent.amount === toCents(plan.amount) &&
      intent.currency === PLAN_CURRENCY &&
      intent.metadata.uid === payer.uid &&
      intent.metadata.email === payer.email &&
      intent.metadata.seconds === String(plan.seconds);
    return matches && intent.client_secret ? intent : null;
  }

  function createIntent(payer: Payer, plan: Plan, attempt: number): Promise<Stripe.PaymentIntent> {
    return stripe.paymentIntents.create(
      {
        amount: toCents(plan.amount),
        currency: PLAN_CURRENCY,
        metadata: { uid: payer.uid, email: payer.email, seconds: String(plan.seconds) },
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      // One key per purchase attempt, from what is stored: the SDK's network retries and a second
      // instance asked at the same moment send the same key, so Stripe makes one intent.
      { idempotencyKey: `pi-${payer.uid}-${plan.seconds}-${toCents(plan.amount)}-${attempt}` },
    );
  }

  /** Each intent answered is on record before the caller can redeem it (PATCH /make-premium-user). */
  const recordCreated = (payer: Payer, plan: Plan, paymentIntentId: string) =>
    repo.recordCreatedIntent({
      paymentIntentId,
      uid: payer.uid,
      seconds: plan.seconds,
      createdAt: deps.clock.now().toISOString(),
    });

  async function createOrReuse(payer: Payer, plan: Plan): Promise<CreatedIntent> {
    const record = await repo.findOpenIntent(payer.uid, plan.seconds);
    const open = await reusable(payer, plan, record);
    if (open) {
      // Recorded when it was made; again for one made before every intent was recorded.
      await recordCreated(payer, plan, open.id);
      return { clientSecret: open.client_secret!, paymentIntentId: open.id };
    }
    let attempt = (record?.attempt ?? 0) + 1;
    let intent = await createIntent(payer, plan, attempt);
    // A key used before whose record was never saved can answer an intent that was paid since.
    if (FINISHED.has(intent.status)) intent = await createIntent(payer, plan, ++attempt);
    if (!intent.client_secret) throw new Error('PaymentIntent without client_secret');
    await recordCreated(payer, plan, intent.id);
    await repo.saveOpenIntent(payer.uid, plan.seconds, intent.id, deps.clock.now().toISOString(), attempt);
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
  }

  return function createPaymentIntent(payer: Payer, plan: Plan): Promise<CreatedIntent> {
    const key = `${payer.uid}\n${plan.seconds}`;
    const previous = running.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => createOrReuse(payer, plan));
    running.set(key, next);
    const forget = () => {
      if (running.get(key) === next) running.delete(key);
    };
    next.then(forget, forget);
    return next;
  };
}
