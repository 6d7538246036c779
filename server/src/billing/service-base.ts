/**
 * What the parts of the billing service share (service.ts composes them): its dependencies, Stripe
 * behind one error policy, the caller's current subscription and their billing summary.
 */
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
import { billingRepository, type SubscriptionRecord } from './repository.js';
import { billingSummaries, LIVE } from './summary.js';
import { switchPreviews } from './switch-previews/repository.js';
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

export const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : 0);

export type BillingBase = ReturnType<typeof billingBase>;

export function billingBase(deps: BillingServiceDeps) {
  const repo = billingRepository(deps.store);
  const { users, passes, sync } = deps;
  const stripe = deps.stripe;
  const catalog = stripe ? priceCatalog(stripe) : null;
  const refreshes = billingRefreshes(deps.store);

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

  /** Writes Stripe's answer to an update (the webhook that follows writes the same). */
  async function update(sub: SubscriptionRecord, params: Stripe.SubscriptionUpdateParams) {
    const { stripe, sync } = configured();
    const updated = await callStripe(() =>
      stripe.subscriptions.update(sub._id, { ...params, expand: SUBSCRIPTION_EXPAND }),
    );
    await sync.save(updated);
  }

  return {
    deps,
    repo,
    refreshes,
    previews: switchPreviews(deps.store),
    configured,
    callStripe,
    current,
    summaryOf,
    requireLive,
    ensureCustomer,
    update,
  };
}
