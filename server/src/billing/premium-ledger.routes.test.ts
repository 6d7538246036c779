/**
 * Premium from the ledger, through HTTP (docs/decisions/premium-ledger.md): issue 32's findings 1
 * (a pass kept a refunded subscription's year) and 4 (a refund before the grant was lost), a dispute
 * won, and an admin's grant of days.
 */
import type Stripe from 'stripe';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { billingActions, SharedClock, useStripeWorld } from '../test/stripe-billing-world.js';
import type { StripeTestServer } from '../test/stripe-test-server.js';
import type { User } from '../users/types.js';

const SECRET_KEY = 'sk_test_newsroom_ledger';
const WEBHOOK_SECRET = 'whsec_test_newsroom_ledger';
const T0 = Date.parse('2031-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
/** A yearly period's end: a calendar year (2032 is a leap year). */
const YEAR_END = Date.parse('2032-03-01T12:00:00.000Z');

let stripeServer: StripeTestServer;
let stripe: Stripe;
useStripeWorld(SECRET_KEY, (world) => ({ stripeServer, stripe } = world));

describe('premium derived from what was paid for', () => {
  let t: TestApp;
  let clock: SharedClock;
  let world: ReturnType<typeof billingActions>;
  let reader: SignedIn;
  let admin: SignedIn;

  beforeEach(async () => {
    stripeServer.billing.reset(T0);
    clock = new SharedClock(stripeServer, T0);
    t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
    world = billingActions({ t, stripeServer, stripe, webhookSecret: WEBHOOK_SECRET });
    reader = await signInAs(t);
    admin = await signInAs(t, { role: 'admin' });
  });
  afterEach(async () => {
    await t.close();
  });

  const premiumEndAt = async () =>
    (await t.store.collection<User>('users').findOne({ email: reader.email }))!.premiumEndAt;
  const premiumContent = () => request(t.app).get('/premium/articles/only').set(bearer(reader.token));

  for (const how of ['disputed', 'refunded by an admin'] as const) {
    it(`a $1 pass does not keep a yearly subscription ${how} (finding 1)`, async () => {
      const { paymentIntentId } = await world.subscribePaid(reader, 'yearly');
      await world.deliverAll();
      clock.advanceBy(DAY);
      await world.buyPass(reader, 1, 60);
      expect(await premiumEndAt()).toBe(iso(YEAR_END + MINUTE));
      expect((await world.billing(reader)).premium.source).toBe('subscription');

      clock.advanceBy(DAY);
      if (how === 'disputed') stripeServer.billing.dispute(paymentIntentId);
      else
        expect(
          (await request(t.app).post('/admin/refunds').set(bearer(admin.token)).send({ paymentIntentId }))
            .status,
        ).toBe(200);
      await world.deliverAll();

      // The year is taken back; the pass's minute, never spent, runs from then.
      const now = T0 + 2 * DAY;
      expect(await premiumEndAt()).toBe(iso(now + MINUTE));
      const page = await world.billing(reader);
      expect(page.premium).toMatchObject({ active: true, source: 'pass', premiumEndAt: iso(now + MINUTE) });
      clock.advanceBy(MINUTE);
      expect((await premiumContent()).status).toBe(402);
    });
  }

  it('a refund that arrives before its pass is redeemed: the redemption grants nothing (finding 4)', async () => {
    const paymentIntentId = await world.buyPass(reader, 5, 432_000, { redeem: false });
    stripeServer.billing.dispute(paymentIntentId);
    await world.deliverAll();
    const redeemed = await request(t.app)
      .patch('/make-premium-user')
      .set(bearer(reader.token))
      .send({ email: reader.email, time: 432_000, paymentIntentId });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ granted: false });
    expect(await premiumEndAt()).toBeNull();
    expect((await premiumContent()).status).toBe(402);
    const page = await world.billing(reader);
    expect(page.payments).toEqual([
      expect.objectContaining({ paymentIntentId, status: 'disputed', takenBack: true }),
    ]);
  });

  it('a dispute won gives back the time the dispute held, from the moment it was won', async () => {
    const paymentIntentId = await world.buyPass(reader, 5, 432_000);
    clock.advanceBy(DAY);
    stripeServer.billing.dispute(paymentIntentId);
    await world.deliverAll();
    expect((await premiumContent()).status).toBe(402);
    clock.advanceBy(10 * DAY);
    stripeServer.billing.closeDispute(paymentIntentId, 'won');
    await world.deliverAll();
    // One day was had before the dispute; four are left, from the moment it was won.
    expect(await premiumEndAt()).toBe(iso(T0 + 15 * DAY));
    expect((await premiumContent()).status).toBe(200);
  });

  it('an admin gives days of premium, spent after a paid period; readers and bad input are refused', async () => {
    await world.buyPass(reader, 5, 432_000);
    const grant = (who: SignedIn, body: object) =>
      request(t.app).post('/admin/premium-grants').set(bearer(who.token)).send(body);
    const res = await grant(admin, { email: reader.email, days: 30, note: 'sorry for the outage' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: reader.email, days: 30, premiumEndAt: iso(T0 + 35 * DAY) });
    expect((await world.billing(reader)).premium.source).toBe('pass');

    expect((await grant(reader, { email: reader.email, days: 30 })).status).toBe(403);
    expect((await grant(admin, { email: reader.email, days: 0 })).status).toBe(400);
    expect((await grant(admin, { email: reader.email, days: 10_000 })).status).toBe(400);
    expect((await grant(admin, { email: 'nobody@example.test', days: 1 })).status).toBe(404);
    expect(await premiumEndAt()).toBe(iso(T0 + 35 * DAY));
  });
});
