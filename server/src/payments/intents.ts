import type { CreatedIntent } from '@newsroom/common';
import Stripe from 'stripe';
import type { Clock } from '../clock.js';
import { newId } from '../store/ids.js';
import { PLAN_CURRENCY, toCents, type Plan } from './plans.js';
import type { PaymentsRepository } from './repository.js';
import type { Payer } from './service.js';

export type { CreatedIntent } from '@newsroom/common';

/** Stripe states in which an intent can no longer take a payment: asking again makes a new one. */
const FINISHED: ReadonlySet<Stripe.PaymentIntent.Status> = new Set(['succeeded', 'canceled']);

/**
 * POST /create-payment-intent without piling up intents: a user who opens the payment page again for
 * the same plan gets the intent made last time (same client_secret) while Stripe says it can still be
 * paid. We keep its id per (uid, plan) rather than searching Stripe, whose search lags behind writes.
 * Calls for one user and plan are serialized in this process so two tabs cannot make two intents.
 * See docs/decisions/payment-intent-reuse.md.
 */
export function paymentIntentCreator(deps: { stripe: Stripe; repo: PaymentsRepository; clock: Clock }) {
  const { stripe, repo } = deps;
  const running = new Map<string, Promise<CreatedIntent>>();

  /** The user's open intent for this plan, if Stripe still has it unpaid, for this payer and price. */
  async function reusable(payer: Payer, plan: Plan): Promise<Stripe.PaymentIntent | null> {
    const open = await repo.findOpenIntent(payer.uid, plan.seconds);
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

  async function createOrReuse(payer: Payer, plan: Plan): Promise<CreatedIntent> {
    const open = await reusable(payer, plan);
    if (open) return { clientSecret: open.client_secret!, paymentIntentId: open.id };
    const intent = await stripe.paymentIntents.create(
      {
        amount: toCents(plan.amount),
        currency: PLAN_CURRENCY,
        metadata: { uid: payer.uid, email: payer.email, seconds: String(plan.seconds) },
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      },
      // One key per purchase attempt: the SDK's network retries reuse it, so a retried
      // request can never create a second intent.
      { idempotencyKey: `create-pi-${payer.uid}-${newId()}` },
    );
    if (!intent.client_secret) throw new Error('PaymentIntent without client_secret');
    await repo.saveOpenIntent(payer.uid, plan.seconds, intent.id, deps.clock.now().toISOString());
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
