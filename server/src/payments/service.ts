import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { Clock } from '../clock.js';
import { Forbidden, HttpError, Invalid, NotFound, ServiceUnavailable } from '../errors.js';
import type { DomainEvents } from '../events/domain.js';
import type { Store } from '../store/port.js';
import { PLAN_CURRENCY, PLANS, planByAmount, planBySeconds, toCents, type Plan } from './plans.js';
import { paymentIntentCreator, type CreatedIntent } from './intents.js';
import type { GrantResult, PremiumGranter } from './grant.js';
import type { UserService } from '../users/service.js';
import { paymentsRepository, type PaymentRecord } from './repository.js';
import type { MakePremiumUserInput } from '@newsroom/common';

export const NOT_CONFIGURED = 'Payments are not configured';

export interface PaymentsDeps {
  store: Store;
  /** null when STRIPE_SECRET_KEY is unset. */
  stripe: Stripe | null;
  clock: Clock;
  logger: Logger;
  events: DomainEvents;
  webhookSecret?: string;
  users: UserService;
  granter: PremiumGranter;
}

/** Who is paying: the claims of our session JWT. */
export interface Payer {
  uid: string;
  email: string;
}

export type { GrantResult } from './grant.js';

export function paymentsService(deps: PaymentsDeps) {
  const repo = paymentsRepository(deps.store);
  const { users, granter } = deps;
  const createIntent = deps.stripe
    ? paymentIntentCreator({ stripe: deps.stripe, repo, clock: deps.clock })
    : null;

  const requireStripe = (): Stripe => {
    if (!deps.stripe) throw new ServiceUnavailable(NOT_CONFIGURED);
    return deps.stripe;
  };

  /**
   * Stripe is asked only about intents we made (docs/decisions/subscriptions.md, "Stripe calls
   * bounded"): POST /create-payment-intent records each one. A made-up id is refused from our own
   * records (404), another account's intent with 403. An intent made before every one was recorded is
   * still found as the user's open intent, or as a payment already redeemed.
   */
  async function requireOurIntent(payer: Payer, paymentIntentId: string): Promise<void> {
    const owner =
      (await repo.findCreatedIntent(paymentIntentId))?.uid ??
      (await repo.findOpenIntentById(payer.uid, paymentIntentId))?.uid ??
      (await repo.findPayment(paymentIntentId))?.uid;
    if (!owner) throw new NotFound('Payment not found');
    if (owner !== payer.uid) throw new Forbidden('This payment belongs to another account');
  }

  const retrieveIntent = async (stripe: Stripe, id: string): Promise<Stripe.PaymentIntent> => {
    try {
      return await stripe.paymentIntents.retrieve(id);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 404)
        throw new NotFound('Payment not found');
      throw providerError(err, deps.logger);
    }
  };

  /**
   * The one place premium is granted, for both the client call and the webhook. Grants only a
   * succeeded intent whose amount and currency are the catalog price of its plan, once: the
   * payment record is inserted first and the unique index on paymentIntentId refuses a second one.
   */
  async function grantForIntent(
    intent: Stripe.PaymentIntent,
    source: PaymentRecord['source'],
  ): Promise<GrantResult> {
    if (intent.status !== 'succeeded') throw new Invalid('Payment has not succeeded');
    const plan = planOfIntent(intent);
    if (!plan) throw new Invalid('Payment does not match a plan');
    const email = intent.metadata.email ?? '';
    const uid = intent.metadata.uid ?? '';
    const user = await users.findByEmail(email);
    if (!user || user.uid !== uid) throw new NotFound('Account not found');

    return granter.grant({ paymentIntentId: intent.id, plan, email, uid, source });
  }

  return {
    plans(): readonly Plan[] {
      return PLANS;
    },

    /**
     * A PaymentIntent for a catalog price, in cents, tagged with who pays for which plan; the
     * user's still-unpaid intent for the same plan is answered again instead of a new one.
     */
    async createPaymentIntent(payer: Payer, dollars: number): Promise<CreatedIntent> {
      requireStripe();
      const plan = planByAmount(dollars);
      if (!plan)
        throw new Invalid('Amount is not the price of a plan', [
          { path: 'amount', message: 'Not a plan price' },
        ]);
      try {
        return await createIntent!(payer, plan);
      } catch (err) {
        throw providerError(err, deps.logger);
      }
    },

    /** PATCH /make-premium-user: the caller redeems their own succeeded PaymentIntent. */
    async redeem(payer: Payer, input: MakePremiumUserInput): Promise<GrantResult> {
      const stripe = requireStripe();
      if (input.email !== payer.email) throw new Forbidden('Forbidden access');
      await requireOurIntent(payer, input.paymentIntentId);
      const intent = await retrieveIntent(stripe, input.paymentIntentId);
      if (intent.metadata.uid !== payer.uid || intent.metadata.email !== payer.email) {
        throw new Forbidden('This payment belongs to another account');
      }
      if (Number(intent.metadata.seconds) !== input.time)
        throw new Invalid('Payment does not match the plan');
      return grantForIntent(intent, 'client');
    },

    /**
     * POST /stripe/webhook. Bad or missing signature → 400 and nothing changes. A verified
     * payment_intent.succeeded grants like the client call; a payment we must refuse (wrong
     * amount, unknown account) is logged and acknowledged, since Stripe retrying cannot fix it.
     */
    async handleWebhook(payload: Buffer, signature: string | undefined): Promise<void> {
      await this.handleEvent(this.verifyWebhook(payload, signature));
    },

    /** The event Stripe signed (400 when the signature is missing or wrong; nothing is read from it then). */
    verifyWebhook(payload: Buffer, signature: string | undefined): Stripe.Event {
      const stripe = requireStripe();
      if (!deps.webhookSecret) throw new ServiceUnavailable(NOT_CONFIGURED);
      if (!signature) throw new Invalid('Missing Stripe signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, deps.webhookSecret);
      } catch {
        throw new Invalid('Invalid Stripe signature');
      }
      // Signed yet not shaped like Stripe's events (Stripe never sends such): refused, nothing granted.
      const parsed = event as unknown as { id?: unknown; type?: unknown } | null;
      if (!parsed || typeof parsed !== 'object' || typeof parsed.type !== 'string') {
        throw new Invalid('Malformed Stripe event');
      }
      return event;
    },

    /** A verified event: payment_intent.succeeded grants a pass; the others are not the passes' business. */
    async handleEvent(event: Stripe.Event): Promise<void> {
      const parsed = event as unknown as { type?: unknown; data?: { object?: unknown } };
      if (parsed.type !== 'payment_intent.succeeded') return;
      const intent = parsed.data?.object;
      if (!isPaymentIntentShaped(intent)) throw new Invalid('Malformed Stripe event');
      try {
        const result = await grantForIntent(intent, 'webhook');
        if (!result.granted) deps.logger.info({ paymentIntentId: intent.id }, 'webhook: already redeemed');
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) {
          deps.logger.warn(
            { paymentIntentId: intent.id, reason: err.message },
            'webhook: payment not granted',
          );
          return;
        }
        throw err;
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;

/** What granting reads of an intent, with Stripe's types (metadata values are always strings). */
function isPaymentIntentShaped(value: unknown): value is Stripe.PaymentIntent {
  if (!value || typeof value !== 'object') return false;
  const { id, status, amount, currency, metadata } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof status === 'string' &&
    typeof amount === 'number' &&
    typeof currency === 'string' &&
    typeof metadata === 'object' &&
    metadata !== null &&
    Object.values(metadata).every((v) => typeof v === 'string')
  );
}

/** The plan an intent pays for, if its amount and currency are exactly that plan's price. */
function planOfIntent(intent: Stripe.PaymentIntent): Plan | undefined {
  const plan = planBySeconds(Number(intent.metadata.seconds));
  if (!plan) return undefined;
  if (intent.amount !== toCents(plan.amount) || intent.currency !== PLAN_CURRENCY) return undefined;
  return plan;
}

function providerError(err: unknown, logger: Logger): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    logger.error({ type: err.type, code: err.code, statusCode: err.statusCode }, 'stripe request failed');
    return new HttpError(502, 'Payment provider error');
  }
  return err;
}
