/**
 * Payments end to end through HTTP: the real `stripe` SDK talks to a Stripe-API-compatible test
 * server on loopback (STRIPE_API_BASE), users are real emulator accounts, time is an injected clock.
 */
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { listen } from '../test/sse.js';
import { startStripeTestServer, type StripeTestServer } from '../test/stripe-test-server.js';
import type { User } from '../users/types.js';
import type { PaymentRecord } from './repository.js';
import { createStripeClient } from './stripe-client.js';

const SECRET_KEY = 'sk_test_newsroom_payments';
const WEBHOOK_SECRET = 'whsec_test_newsroom_payments';
const T0 = new Date('2031-03-01T12:00:00.000Z');

class TestClock implements Clock {
  private t = T0.getTime();
  now(): Date {
    return new Date(this.t);
  }
  set(date: Date): void {
    this.t = date.getTime();
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

let stripeServer: StripeTestServer;
let stripe: Stripe;

beforeAll(async () => {
  stripeServer = await startStripeTestServer({ secretKey: SECRET_KEY });
  const client = createStripeClient({ stripeSecretKey: SECRET_KEY, stripeApiBase: stripeServer.url });
  if (!client) throw new Error('expected a Stripe client');
  stripe = client;
});

afterAll(async () => {
  await stripeServer.close();
});

describe('payments with Stripe configured', () => {
  let t: TestApp;
  let clock: TestClock;

  beforeEach(async () => {
    clock = new TestClock();
    t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
  });
  afterEach(async () => {
    await t.close();
  });

  const userRecord = async (email: string) => t.store.collection<User>('users').findOne({ email });
  const paymentsFor = async (paymentIntentId: string) =>
    t.store.collection<PaymentRecord>('payments').find({ paymentIntentId });

  async function createIntent(who: SignedIn, amount: number) {
    const res = await request(t.app).post('/create-payment-intent').set(bearer(who.token)).send({ amount });
    expect(res.status).toBe(200);
    expect(res.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(res.body.paymentIntentId).toMatch(/^pi_\w+$/);
    return res.body as { clientSecret: string; paymentIntentId: string };
  }

  const redeem = (who: SignedIn, body: Record<string, unknown>) =>
    request(t.app).patch('/make-premium-user').set(bearer(who.token)).send(body);

  async function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return request(t.app)
      .post('/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
  }

  it('GET /plans answers the catalog', async () => {
    const res = await request(t.app).get('/plans');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { seconds: 60, amount: 1, label: '1 minute' },
      { seconds: 432000, amount: 5, label: '5 days' },
      { seconds: 864000, amount: 10, label: '10 days' },
    ]);
  });

  it('creates a PaymentIntent in cents for a catalog price only', async () => {
    const reader = await signInAs(t);
    expect((await request(t.app).post('/create-payment-intent').send({ amount: 5 })).status).toBe(401);

    const before = stripeServer.requests.length;
    for (const amount of [7, 0, -5, 1.5, 500, '7', { $gt: 0 }, null]) {
      const res = await request(t.app)
        .post('/create-payment-intent')
        .set(bearer(reader.token))
        .send({ amount });
      expect(res.status, `amount ${JSON.stringify(amount)}`).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const extra = await request(t.app)
      .post('/create-payment-intent')
      .set(bearer(reader.token))
      .send({ amount: 5, currency: 'eur' });
    expect(extra.status).toBe(400);
    expect(stripeServer.requests.length).toBe(before); // nothing reached Stripe

    const { paymentIntentId, clientSecret } = await createIntent(reader, 5);
    const intent = stripeServer.intent(paymentIntentId);
    expect(intent).toMatchObject({
      amount: 500,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: clientSecret,
      metadata: { uid: reader.uid, email: reader.email, seconds: '432000' },
      automatic_payment_methods: { enabled: true },
    });
    const sent = stripeServer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    // Derived from the stored record (user, plan, price, attempt): another instance sends the same.
    expect(sent.at(-1)?.idempotencyKey).toBe(`pi-${reader.uid}-432000-500-1`);
  });

  it("reuses the user's open intent for the same plan (same client_secret) until it is paid or canceled", async () => {
    const reader = await signInAs(t);
    const other = await signInAs(t);
    const created = () =>
      stripeServer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
    const before = created();

    const first = await createIntent(reader, 5);
    const again = await createIntent(reader, 5);
    expect(again).toEqual(first);
    expect(created()).toBe(before + 1);

    // Another plan, or another user on the same plan: an intent of its own.
    const otherPlan = await createIntent(reader, 10);
    const otherUser = await createIntent(other, 5);
    expect(new Set([first.paymentIntentId, otherPlan.paymentIntentId, otherUser.paymentIntentId]).size).toBe(
      3,
    );
    expect(created()).toBe(before + 3);

    // A declined card leaves the intent payable: it is still the one answered.
    await expect(
      stripe.paymentIntents.confirm(first.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ code: 'card_declined' });
    expect(await createIntent(reader, 5)).toEqual(first);

    // Two tabs at once still share one intent.
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        request(t.app).post('/create-payment-intent').set(bearer(reader.token)).send({ amount: 1 }),
      ),
    );
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body.clientSecret as string)).size).toBe(1);
    expect(created()).toBe(before + 4);

    // Once paid, the next purchase of that plan gets a new intent; so does one after a cancel.
    stripeServer.markSucceeded(first.paymentIntentId);
    const afterPaid = await createIntent(reader, 5);
    expect(afterPaid.paymentIntentId).not.toBe(first.paymentIntentId);
    await stripe.paymentIntents.cancel(afterPaid.paymentIntentId);
    const afterCancel = await createIntent(reader, 5);
    expect(afterCancel.paymentIntentId).not.toBe(afterPaid.paymentIntentId);
    expect(await createIntent(reader, 5)).toEqual(afterCancel);
    expect(stripeServer.intent(afterCancel.paymentIntentId)).toMatchObject({
      amount: 500,
      status: 'requires_payment_method',
      metadata: { uid: reader.uid, email: reader.email, seconds: '432000' },
    });
    expect(created()).toBe(before + 6);
  });

  it('limits POST /create-payment-intent per user: 429 {message} with Retry-After', async () => {
    const limited = await makeTestApp({
      clock,
      stripe,
      config: {
        stripeWebhookSecret: WEBHOOK_SECRET,
        rateLimits: {
          ...t.deps.config.rateLimits,
          paymentIntents: { windowMs: 60 * 60_000, max: 3 },
        },
      },
    });
    try {
      const [reader, other] = [await signInAs(limited), await signInAs(limited)];
      const ask = (who: SignedIn, amount: number) =>
        request(limited.app).post('/create-payment-intent').set(bearer(who.token)).send({ amount });
      for (const amount of [1, 5, 10]) expect((await ask(reader, amount)).status).toBe(200);
      const before = stripeServer.requests.length;
      const refused = await ask(reader, 1);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.stringMatching(/too many/i) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(stripeServer.requests.length).toBe(before); // nothing reached Stripe
      // Counted per user, not per IP (both come from the same address here).
      expect((await ask(other, 1)).status).toBe(200);
      // Without a session it is still a 401, not a 429.
      expect((await request(limited.app).post('/create-payment-intent').send({ amount: 1 })).status).toBe(
        401,
      );
    } finally {
      await limited.close();
    }
  });

  it('grants nothing for an intent that has not succeeded', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 1);
    const res = await redeem(reader, { email: reader.email, time: 60, paymentIntentId });
    expect(res.status).toBe(400);
    expect((await userRecord(reader.email))?.premiumEndAt).toBeNull();
    expect(await paymentsFor(paymentIntentId)).toHaveLength(0);

    // A declined card leaves it unpaid too.
    await expect(
      stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    expect((await redeem(reader, { email: reader.email, time: 60, paymentIntentId })).status).toBe(400);
    expect((await userRecord(reader.email))?.premiumEndAt).toBeNull();

    const check = await request(t.app)
      .get('/isPremium')
      .query({ email: reader.email })
      .set(bearer(reader.token));
    expect(check.body).toBe(false);
  });

  it('a succeeded intent grants exactly the plan seconds, once', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 5);
    const confirmed = await stripe.paymentIntents.confirm(paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');

    const first = await redeem(reader, { email: reader.email, time: 432000, paymentIntentId });
    expect(first.status).toBe(200);
    const expectedEnd = new Date(T0.getTime() + 432000 * 1000).toISOString();
    expect(first.body).toMatchObject({ granted: true, premiumEndAt: expectedEnd });
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(expectedEnd);
    expect(await paymentsFor(paymentIntentId)).toEqual([
      expect.objectContaining({
        paymentIntentId,
        email: reader.email,
        uid: reader.uid,
        seconds: 432000,
        amount: 5,
        grantedAt: T0.toISOString(),
        source: 'client',
      }),
    ]);
    const check = await request(t.app)
      .get('/isPremium')
      .query({ email: reader.email })
      .set(bearer(reader.token));
    expect(check.body).toBe(true);

    // The same intent again, even later and with the plan's time as text: no second extension.
    clock.advance(3600_000);
    const again = await redeem(reader, { email: reader.email, time: '432000', paymentIntentId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ granted: false, premiumEndAt: expectedEnd });
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(expectedEnd);
    expect(await paymentsFor(paymentIntentId)).toHaveLength(1);

    // A second purchase while premium extends from the current end, not from now.
    const second = await createIntent(reader, 1);
    stripeServer.markSucceeded(second.paymentIntentId);
    const extended = await redeem(reader, {
      email: reader.email,
      time: 60,
      paymentIntentId: second.paymentIntentId,
    });
    expect(extended.status).toBe(200);
    expect(extended.body.premiumEndAt).toBe(new Date(T0.getTime() + (432000 + 60) * 1000).toISOString());
  });

  it("refuses another user's intent, someone else's email, and a time that is not the intent's plan", async () => {
    const payer = await signInAs(t);
    const other = await signInAs(t);
    const { paymentIntentId } = await createIntent(payer, 10);
    stripeServer.markSucceeded(paymentIntentId);

    const stolen = await redeem(other, { email: other.email, time: 864000, paymentIntentId });
    expect(stolen.status).toBe(403);
    const asPayer = await redeem(other, { email: payer.email, time: 864000, paymentIntentId });
    expect(asPayer.status).toBe(403);
    const wrongPlan = await redeem(payer, { email: payer.email, time: 60, paymentIntentId });
    expect(wrongPlan.status).toBe(400);
    expect((await userRecord(other.email))?.premiumEndAt).toBeNull();
    expect((await userRecord(payer.email))?.premiumEndAt).toBeNull();
    expect(await paymentsFor(paymentIntentId)).toHaveLength(0);

    // Malformed ids and operator objects never reach Stripe; unknown intents are 404.
    const before = stripeServer.requests.length;
    for (const body of [
      { email: payer.email, time: 864000, paymentIntentId: '../v1/customers' },
      { email: payer.email, time: 864000, paymentIntentId: { $ne: null } },
      { email: payer.email, time: { $gt: 0 }, paymentIntentId },
      { email: payer.email, time: 864000 },
    ]) {
      expect((await redeem(payer, body)).status).toBe(400);
    }
    expect(stripeServer.requests.length).toBe(before);
    expect(
      (await redeem(payer, { email: payer.email, time: 864000, paymentIntentId: 'pi_unknown123' })).status,
    ).toBe(404);

    // The rightful owner still can.
    const own = await redeem(payer, { email: payer.email, time: 864000, paymentIntentId });
    expect(own.status).toBe(200);
    expect(own.body.granted).toBe(true);
  });

  it('a webhook with a bad or missing signature is refused and changes nothing', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 1);
    stripeServer.markSucceeded(paymentIntentId);
    const event = stripeServer.succeededEvent(paymentIntentId);
    const payload = JSON.stringify(event);

    const wrongSecret = await webhook(event, 'whsec_not_ours');
    expect(wrongSecret.status).toBe(400);
    const missing = await request(t.app)
      .post('/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(missing.status).toBe(400);
    const garbage = await request(t.app)
      .post('/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=deadbeef')
      .send(payload);
    expect(garbage.status).toBe(400);
    // Signed, then tampered with (a bigger plan).
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"seconds":"60"', '"seconds":"864000"');
    expect(tampered).not.toBe(payload);
    const forged = await request(t.app)
      .post('/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(tampered);
    expect(forged.status).toBe(400);

    expect((await userRecord(reader.email))?.premiumEndAt).toBeNull();
    expect(await paymentsFor(paymentIntentId)).toHaveLength(0);
  });

  it('a signed payment_intent.succeeded grants once, even delivered twice and redeemed by the client too', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 1);
    const confirmed = await stripe.paymentIntents.confirm(paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');
    const event = stripeServer.succeededEvent(paymentIntentId);
    const expectedEnd = new Date(T0.getTime() + 60_000).toISOString();

    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(expectedEnd);

    clock.advance(10_000);
    const second = await webhook(event);
    expect(second.status).toBe(200);
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(expectedEnd);

    const client = await redeem(reader, { email: reader.email, time: 60, paymentIntentId });
    expect(client.status).toBe(200);
    expect(client.body).toMatchObject({ granted: false, premiumEndAt: expectedEnd });
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(expectedEnd);

    const records = await paymentsFor(paymentIntentId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ source: 'webhook', seconds: 60, amount: 1, uid: reader.uid });
  });

  it('a grant shows in the cached /users-count at once, by the client call and by the webhook', async () => {
    const counts = async () => (await request(t.app).get('/users-count')).body;
    const [viaClient, viaWebhook] = [await signInAs(t), await signInAs(t)];
    expect(await counts()).toEqual({ allUserCount: 2, normalUsersCount: 2, premiumUsersCount: 0 }); // now cached

    const first = await createIntent(viaClient, 1);
    stripeServer.markSucceeded(first.paymentIntentId);
    const redeemed = await redeem(viaClient, {
      email: viaClient.email,
      time: 60,
      paymentIntentId: first.paymentIntentId,
    });
    expect(redeemed.body.granted).toBe(true);
    expect(await counts()).toEqual({ allUserCount: 2, normalUsersCount: 1, premiumUsersCount: 1 });

    const second = await createIntent(viaWebhook, 1);
    stripeServer.markSucceeded(second.paymentIntentId);
    expect((await webhook(stripeServer.succeededEvent(second.paymentIntentId))).status).toBe(200);
    expect(await counts()).toEqual({ allUserCount: 2, normalUsersCount: 0, premiumUsersCount: 2 });
  });

  it('the client call first, then the webhook: still one grant', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 10);
    stripeServer.markSucceeded(paymentIntentId);
    const client = await redeem(reader, { email: reader.email, time: 864000, paymentIntentId });
    expect(client.body.granted).toBe(true);
    const end = (await userRecord(reader.email))?.premiumEndAt;
    expect(end).toBe(new Date(T0.getTime() + 864000 * 1000).toISOString());

    const hook = await webhook(stripeServer.succeededEvent(paymentIntentId));
    expect(hook.status).toBe(200);
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(end);
    expect(await paymentsFor(paymentIntentId)).toHaveLength(1);
  });

  it('a signed event for an unpaid intent or of another type grants nothing', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 5);
    const unpaid = stripeServer.succeededEvent(paymentIntentId); // status still requires_payment_method
    expect((await webhook(unpaid)).status).toBe(200);
    const other = { ...unpaid, type: 'payment_intent.created' };
    const res = await webhook(other);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect((await userRecord(reader.email))?.premiumEndAt).toBeNull();
    expect(await paymentsFor(paymentIntentId)).toHaveLength(0);
  });

  it('concurrent grants: two plans add up, one intent redeemed at once by both paths counts once', async () => {
    const reader = await signInAs(t);
    const a = await createIntent(reader, 1);
    const b = await createIntent(reader, 5);
    stripeServer.markSucceeded(a.paymentIntentId);
    stripeServer.markSucceeded(b.paymentIntentId);
    const results = await Promise.all([
      redeem(reader, { email: reader.email, time: 60, paymentIntentId: a.paymentIntentId }),
      redeem(reader, { email: reader.email, time: 432000, paymentIntentId: b.paymentIntentId }),
      redeem(reader, { email: reader.email, time: 60, paymentIntentId: a.paymentIntentId }),
      webhook(stripeServer.succeededEvent(b.paymentIntentId)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await userRecord(reader.email))?.premiumEndAt).toBe(
      new Date(T0.getTime() + (60 + 432000) * 1000).toISOString(),
    );
    expect(await paymentsFor(a.paymentIntentId)).toHaveLength(1);
    expect(await paymentsFor(b.paymentIntentId)).toHaveLength(1);
  });

  it('refuses made-up PaymentIntent ids from our own records: 200 at once reach Stripe 0 times, the excess answered 429', async () => {
    // The limits a production config has (tests raise them all in testConfig).
    const { stripeUser: _user, stripeIp: _ip, ...rest } = t.deps.config.rateLimits as Record<string, unknown>;
    const limited = await makeTestApp({
      clock,
      stripe,
      config: {
        stripeWebhookSecret: WEBHOOK_SECRET,
        rateLimits: rest as TestApp['deps']['config']['rateLimits'],
      },
    });
    const server = await listen(limited.app);
    try {
      const reader = await signInAs(limited);
      const before = stripeServer.requests.length;
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          fetch(`${server.base}/make-premium-user`, {
            method: 'PATCH',
            headers: { ...bearer(reader.token), 'content-type': 'application/json' },
            body: JSON.stringify({ email: reader.email, time: 60, paymentIntentId: `pi_madeUp${i}x` }),
          }),
        ),
      );
      expect(stripeServer.requests.length).toBe(before);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(100);
      expect(await answers.find((a) => a.status === 404)!.json()).toEqual({ message: 'Payment not found' });
      const refused = answers.find((a) => a.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: expect.stringMatching(/too many/i) });
      expect(
        (await limited.store.collection<User>('users').findOne({ email: reader.email }))?.premiumEndAt,
      ).toBeNull();
    } finally {
      await server.close();
      await limited.close();
    }
  });

  it('redeems a paid intent that is no longer the newest of its plan (each intent made is on record)', async () => {
    const reader = await signInAs(t);
    const older = await createIntent(reader, 1);
    stripeServer.markSucceeded(older.paymentIntentId);
    // The page opened again before the redemption: a new intent for the same plan.
    const newer = await createIntent(reader, 1);
    expect(newer.paymentIntentId).not.toBe(older.paymentIntentId);
    const res = await redeem(reader, {
      email: reader.email,
      time: 60,
      paymentIntentId: older.paymentIntentId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      granted: true,
      premiumEndAt: new Date(T0.getTime() + 60_000).toISOString(),
    });
  });

  it('a paid intent whose amount is not its plan price grants nothing, by either path', async () => {
    const reader = await signInAs(t);
    // Made outside our API (e.g. by hand in Stripe): $1 for the 10-day plan.
    const cheap = await stripe.paymentIntents.create({
      amount: 100,
      currency: 'usd',
      metadata: { uid: reader.uid, email: reader.email, seconds: '864000' },
    });
    await stripe.paymentIntents.confirm(cheap.id, { payment_method: 'pm_card_visa' });

    // Not one we made: refused from our own records, before Stripe is asked.
    const res = await redeem(reader, { email: reader.email, time: 864000, paymentIntentId: cheap.id });
    expect(res.status).toBe(404);
    expect((await webhook(stripeServer.succeededEvent(cheap.id))).status).toBe(200);
    expect((await userRecord(reader.email))?.premiumEndAt).toBeNull();
    expect(await paymentsFor(cheap.id)).toHaveLength(0);
  });

  it('premium ends at the injected clock time: /isPremium false, premium endpoints 402, remove/subscription clears it', async () => {
    const reader = await signInAs(t);
    const { paymentIntentId } = await createIntent(reader, 1);
    stripeServer.markSucceeded(paymentIntentId);
    expect((await redeem(reader, { email: reader.email, time: 60, paymentIntentId })).status).toBe(200);
    const isPremium = () =>
      request(t.app).get('/isPremium').query({ email: reader.email }).set(bearer(reader.token));
    const premiumList = () => request(t.app).get('/premium/articles/only').set(bearer(reader.token));

    expect((await isPremium()).body).toBe(true);
    expect((await premiumList()).status).toBe(200);

    clock.advance(59_999);
    expect((await isPremium()).body).toBe(true);
    // Nothing to clear while it still runs.
    await request(t.app)
      .patch('/remove/subscription')
      .set(bearer(reader.token))
      .send({ email: reader.email });
    expect((await userRecord(reader.email))?.premiumEndAt).not.toBeNull();

    clock.advance(1);
    expect((await isPremium()).body).toBe(false);
    const refused = await premiumList();
    expect(refused.status).toBe(402);
    expect(refused.body.needPremium).toBe(true);

    const removed = await request(t.app)
      .patch('/remove/subscription')
      .set(bearer(reader.token))
      .send({ email: reader.email });
    expect(removed.status).toBe(200);
    expect((await userRecord(reader.email))?.premiumEndAt).toBeNull();
    expect((await premiumList()).status).toBe(402);
  });
});

describe('payments without Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ stripe: null });
  });
  afterAll(async () => {
    await t.close();
  });

  it('payment calls answer 503 and the plans are still listed', async () => {
    const reader = await signInAs(t);
    const created = await request(t.app)
      .post('/create-payment-intent')
      .set(bearer(reader.token))
      .send({ amount: 5 });
    expect(created.status).toBe(503);
    expect(created.body).toEqual({ message: 'Payments are not configured' });

    const redeemed = await request(t.app)
      .patch('/make-premium-user')
      .set(bearer(reader.token))
      .send({ email: reader.email, time: 60, paymentIntentId: 'pi_123' });
    expect(redeemed.status).toBe(503);
    expect(redeemed.body).toEqual({ message: 'Payments are not configured' });

    const hook = await request(t.app)
      .post('/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=x')
      .send('{}');
    expect(hook.status).toBe(503);

    expect((await request(t.app).get('/plans')).status).toBe(200);
    expect(
      (await t.store.collection<User>('users').findOne({ email: reader.email }))?.premiumEndAt,
    ).toBeNull();
  });
});

describe('payments with a secret key but no webhook secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ stripe, config: { stripeWebhookSecret: undefined } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the webhook answers 503 and grants nothing', async () => {
    const reader = await signInAs(t);
    const created = await request(t.app)
      .post('/create-payment-intent')
      .set(bearer(reader.token))
      .send({ amount: 1 });
    expect(created.status).toBe(200);
    stripeServer.markSucceeded(created.body.paymentIntentId);
    const payload = JSON.stringify(stripeServer.succeededEvent(created.body.paymentIntentId));
    const res = await request(t.app)
      .post('/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Payments are not configured' });
    expect(
      (await t.store.collection<User>('users').findOne({ email: reader.email }))?.premiumEndAt,
    ).toBeNull();
  });
});
