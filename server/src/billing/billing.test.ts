/**
 * Subscriptions and the billing page end to end through HTTP: the real `stripe` SDK talks to the
 * loopback Stripe-compatible test server (customers, subscriptions, invoices, refunds and a test
 * clock), webhooks are signed and delivered as Stripe would (also late, twice and out of order), and
 * time is one clock shared by the app and the test server.
 */
import Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { Clock } from '../clock.js';
import { listen, openSse } from '../test/sse.js';
import {
  deliverSigned,
  SharedClock,
  useStripeWorld,
  type StripeEvent,
} from '../test/stripe-billing-world.js';
import { startStripeTestServer, type StripeTestServer } from '../test/stripe-test-server.js';
import type { User } from '../users/types.js';
import { createStripeClient } from '../payments/stripe-client.js';

const SECRET_KEY = 'sk_test_newsroom_billing';
const WEBHOOK_SECRET = 'whsec_test_newsroom_billing';
const T0 = new Date('2031-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const APRIL_1 = Date.parse('2031-04-01T12:00:00.000Z');
const MAY_1 = Date.parse('2031-05-01T12:00:00.000Z');

let stripeServer: StripeTestServer;
let stripe: Stripe;
useStripeWorld(SECRET_KEY, (world) => ({ stripeServer, stripe } = world));

describe('subscriptions and billing', () => {
  let t: TestApp;
  let clock: SharedClock;

  beforeEach(async () => {
    clock = new SharedClock(stripeServer, T0.getTime());
    stripeServer.billing.reset(T0.getTime());
    t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
  });
  afterEach(async () => {
    await t.close();
  });

  const as = (who: SignedIn) => bearer(who.token);
  const billing = async (who: SignedIn) => {
    const res = await request(t.app).get('/billing').set(as(who));
    expect(res.status).toBe(200);
    return res.body;
  };
  const userRecord = async (email: string) => (await t.store.collection<User>('users').findOne({ email }))!;
  const premiumContent = (who: SignedIn) => request(t.app).get('/premium/articles/only').set(as(who));

  function sign(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }
  const deliver = (event: object) => deliverSigned(t, stripe, WEBHOOK_SECRET, event);
  /** Delivers what Stripe sent since the last call, in order (or as `order` rearranges it). */
  async function deliverAll(order: (events: StripeEvent[]) => StripeEvent[] = (e) => e) {
    const events = order(stripeServer.billing.takeEvents() as StripeEvent[]);
    for (const event of events) await deliver(event);
    return events;
  }

  async function subscribe(who: SignedIn, plan: 'monthly' | 'yearly') {
    const res = await request(t.app).post('/billing/subscription').set(as(who)).send({ plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      subscriptionId: string;
      status: string;
      intent: { type: 'payment' | 'setup'; clientSecret: string } | null;
      trialEnd: string | null;
    };
  }
  /** What Stripe.js does with the card field: confirms the first invoice's PaymentIntent. */
  async function payWithCard(clientSecret: string, card = 'pm_card_visa') {
    const id = clientSecret.split('_secret_')[0]!;
    await stripe.paymentIntents.confirm(id, { payment_method: card });
    return id;
  }
  async function subscribePaid(who: SignedIn, plan: 'monthly' | 'yearly' = 'monthly') {
    const started = await subscribe(who, plan);
    expect(started.intent?.type).toBe('payment');
    const paymentIntentId = await payWithCard(started.intent!.clientSecret);
    await deliverAll();
    return { ...started, paymentIntentId };
  }
  async function buyPass(who: SignedIn, amount: number, seconds: number) {
    const created = await request(t.app).post('/create-payment-intent').set(as(who)).send({ amount });
    expect(created.status).toBe(200);
    stripeServer.markSucceeded(created.body.paymentIntentId as string);
    const redeemed = await request(t.app)
      .patch('/make-premium-user')
      .set(as(who))
      .send({ email: who.email, time: seconds, paymentIntentId: created.body.paymentIntentId });
    expect(redeemed.status).toBe(200);
    return created.body.paymentIntentId as string;
  }
  async function signInAdmin() {
    return signInAs(t, { role: 'admin' });
  }
  const refund = (who: SignedIn, paymentIntentId: string) =>
    request(t.app).post('/admin/refunds').set(as(who)).send({ paymentIntentId });

  it('lists the renewing plans beside the passes, whose catalog is unchanged', async () => {
    const res = await request(t.app).get('/subscription-plans');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 'monthly', amount: 10, interval: 'month', label: 'Monthly' },
      { id: 'yearly', amount: 100, interval: 'year', label: 'Yearly' },
    ]);
    expect((await request(t.app).get('/plans')).body).toHaveLength(3);
  });

  it('subscribes monthly: one customer, the first invoice paid with the card field, premium until the period ends', async () => {
    const reader = await signInAs(t);
    expect((await request(t.app).post('/billing/subscription').send({ plan: 'monthly' })).status).toBe(401);
    for (const body of [{}, { plan: 'weekly' }, { plan: 'monthly', price: 1 }, { plan: { $ne: 1 } }]) {
      expect((await request(t.app).post('/billing/subscription').set(as(reader)).send(body)).status).toBe(
        400,
      );
    }

    const started = await subscribe(reader, 'monthly');
    expect(started).toMatchObject({ status: 'incomplete', trialEnd: null, intent: { type: 'payment' } });
    // Asked again before paying: the same subscription and client secret, not a second one.
    expect(await subscribe(reader, 'monthly')).toEqual(started);
    // Another plan before paying: the unpaid one is cancelled, a new one starts.
    const yearly = await subscribe(reader, 'yearly');
    expect(yearly.subscriptionId).not.toBe(started.subscriptionId);
    expect(stripeServer.billing.subscription(started.subscriptionId)?.status).toBe('canceled');
    const monthly = await subscribe(reader, 'monthly');
    const customerId = (await userRecord(reader.email)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    expect((await premiumContent(reader)).status).toBe(402);

    await payWithCard(monthly.intent!.clientSecret);
    // Paid, its webhook not here yet: asking again finds the paid subscription, never a second one.
    expect(
      (await request(t.app).post('/billing/subscription').set(as(reader)).send({ plan: 'monthly' })).status,
    ).toBe(409);
    await deliverAll();

    const page = await billing(reader);
    expect(page.premium).toEqual({
      active: true,
      premiumEndAt: iso(APRIL_1),
      source: 'subscription',
      passEndAt: null,
      subscriptionPaidThrough: iso(APRIL_1),
    });
    expect(page.subscription).toMatchObject({
      id: monthly.subscriptionId,
      status: 'active',
      plan: 'monthly',
      renewsOn: iso(APRIL_1),
      endsOn: null,
      cancelAtPeriodEnd: false,
    });
    expect(page.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(page.payments).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        amount: 10,
        status: 'paid',
        periodStart: T0.toISOString(),
        periodEnd: iso(APRIL_1),
        receiptUrl: expect.stringMatching(/^https:\/\//),
        takenBack: false,
      }),
    ]);
    expect((await premiumContent(reader)).status).toBe(200);
    // One customer per user, kept on the record; a second subscription is refused.
    expect((await userRecord(reader.email)).stripeCustomerId).toBe(customerId);
    const again = await request(t.app).post('/billing/subscription').set(as(reader)).send({ plan: 'yearly' });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual(expect.any(String));
  });

  it('gives a pass holder a trial until the pass ends, then charges once', async () => {
    const reader = await signInAs(t);
    await buyPass(reader, 5, 432_000);
    const passEnd = T0.getTime() + 5 * DAY;

    const started = await subscribe(reader, 'monthly');
    expect(started).toMatchObject({ status: 'trialing', trialEnd: iso(passEnd), intent: { type: 'setup' } });
    const setupId = started.intent!.clientSecret.split('_secret_')[0]!;
    await stripe.setupIntents.confirm(setupId, { payment_method: 'pm_card_visa' });
    await deliverAll();

    let page = await billing(reader);
    expect(page.premium).toMatchObject({ active: true, premiumEndAt: iso(passEnd), source: 'pass' });
    expect(page.subscription).toMatchObject({ status: 'trialing', renewsOn: iso(passEnd) });
    expect(page.payments.filter((p: { kind: string }) => p.kind === 'subscription')).toEqual([]);

    clock.advanceTo(passEnd + 1000);
    await deliverAll();
    page = await billing(reader);
    const firstPeriodEnd = Date.parse('2031-04-06T12:00:00.000Z');
    expect(page.premium).toMatchObject({ premiumEndAt: iso(firstPeriodEnd), source: 'subscription' });
    expect(page.subscription).toMatchObject({ status: 'active', renewsOn: iso(firstPeriodEnd) });
    const charged = page.payments.filter((p: { kind: string }) => p.kind === 'subscription');
    expect(charged).toEqual([
      expect.objectContaining({
        amount: 10,
        status: 'paid',
        periodStart: iso(passEnd),
        periodEnd: iso(firstPeriodEnd),
      }),
    ]);
  });

  it('renews on invoice.paid and tells the reader’s open tabs', async () => {
    const reader = await signInAs(t);
    await subscribePaid(reader);
    const server = await listen(t.app);
    const stream = await openSse(server.base, `/events?token=${reader.token}`);
    try {
      clock.advanceTo(APRIL_1 + 1000);
      await deliverAll();
      expect((await userRecord(reader.email)).premiumEndAt).toBe(iso(MAY_1));
      const live = await stream.next((e) => e.data.type === 'premium.changed');
      expect(live.data).toEqual({ type: 'premium.changed', reason: 'renewed', own: true });
      const page = await billing(reader);
      expect(page.payments.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
        [10, 'paid'],
        [10, 'paid'],
      ]);
    } finally {
      stream.close();
      await server.close();
    }
  });

  it('keeps premium while a failed renewal is retried, then lapses when Stripe gives up', async () => {
    const reader = await signInAs(t);
    await subscribePaid(reader);
    const customerId = (await userRecord(reader.email)).stripeCustomerId!;
    stripeServer.billing.failPayments(customerId);

    clock.advanceTo(APRIL_1 + 1000);
    await deliverAll();
    let page = await billing(reader);
    expect(page.subscription.status).toBe('past_due');
    // Within the retry window: premium holds (until two weeks after the failed renewal).
    expect(page.premium).toMatchObject({ active: true, premiumEndAt: iso(APRIL_1 + 14 * DAY) });
    expect(page.payments[0]).toMatchObject({ amount: 10, status: 'failed', periodStart: null });
    expect((await premiumContent(reader)).status).toBe(200);

    clock.advanceTo(APRIL_1 + 3 * DAY + 1000); // the first retry fails too
    await deliverAll();
    expect((await billing(reader)).subscription.status).toBe('past_due');

    clock.advanceTo(APRIL_1 + 7 * DAY + 1000); // the last retry: Stripe cancels
    await deliverAll();
    page = await billing(reader);
    expect(page.subscription).toMatchObject({ status: 'canceled', renewsOn: null });
    expect(page.premium).toMatchObject({ active: false, premiumEndAt: iso(APRIL_1), source: 'none' });
    expect((await premiumContent(reader)).status).toBe(402);
  });

  it('cancels at period end, resumes, and ends premium when a cancelled period runs out', async () => {
    const reader = await signInAs(t);
    const other = await signInAs(t);
    expect((await request(t.app).post('/billing/cancel').set(as(other)).send({})).status).toBe(404);
    await subscribePaid(reader);

    expect((await request(t.app).post('/billing/resume').set(as(reader)).send({})).status).toBe(409);
    let res = await request(t.app).post('/billing/cancel').set(as(reader)).send({});
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      renewsOn: null,
      endsOn: iso(APRIL_1),
    });
    expect(res.body.premium.active).toBe(true);
    expect((await request(t.app).post('/billing/cancel').set(as(reader)).send({})).status).toBe(409);

    res = await request(t.app).post('/billing/resume').set(as(reader)).send({});
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ cancelAtPeriodEnd: false, renewsOn: iso(APRIL_1) });

    await request(t.app).post('/billing/cancel').set(as(reader)).send({});
    await deliverAll();
    clock.advanceTo(APRIL_1 + 1000);
    await deliverAll();
    const page = await billing(reader);
    expect(page.subscription).toMatchObject({ status: 'canceled', endsOn: iso(APRIL_1) });
    expect(page.premium).toMatchObject({ active: false, premiumEndAt: iso(APRIL_1) });
    expect(page.payments).toHaveLength(1); // nothing charged after the cancellation
  });

  it('switches monthly to yearly, charging the prorated amount it showed first', async () => {
    const reader = await signInAs(t);
    await subscribePaid(reader);
    const halfway = T0.getTime() + 15 * DAY; // 15 of March's 31 days used
    clock.advanceTo(halfway);

    expect((await request(t.app).get('/billing/switch-preview?plan=monthly').set(as(reader))).status).toBe(
      409,
    );
    expect((await request(t.app).get('/billing/switch-preview?plan=daily').set(as(reader))).status).toBe(400);
    const preview = await request(t.app).get('/billing/switch-preview?plan=yearly').set(as(reader));
    expect(preview.status).toBe(200);
    const credit = Math.round(1000 * (16 / 31)) / 100;
    expect(preview.body).toEqual({
      plan: 'yearly',
      amountDue: Math.round((100 - credit) * 100) / 100,
      currency: 'usd',
      prorationDate: Math.floor(halfway / 1000),
    });

    const res = await request(t.app)
      .post('/billing/switch')
      .set(as(reader))
      .send({ plan: 'yearly', prorationDate: preview.body.prorationDate });
    expect(res.status).toBe(200);
    const yearLater = iso(Date.parse('2032-03-16T12:00:00.000Z'));
    expect(res.body.subscription).toMatchObject({ plan: 'yearly', status: 'active', renewsOn: yearLater });
    expect(res.body.premium).toMatchObject({ premiumEndAt: yearLater, source: 'subscription' });
    await deliverAll();
    const page = await billing(reader);
    expect(page.payments.map((p: { amount: number }) => p.amount)).toEqual([preview.body.amountDue, 10]);
  });

  it('charges what the server previewed: a prorationDate a client sends changes nothing', async () => {
    const honest = await signInAs(t);
    const backdating = await signInAs(t);
    await subscribePaid(honest);
    await subscribePaid(backdating);
    const twentyDaysIn = T0.getTime() + 20 * DAY;
    clock.advanceTo(twentyDaysIn);

    const previews = await Promise.all(
      [honest, backdating].map((who) =>
        request(t.app).get('/billing/switch-preview?plan=yearly').set(as(who)),
      ),
    );
    expect(previews.map((p) => p.status)).toEqual([200, 200]);
    const amountDue = previews[0]!.body.amountDue as number;
    expect(previews[1]!.body.amountDue).toBe(amountDue);
    expect(amountDue).toBeGreaterThan(90);

    const switched = await Promise.all([
      request(t.app).post('/billing/switch').set(as(honest)).send({ plan: 'yearly' }),
      // Backdated to the period's start: the whole month's $10 would be credited.
      request(t.app)
        .post('/billing/switch')
        .set(as(backdating))
        .send({ plan: 'yearly', prorationDate: Math.floor(T0.getTime() / 1000) }),
    ]);
    expect(switched.map((s) => s.status)).toEqual([200, 200]);
    await deliverAll();
    const charged = async (who: SignedIn) =>
      ((await billing(who)).payments as Array<{ kind: string; amount: number }>)
        .filter((p) => p.kind === 'subscription')
        .map((p) => p.amount);
    expect(await charged(honest)).toEqual([amountDue, 10]);
    expect(await charged(backdating)).toEqual([amountDue, 10]);
  });

  it('refuses a switch whose preview is more than 5 minutes old, and switches once previewed again', async () => {
    const reader = await signInAs(t);
    await subscribePaid(reader);
    clock.advanceTo(T0.getTime() + 20 * DAY);
    const first = await request(t.app).get('/billing/switch-preview?plan=yearly').set(as(reader));
    expect(first.status).toBe(200);

    clock.advanceTo(T0.getTime() + 20 * DAY + 5 * 60_000 + 1000);
    const stale = await request(t.app).post('/billing/switch').set(as(reader)).send({ plan: 'yearly' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: expect.stringMatching(/preview/i) });
    const unchanged = await billing(reader);
    expect(unchanged.subscription).toMatchObject({ plan: 'monthly', renewsOn: iso(APRIL_1) });
    expect(unchanged.payments).toHaveLength(1);

    const again = await request(t.app).get('/billing/switch-preview?plan=yearly').set(as(reader));
    expect(again.status).toBe(200);
    const res = await request(t.app).post('/billing/switch').set(as(reader)).send({ plan: 'yearly' });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ plan: 'yearly' });
    await deliverAll();
    expect((await billing(reader)).payments.map((p: { amount: number }) => p.amount)).toEqual([
      again.body.amountDue,
      10,
    ]);
  });

  it('refuses a switch the card cannot pay, leaving the plan as it was', async () => {
    const reader = await signInAs(t);
    await subscribePaid(reader);
    stripeServer.billing.failPayments((await userRecord(reader.email)).stripeCustomerId!);
    const res = await request(t.app).post('/billing/switch').set(as(reader)).send({ plan: 'yearly' });
    expect(res.status).toBe(409);
    expect((await billing(reader)).subscription).toMatchObject({ plan: 'monthly', renewsOn: iso(APRIL_1) });
  });

  it('updates the card with a SetupIntent, for the caller’s own customer only', async () => {
    const reader = await signInAs(t);
    const other = await signInAs(t);
    await subscribePaid(reader);
    const setup = await request(t.app).post('/billing/card-setup').set(as(reader)).send({});
    expect(setup.status).toBe(200);
    expect(setup.body.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);

    // Not confirmed yet: refused.
    const early = await request(t.app)
      .post('/billing/card')
      .set(as(reader))
      .send({ setupIntentId: setup.body.setupIntentId });
    expect(early.status).toBe(409);
    await stripe.setupIntents.confirm(setup.body.setupIntentId as string, {
      payment_method: 'pm_card_mastercard',
    });
    // Another account cannot use it.
    const stolen = await request(t.app)
      .post('/billing/card')
      .set(as(other))
      .send({ setupIntentId: setup.body.setupIntentId });
    expect(stolen.status).toBe(404);

    const res = await request(t.app)
      .post('/billing/card')
      .set(as(reader))
      .send({ setupIntentId: setup.body.setupIntentId });
    expect(res.status).toBe(200);
    expect(res.body.card).toEqual({ brand: 'mastercard', last4: '4444' });
    expect((await billing(other)).subscription).toBeNull();
  });

  it('keeps billing to its owner: another user sees only their own, non-admins cannot reach admin billing', async () => {
    const reader = await signInAs(t);
    const other = await signInAs(t);
    const { paymentIntentId } = await subscribePaid(reader);
    const theirs = await billing(other);
    expect(theirs).toMatchObject({ subscription: null, card: null, payments: [] });
    expect((await request(t.app).get('/billing')).status).toBe(401);
    expect((await request(t.app).get(`/admin/billing?email=${reader.email}`).set(as(other))).status).toBe(
      403,
    );
    expect((await refund(other, paymentIntentId)).status).toBe(403);
    expect((await request(t.app).post('/billing/resume').set(as(other)).send({})).status).toBe(404);

    const admin = await signInAdmin();
    const seen = await request(t.app).get(`/admin/billing?email=${reader.email}`).set(as(admin));
    expect(seen.status).toBe(200);
    expect(seen.body.subscription).toMatchObject({ status: 'active', plan: 'monthly' });
    expect((await request(t.app).get('/admin/billing?email=nobody@example.test').set(as(admin))).status).toBe(
      404,
    );
    // All Users shows the subscription beside the existing fields.
    const all = await request(t.app).get('/all-users?page=1&limit=50').set(as(admin));
    const row = (all.body.users as Array<Record<string, unknown>>).find((u) => u.email === reader.email);
    expect(row).toMatchObject({
      premiumEndAt: iso(APRIL_1),
      subscription: {
        status: 'active',
        plan: 'monthly',
        currentPeriodEnd: iso(APRIL_1),
        cancelAtPeriodEnd: false,
      },
    });
    expect(row).not.toHaveProperty('stripeCustomerId');
  });

  it('takes back a refunded subscription period through the webhook, once', async () => {
    const reader = await signInAs(t);
    const admin = await signInAdmin();
    const { paymentIntentId } = await subscribePaid(reader);
    expect((await refund(admin, 'pi_unknown')).status).toBe(404);

    const server = await listen(t.app);
    const stream = await openSse(server.base, `/events?token=${reader.token}`);
    const res = await refund(admin, paymentIntentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refundId: expect.stringMatching(/^re_/), status: 'succeeded' });
    // Nothing is taken back until Stripe says so.
    expect((await billing(reader)).premium.active).toBe(true);
    const events = await deliverAll();
    expect(events.map((e) => e.type)).toContain('charge.refunded');

    try {
      const live = await stream.next((e) => e.data.type === 'premium.changed');
      expect(live.data).toEqual({ type: 'premium.changed', reason: 'takenBack', own: true });
    } finally {
      stream.close();
      await server.close();
    }
    const page = await billing(reader);
    // Taken back from the moment it was recorded (here, the moment it was paid): nothing is paid through.
    expect(page.premium).toMatchObject({ active: false, subscriptionPaidThrough: null });
    expect(page.payments[0]).toMatchObject({ status: 'refunded', refundedAmount: 10, takenBack: true });
    expect((await premiumContent(reader)).status).toBe(402);
    expect((await refund(admin, paymentIntentId)).status).toBe(409);
  });

  it('takes back exactly the days a refunded or disputed pass bought', async () => {
    const reader = await signInAs(t);
    const admin = await signInAdmin();
    const five = await buyPass(reader, 5, 432_000);
    const ten = await buyPass(reader, 10, 864_000);
    expect((await userRecord(reader.email)).premiumEndAt).toBe(iso(T0.getTime() + 15 * DAY));

    expect((await refund(admin, five)).status).toBe(200);
    await deliverAll();
    await deliverAll(); // nothing new
    expect((await userRecord(reader.email)).premiumEndAt).toBe(iso(T0.getTime() + 10 * DAY));

    stripeServer.billing.dispute(ten);
    const [disputed] = await deliverAll();
    await deliver(disputed!); // delivered twice: taken back once
    // Both taken back at the moment they were bought: no premium was ever had.
    expect((await userRecord(reader.email)).premiumEndAt).toBeNull();
    const page = await billing(reader);
    expect(page.premium.active).toBe(false);
    expect(
      page.payments.map((p: { amount: number; status: string; receiptUrl: string }) => [
        p.amount,
        p.status,
        p.receiptUrl,
      ]),
    ).toEqual([
      [10, 'disputed', `https://pay.stripe.test/receipts/${ten}`],
      [5, 'refunded', `https://pay.stripe.test/receipts/${five}`],
    ]);
  });

  it('writes the same state whatever order, lateness or repetition the webhooks come in', async () => {
    const reader = await signInAs(t);
    const started = await subscribe(reader, 'monthly');
    const paymentIntentId = await payWithCard(started.intent!.clientSecret);
    const events = await deliverAll((e) => [...e].reverse());
    for (const event of events) await deliver(event); // every one again
    const page = await billing(reader);
    expect(page.subscription).toMatchObject({ status: 'active', renewsOn: iso(APRIL_1) });
    expect(page.premium.premiumEndAt).toBe(iso(APRIL_1));

    // A stale snapshot (the subscription as it was created) arriving late changes nothing: Stripe is asked.
    const created = events.find((e) => e.type === 'customer.subscription.created')!;
    await deliver({ ...created, id: 'evt_late_copy' });
    expect((await billing(reader)).subscription.status).toBe('active');

    // A refund whose charge.refunded comes before anything else of a renewal's.
    clock.advanceTo(APRIL_1 + 1000);
    const renewal = stripeServer.billing.takeEvents() as StripeEvent[];
    const renewalInvoice = renewal.find((e) => e.type === 'invoice.paid')!;
    const renewalIntent = (
      stripeServer.billing.invoice((renewalInvoice.data as { object: { id: string } }).object.id)!
        .payments as {
        data: { payment: { payment_intent: string } }[];
      }
    ).data[0]!.payment.payment_intent;
    await stripe.refunds.create({ payment_intent: renewalIntent });
    for (const event of [...stripeServer.billing.takeEvents(), ...renewal]) await deliver(event);
    const after = await billing(reader);
    // The refunded period [Apr 1, May 1) is taken back from the moment the refund was recorded.
    expect(after.premium.premiumEndAt).toBe(iso(APRIL_1 + 1000));
    expect(
      after.payments.find((p: { paymentIntentId: string }) => p.paymentIntentId === renewalIntent),
    ).toMatchObject({
      status: 'refunded',
      takenBack: true,
    });
    expect(paymentIntentId).not.toBe(renewalIntent);
  });

  it('refuses a webhook with a bad or missing signature, changing nothing', async () => {
    const reader = await signInAs(t);
    await subscribe(reader, 'monthly');
    const [created] = stripeServer.billing.takeEvents();
    const { payload } = sign(created!);
    const forged = sign(created!, 'whsec_not_ours');
    for (const signature of [forged.signature, 't=1,v1=bad', undefined]) {
      const req = request(t.app).post('/stripe/webhook').set('Content-Type', 'application/json');
      if (signature) req.set('Stripe-Signature', signature);
      const res = await req.send(payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await t.store.collection('stripe_events').countDocuments({})).toBe(0);
    // Signed, but not shaped like Stripe's events: 400, never a 500 (an empty event id was found
    // by the fuzzer: it could not be recorded, and answered 500).
    for (const event of [
      { id: 'evt_x', type: 'invoice.paid', data: 'x' },
      { id: '', type: 'charge.refunded', data: { object: { id: '', metadata: -2089213446 } } },
    ]) {
      const malformed = sign(event);
      const res = await request(t.app)
        .post('/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', malformed.signature)
        .send(malformed.payload);
      expect(res.status, JSON.stringify(event)).toBe(400);
    }
    expect(await t.store.collection('stripe_events').countDocuments({})).toBe(0);
  });
  describe('Stripe calls bounded', () => {
    /** How many requests reached the Stripe test server while `work` ran. */
    const stripeCallsOf = async (work: () => Promise<unknown>) => {
      const before = stripeServer.requests.length;
      await work();
      return stripeServer.requests.length - before;
    };
    const billingTimes = (who: SignedIn, n: number) => async () => {
      for (let i = 0; i < n; i++) await billing(who);
    };

    it('reads an unfinished subscription from Stripe at most once a minute, and a finished one never', async () => {
      const reader = await signInAs(t);
      const started = await subscribe(reader, 'monthly');
      // Right after subscribing, the page asks Stripe once (Stripe.js may have just confirmed).
      expect(await stripeCallsOf(billingTimes(reader, 5))).toBe(1);
      clock.advanceTo(T0.getTime() + 30_000);
      expect(await stripeCallsOf(billingTimes(reader, 5))).toBe(0);
      clock.advanceTo(T0.getTime() + 61_000);
      expect(await stripeCallsOf(billingTimes(reader, 5))).toBe(1);
      expect((await billing(reader)).subscription).toMatchObject({ status: 'incomplete' });

      await payWithCard(started.intent!.clientSecret);
      await deliverAll();
      clock.advanceTo(T0.getTime() + 10 * 60_000);
      // Webhooks wrote the paid subscription: the page is served from it.
      expect(await stripeCallsOf(billingTimes(reader, 5))).toBe(0);
      expect((await billing(reader)).subscription).toMatchObject({ status: 'active' });
    });

    describe('with the limits a production config has', () => {
      beforeEach(async () => {
        // Tests raise every limit (testConfig); these answers need the real ones.
        const {
          stripeUser: _user,
          stripeIp: _ip,
          ...rest
        } = t.deps.config.rateLimits as Record<string, unknown>;
        await t.close();
        t = await makeTestApp({
          clock,
          stripe,
          config: {
            stripeWebhookSecret: WEBHOOK_SECRET,
            rateLimits: rest as TestApp['deps']['config']['rateLimits'],
          },
        });
      });

      it('answers 200 parallel GET /billing of an unfinished subscription with a handful of Stripe reads, the excess with 429', async () => {
        const reader = await signInAs(t);
        await subscribe(reader, 'monthly'); // its first invoice is never paid
        const server = await listen(t.app);
        try {
          let answers: Response[] = [];
          const reads = await stripeCallsOf(async () => {
            answers = await Promise.all(
              Array.from({ length: 200 }, () => fetch(`${server.base}/billing`, { headers: as(reader) })),
            );
          });
          expect(reads).toBeLessThanOrEqual(3);
          const statuses = answers.map((a) => a.status);
          expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
          expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
          expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100);
          const refused = answers.find((a) => a.status === 429)!;
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(await refused.json()).toEqual({ message: expect.stringMatching(/too many/i) });
          const served = answers.find((a) => a.status === 200)!;
          expect(((await served.json()) as { subscription: unknown }).subscription).toMatchObject({
            status: 'incomplete',
          });
        } finally {
          await server.close();
        }
      });
    });

    describe('with small limits', () => {
      beforeEach(async () => {
        const rateLimits = {
          ...t.deps.config.rateLimits,
          stripeUser: { windowMs: 60_000, max: 3 },
          stripeIp: { windowMs: 60_000, max: 4 },
        };
        await t.close();
        t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET, rateLimits } });
      });

      it('counts every route that can call Stripe per user and per address', async () => {
        const reader = await signInAs(t);
        const neighbour = await signInAs(t);
        const admin = await signInAdmin();
        // The reader's budget of 3, spent on three different routes.
        expect((await request(t.app).get('/billing').set(as(reader))).status).toBe(200);
        expect(
          (await request(t.app).post('/create-payment-intent').set(as(reader)).send({ amount: 1 })).status,
        ).toBe(200);
        expect((await request(t.app).post('/billing/cancel').set(as(reader)).send({})).status).toBe(404);
        const over = await request(t.app).get('/billing/switch-preview?plan=yearly').set(as(reader));
        expect(over.status).toBe(429);
        expect(over.body).toEqual({ message: expect.stringMatching(/too many/i) });
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

        // Another account on the same address: its own budget is untouched, the address's is not.
        const neighbours = [];
        for (let i = 0; i < 3; i++)
          neighbours.push((await request(t.app).get('/billing').set(as(neighbour))).status);
        expect(neighbours).toContain(429);
        expect((await request(t.app).get(`/admin/billing?email=${reader.email}`).set(as(admin))).status).toBe(
          429,
        );
        expect((await refund(admin, 'pi_unknown')).status).toBe(429);
      });
    });
  });
});

describe('billing without Stripe configured', () => {
  it('answers 503 for what needs Stripe, and the plans still list', async () => {
    const t = await makeTestApp();
    try {
      const reader = await signInAs(t);
      const res = await request(t.app)
        .post('/billing/subscription')
        .set(bearer(reader.token))
        .send({ plan: 'monthly' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Payments are not configured' });
      expect((await request(t.app).get('/subscription-plans')).status).toBe(200);
      expect((await request(t.app).get('/billing').set(bearer(reader.token))).body).toMatchObject({
        subscription: null,
        payments: [],
      });
    } finally {
      await t.close();
    }
  });
});

describe('the Stripe test server delivering webhooks itself (as for the browser e2e)', () => {
  it('signs and posts billing events to the app, and renews when its clock is moved over HTTP', async () => {
    let now = T0.getTime();
    const clock: Clock = { now: () => new Date(now) };
    const pushing = await startStripeTestServer({ secretKey: SECRET_KEY });
    const client = createStripeClient({ stripeSecretKey: SECRET_KEY, stripeApiBase: pushing.url })!;
    const t = await makeTestApp({ clock, stripe: client, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
    const app = await listen(t.app);
    try {
      pushing.billing.reset(now);
      pushing.sendWebhooksTo({ url: `${app.base}/stripe/webhook`, secret: WEBHOOK_SECRET });
      const reader = await signInAs(t);
      const started = await request(t.app)
        .post('/billing/subscription')
        .set(bearer(reader.token))
        .send({ plan: 'monthly' });
      await client.paymentIntents.confirm(started.body.intent.clientSecret.split('_secret_')[0], {
        payment_method: 'pm_card_visa',
      });
      await pushing.webhooksDelivered();
      const user = async () => (await t.store.collection<User>('users').findOne({ email: reader.email }))!;
      expect((await user()).premiumEndAt).toBe(iso(APRIL_1));

      now = APRIL_1 + 1000;
      const moved = await fetch(`${pushing.url}/_test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `to=${now}`,
      });
      expect(moved.status).toBe(200);
      await pushing.webhooksDelivered();
      expect((await user()).premiumEndAt).toBe(iso(MAY_1));
      expect(
        await t.store.collection('stripe_events').countDocuments({ doneAt: { $exists: true } }),
      ).toBeGreaterThan(3);
    } finally {
      await app.close();
      await t.close();
      await pushing.close();
    }
  });
});
