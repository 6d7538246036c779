/**
 * What billing suites share (docs/decisions/subscriptions.md, "Consequences"): the loopback
 * Stripe-compatible server with the real `stripe` SDK pointed at it, one clock for the app and
 * Stripe's test clock, Stripe's webhooks signed and delivered as a test chooses (or lost), and what a
 * reader does through HTTP: subscribe and pay with the card field, buy a pass, read GET /billing.
 */
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../clock.js';
import { createStripeClient } from '../payments/stripe-client.js';
import { bearer, type SignedIn, type TestApp } from './app.js';
import { startStripeTestServer, type StripeTestServer } from './stripe-test-server.js';

export type StripeEvent = Record<string, unknown> & { id: string; type: string };

/** The test server and an SDK client of it. */
export interface StripeWorld {
  stripeServer: StripeTestServer;
  stripe: Stripe;
}

/** The test server and an SDK client of it, for one suite. */
export async function startStripeWorld(secretKey: string): Promise<StripeWorld> {
  const stripeServer = await startStripeTestServer({ secretKey });
  const stripe = createStripeClient({ stripeSecretKey: secretKey, stripeApiBase: stripeServer.url })!;
  return { stripeServer, stripe };
}

/** Starts a Stripe world before the calling suite's tests, hands it to `take`, and closes it after them. */
export function useStripeWorld(secretKey: string, take: (world: StripeWorld) => void): void {
  let world: StripeWorld | undefined;
  beforeAll(async () => {
    world = await startStripeWorld(secretKey);
    take(world);
  });
  afterAll(async () => {
    await world?.stripeServer.close();
  });
}

/** Delivers `event` to the app as Stripe would, signed with `secret`; the app must answer 200. */
export async function deliverSigned(t: TestApp, stripe: Stripe, secret: string, event: object) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await request(t.app)
    .post('/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** The app's clock and the Stripe test clock, moved together. */
export class SharedClock implements Clock {
  constructor(
    private readonly stripeServer: StripeTestServer,
    private t: number,
  ) {}
  now(): Date {
    return new Date(this.t);
  }
  /** Moves time to `ms`: Stripe renews, retries and ends what falls due meanwhile. */
  advanceTo(ms: number): void {
    this.t = ms;
    this.stripeServer.billing.advanceTo(ms);
  }
  advanceBy(ms: number): void {
    this.advanceTo(this.t + ms);
  }
}

/** A reader's and Stripe's side of billing against app `t`, whose webhooks are signed with `webhookSecret`. */
export function billingActions(world: {
  t: TestApp;
  stripeServer: StripeTestServer;
  stripe: Stripe;
  webhookSecret: string;
}) {
  const { t, stripeServer, stripe, webhookSecret } = world;
  const as = (who: SignedIn) => bearer(who.token);

  const deliver = (event: object) => deliverSigned(t, stripe, webhookSecret, event);

  return {
    deliver,
    /** Delivers what Stripe sent since the last call, in order. */
    async deliverAll(): Promise<StripeEvent[]> {
      const events = stripeServer.billing.takeEvents() as StripeEvent[];
      for (const event of events) await deliver(event);
      return events;
    },
    /** What Stripe sent since the last call, never delivered: lost webhooks. */
    lose: () => stripeServer.billing.takeEvents() as StripeEvent[],

    /** GET /billing as `who` sees it. */
    async billing(who: SignedIn) {
      const res = await request(t.app).get('/billing').set(as(who));
      expect(res.status).toBe(200);
      return res.body;
    },

    /** Subscribes and pays the first invoice with the card field, as the payment page does. */
    async subscribePaid(who: SignedIn, plan: 'monthly' | 'yearly' = 'monthly') {
      const res = await request(t.app).post('/billing/subscription').set(as(who)).send({ plan });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.intent?.type).toBe('payment');
      const paymentIntentId = (res.body.intent.clientSecret as string).split('_secret_')[0]!;
      await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
      return { subscriptionId: res.body.subscriptionId as string, paymentIntentId };
    },

    /** Pays for a pass with the card field; `redeem`: the page then redeems it (PATCH /make-premium-user). */
    async buyPass(who: SignedIn, amount: number, seconds: number, { redeem = true } = {}) {
      const created = await request(t.app).post('/create-payment-intent').set(as(who)).send({ amount });
      expect(created.status).toBe(200);
      const paymentIntentId = created.body.paymentIntentId as string;
      stripeServer.markSucceeded(paymentIntentId);
      if (redeem) {
        const redeemed = await request(t.app)
          .patch('/make-premium-user')
          .set(as(who))
          .send({ email: who.email, time: seconds, paymentIntentId });
        expect(redeemed.status).toBe(200);
      }
      return paymentIntentId;
    },
  };
}
