/**
 * GET /admin/revenue over payments made through the real flows: subscriptions paid with the card
 * field, renewals, a cancellation, a failed renewal, passes, an admin's refund, a partial refund and a
 * dispute, all against the loopback Stripe-compatible test server with webhooks delivered as Stripe
 * sends them, on one clock moved across two months.
 */
import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { deliverSigned, SharedClock, useStripeWorld } from '../test/stripe-billing-world.js';
import type { StripeTestServer } from '../test/stripe-test-server.js';
import type { User } from '../users/types.js';

const SECRET_KEY = 'sk_test_newsroom_revenue';
const WEBHOOK_SECRET = 'whsec_test_newsroom_revenue';
const DAY = 86_400_000;
const MARCH_1 = Date.parse('2031-03-01T12:00:00.000Z');
const APRIL_1 = Date.parse('2031-04-01T12:00:00.000Z');

let stripeServer: StripeTestServer;
let stripe: Stripe;
useStripeWorld(SECRET_KEY, (world) => ({ stripeServer, stripe } = world));
let clock: SharedClock;
let t: TestApp;
let admin: SignedIn;
let reader: SignedIn;

const as = (who: SignedIn) => bearer(who.token);

async function deliverAll(): Promise<void> {
  for (const event of stripeServer.billing.takeEvents())
    await deliverSigned(t, stripe, WEBHOOK_SECRET, event);
}

/** Subscribes and pays the first invoice with the card field, as the payment page does. */
async function subscribePaid(who: SignedIn, plan: 'monthly' | 'yearly'): Promise<string> {
  const res = await request(t.app).post('/billing/subscription').set(as(who)).send({ plan });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const paymentIntentId = (res.body.intent.clientSecret as string).split('_secret_')[0]!;
  await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
  await deliverAll();
  return paymentIntentId;
}

async function buyPass(who: SignedIn, amount: number, seconds: number): Promise<string> {
  const created = await request(t.app).post('/create-payment-intent').set(as(who)).send({ amount });
  expect(created.status).toBe(200);
  const paymentIntentId = created.body.paymentIntentId as string;
  stripeServer.markSucceeded(paymentIntentId);
  const redeemed = await request(t.app)
    .patch('/make-premium-user')
    .set(as(who))
    .send({ email: who.email, time: seconds, paymentIntentId });
  expect(redeemed.status).toBe(200);
  return paymentIntentId;
}

const revenue = (query = '', who: SignedIn | null = admin) => {
  const req = request(t.app).get(`/admin/revenue${query}`);
  return who ? req.set(as(who)) : req;
};

beforeAll(async () => {
  stripeServer.billing.reset(MARCH_1);
  clock = new SharedClock(stripeServer, MARCH_1);
  t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
  [admin, reader] = await Promise.all([signInAs(t, { role: 'admin' }), signInAs(t)]);
  const [alice, bob, erin, grace, carol, dave, frank, henry] = await Promise.all(
    ['alice', 'bob', 'erin', 'grace', 'carol', 'dave', 'frank', 'henry'].map((name) => signInAs(t, { name })),
  );

  // March: four subscriptions ($10 + $100 + $10 + $10) and three passes ($5 + $1 + $10).
  await subscribePaid(alice!, 'monthly');
  const bobsYear = await subscribePaid(bob!, 'yearly');
  await subscribePaid(erin!, 'monthly');
  await subscribePaid(grace!, 'monthly');
  expect((await request(t.app).post('/billing/cancel').set(as(erin!)).send({})).status).toBe(200);
  await deliverAll();
  await buyPass(carol!, 5, 432_000);
  const davesMinute = await buyPass(dave!, 1, 60);
  // An admin refunds Dave's pass in full; Stripe refunds $30 of Bob's year (a partial refund).
  expect(
    (await request(t.app).post('/admin/refunds').set(as(admin)).send({ paymentIntentId: davesMinute }))
      .status,
  ).toBe(200);
  await stripe.refunds.create({ payment_intent: bobsYear, amount: 3000 });
  await deliverAll();
  clock.advanceTo(MARCH_1 + 9 * DAY);
  const franksTenDays = await buyPass(frank!, 10, 864_000);
  stripeServer.billing.dispute(franksTenDays);
  await deliverAll();

  // April: Alice renews, Erin's cancelled subscription ends, Grace's card is declined (past due,
  // retried); Henry buys a $5 pass.
  const graceCustomer = (await t.store.collection<User>('users').findOne({ email: grace!.email }))!
    .stripeCustomerId!;
  stripeServer.billing.failPayments(graceCustomer);
  clock.advanceTo(APRIL_1 + 1000);
  await deliverAll();
  clock.advanceTo(APRIL_1 + 4 * DAY);
  await deliverAll();
  await buyPass(henry!, 5, 432_000);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /admin/revenue', () => {
  it('answers an admin the recurring revenue, the subscribers per plan and each month, from what was paid', async () => {
    const res = await revenue('?months=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      asOf: new Date(APRIL_1 + 4 * DAY).toISOString(),
      currency: 'usd',
      // Alice and Grace (past due, still retried) at $10, Bob's $100 year as $8.33 a month.
      mrr: 28.33,
      subscribers: [
        { plan: 'monthly', active: 1, pastDue: 1, mrr: 20 },
        { plan: 'yearly', active: 1, pastDue: 0, mrr: 8.33 },
      ],
      months: [
        {
          month: '2031-03',
          newSubscriptions: 4,
          cancelledSubscriptions: 0,
          subscriptionPayments: 4,
          subscriptionRevenue: 130,
          passesSold: 3,
          passRevenue: 16,
          // Dave's $1 pass and $30 of Bob's year; Frank's $10 pass disputed.
          refunds: 2,
          refundedAmount: 31,
          disputes: 1,
          disputedAmount: 10,
          gross: 146,
          net: 105,
        },
        {
          month: '2031-04',
          newSubscriptions: 0,
          cancelledSubscriptions: 1,
          // Alice's renewal; Grace's declined one brought nothing.
          subscriptionPayments: 1,
          subscriptionRevenue: 10,
          passesSold: 1,
          passRevenue: 5,
          refunds: 0,
          refundedAmount: 0,
          disputes: 0,
          disputedAmount: 0,
          gross: 15,
          net: 15,
        },
      ],
    });
  });

  it('covers the last 12 months by default, oldest first, and at most 24', async () => {
    const res = await revenue();
    expect(res.status).toBe(200);
    const months = res.body.months as { month: string; gross: number }[];
    expect(months.map((m) => m.month)).toEqual([
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
      '2031-03',
      '2031-04',
    ]);
    expect(months.map((m) => m.gross)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 146, 15]);
    expect((await revenue('?months=24')).body.months).toHaveLength(24);
    const april = await revenue('?months=1');
    expect(april.body.months.map((m: { month: string }) => m.month)).toEqual(['2031-04']);
    for (const bad of ['?months=25', '?months=0', '?months=abc', '?months=1&months=2', '?other=1']) {
      const refused = await revenue(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
  });

  it('is for admins only: 401 without a session, 403 for a reader', async () => {
    const anonymous = await revenue('', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toHaveProperty('mrr');
    const refused = await revenue('', reader);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Admin only' });
  });
});
