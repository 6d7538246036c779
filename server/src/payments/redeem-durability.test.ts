/**
 * "Already redeemed" is answered only once the grant it refers to is on disk: the embedded store's
 * fsync is held open (its `sync` option), so the first grant's record sits in memory but not on disk
 * while the second caller meets the duplicate key. And a grant a crash interrupted (the state it
 * leaves on disk is written directly) is finished by whoever redeems the intent next.
 */
import fs from 'node:fs';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../store/ids.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { startStripeTestServer, type StripeTestServer } from '../test/stripe-test-server.js';
import type { User } from '../users/types.js';
import type { PaymentRecord } from './repository.js';
import { createStripeClient } from './stripe-client.js';

const SECRET_KEY = 'sk_test_newsroom_redeem_durability';
const WEBHOOK_SECRET = 'whsec_test_newsroom_redeem_durability';
const fdatasync = promisify(fs.fdatasync);

let stripeServer: StripeTestServer;
let stripe: Stripe;

beforeAll(async () => {
  stripeServer = await startStripeTestServer({ secretKey: SECRET_KEY });
  stripe = createStripeClient({ stripeSecretKey: SECRET_KEY, stripeApiBase: stripeServer.url })!;
});
afterAll(async () => {
  await stripeServer.close();
});

/** A journal sync that can be held: while held, nothing written after `hold()` is durable. */
class HeldSync {
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  /** Syncs that completed (the file is durable up to each). */
  completed = 0;
  readonly sync = async (fd: number): Promise<void> => {
    if (this.gate) await this.gate;
    await fdatasync(fd);
    this.completed++;
  };
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.gate = null;
    this.open?.();
  }
}

/** A PaymentIntent of the plan costing `amount` dollars for `who`, paid at the Stripe stand-in. */
async function payIntent(t: TestApp, who: SignedIn, amount: number): Promise<string> {
  const res = await request(t.app).post('/create-payment-intent').set(bearer(who.token)).send({ amount });
  expect(res.status).toBe(200);
  stripeServer.markSucceeded(res.body.paymentIntentId as string);
  return res.body.paymentIntentId as string;
}

/** Stripe's signed payment_intent.succeeded webhook for `paymentIntentId`. */
function deliverSucceeded(t: TestApp, paymentIntentId: string) {
  const payload = JSON.stringify(stripeServer.succeededEvent(paymentIntentId));
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return request(t.app)
    .post('/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(payload);
}

describe('a duplicate redeem answers only once the first grant is durable', () => {
  let t: TestApp;
  let held: HeldSync;

  beforeEach(async () => {
    held = new HeldSync();
    t = await makeTestApp({
      stripe,
      config: { stripeWebhookSecret: WEBHOOK_SECRET },
      storeOptions: { sync: held.sync },
    });
  });
  afterEach(async () => {
    held.release();
    await t.close();
  });

  const paymentsFor = (paymentIntentId: string) =>
    t.store.collection<PaymentRecord>('payments').find({ paymentIntentId });

  const paidIntent = (who: SignedIn, amount: number) => payIntent(t, who, amount);
  const webhook = (paymentIntentId: string) => deliverSucceeded(t, paymentIntentId);

  /** Starts a request now; records how many syncs had completed when its answer arrived. */
  function track<T>(req: PromiseLike<T>) {
    const state: { settled: boolean; syncsAtAnswer: number } = { settled: false, syncsAtAnswer: -1 };
    const done = Promise.resolve(req).then((res) => {
      state.settled = true;
      state.syncsAtAnswer = held.completed;
      return res;
    });
    return { state, done };
  }

  it('webhook first, client call meets the duplicate while the record is not on disk', async () => {
    const reader = await signInAs(t);
    const paymentIntentId = await paidIntent(reader, 1);
    const syncsBefore = held.completed;

    held.hold();
    const first = track(webhook(paymentIntentId));
    // The record is in memory (the unique index sees it) but its fsync has not completed.
    await vi.waitFor(async () => expect(await paymentsFor(paymentIntentId)).toHaveLength(1));
    const second = track(
      request(t.app)
        .patch('/make-premium-user')
        .set(bearer(reader.token))
        .send({ email: reader.email, time: 60, paymentIntentId }),
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(second.state.settled).toBe(false);
    expect(first.state.settled).toBe(false);
    expect(held.completed).toBe(syncsBefore);

    held.release();
    const [hook, client] = await Promise.all([first.done, second.done]);
    expect(hook.status).toBe(200);
    expect(client.status).toBe(200);
    // Answered after the sync that made the record durable (and the extension's own sync).
    expect(second.state.syncsAtAnswer).toBeGreaterThanOrEqual(syncsBefore + 2);
    const user = await t.store.collection<User>('users').findOne({ email: reader.email });
    expect(user?.premiumEndAt).toEqual(expect.any(String));
    // "Already redeemed" reports the grant it refers to, not the state before it.
    expect(client.body).toMatchObject({ granted: false, premiumEndAt: user?.premiumEndAt });
    expect(await paymentsFor(paymentIntentId)).toHaveLength(1);
  });

  it('client call first, a redelivered webhook meets the duplicate and waits for the disk', async () => {
    const reader = await signInAs(t);
    const paymentIntentId = await paidIntent(reader, 5);
    const syncsBefore = held.completed;

    held.hold();
    const first = track(
      request(t.app)
        .patch('/make-premium-user')
        .set(bearer(reader.token))
        .send({ email: reader.email, time: 432000, paymentIntentId }),
    );
    await vi.waitFor(async () => expect(await paymentsFor(paymentIntentId)).toHaveLength(1));
    const second = track(webhook(paymentIntentId));
    await new Promise((r) => setTimeout(r, 400));
    // A 200 here would tell Stripe to stop delivering a grant that a crash could still lose.
    expect(second.state.settled).toBe(false);

    held.release();
    const [client, hook] = await Promise.all([first.done, second.done]);
    expect(client.body).toMatchObject({ granted: true });
    expect(hook.status).toBe(200);
    expect(second.state.syncsAtAnswer).toBeGreaterThanOrEqual(syncsBefore + 2);
    expect(await paymentsFor(paymentIntentId)).toHaveLength(1);
  });
});

describe('a grant cut short by a crash is finished by the next redeem, never lost or doubled', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp({ stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
  });
  afterEach(async () => {
    await t.close();
  });

  const users = () => t.store.collection<User>('users');
  const payments = () => t.store.collection<PaymentRecord>('payments');

  /** What a crash between the steps leaves on disk: the pending record, maybe premium derived with it. */
  async function crashedGrant(derived: boolean) {
    const reader = await signInAs(t);
    const paymentIntentId = await payIntent(t, reader, 1);
    const grantedAt = new Date().toISOString();
    await payments().insertOne({
      _id: newId(),
      paymentIntentId,
      email: reader.email,
      uid: reader.uid,
      seconds: 60,
      amount: 1,
      grantedAt,
      source: 'webhook',
      state: 'pending',
    });
    let premiumEndAt: string | null = null;
    if (derived) {
      const { ledger } = t.services;
      premiumEndAt = (await ledger.recompute(reader.email, { adding: paymentIntentId })).after;
      expect(Date.parse(premiumEndAt!)).toBe(Date.parse(grantedAt) + 60_000);
    }
    return { reader, paymentIntentId, premiumEndAt };
  }

  const deliverWebhook = (paymentIntentId: string) => deliverSucceeded(t, paymentIntentId);

  it("Stripe's retry of the unanswered webhook grants what the crash interrupted", async () => {
    const { reader, paymentIntentId } = await crashedGrant(false);
    expect((await deliverWebhook(paymentIntentId)).status).toBe(200);
    const user = await users().findOne({ email: reader.email });
    // The pass's minute runs from when it was paid for (its record), not from the retry.
    const paidAt = Date.parse((await payments().findOne({ paymentIntentId }))!.grantedAt);
    expect(new Date(user!.premiumEndAt!).getTime()).toBe(paidAt + 60_000);
    expect(await payments().find({ paymentIntentId })).toEqual([
      expect.objectContaining({ state: 'granted' }),
    ]);

    // Later deliveries and the client call change nothing more.
    expect((await deliverWebhook(paymentIntentId)).status).toBe(200);
    const again = await request(t.app)
      .patch('/make-premium-user')
      .set(bearer(reader.token))
      .send({ email: reader.email, time: 60, paymentIntentId });
    expect(again.body).toMatchObject({ granted: false, premiumEndAt: user!.premiumEndAt });
    expect((await users().findOne({ email: reader.email }))?.premiumEndAt).toBe(user!.premiumEndAt);
  });

  it('an interrupted grant counts once however many grants complete meanwhile', async () => {
    const { reader, paymentIntentId, premiumEndAt } = await crashedGrant(true);
    // Another purchase completes now.
    const second = await payIntent(t, reader, 1);
    const granted = await request(t.app)
      .patch('/make-premium-user')
      .set(bearer(reader.token))
      .send({ email: reader.email, time: 60, paymentIntentId: second });
    expect(granted.body).toMatchObject({ granted: true });
    const afterSecond = (await users().findOne({ email: reader.email }))!;
    expect(new Date(afterSecond.premiumEndAt!).getTime()).toBe(new Date(premiumEndAt!).getTime() + 60_000);

    // Stripe's retry of the interrupted one finishes it without adding it again.
    expect((await deliverWebhook(paymentIntentId)).status).toBe(200);
    const user = (await users().findOne({ email: reader.email }))!;
    expect(user.premiumEndAt).toBe(afterSecond.premiumEndAt);
    expect((await payments().findOne({ paymentIntentId }))?.state).toBe('granted');
  });

  it('a crash after premium was derived but before the record was marked: the client call does not add it twice', async () => {
    const { reader, paymentIntentId, premiumEndAt } = await crashedGrant(true);
    const res = await request(t.app)
      .patch('/make-premium-user')
      .set(bearer(reader.token))
      .send({ email: reader.email, time: 60, paymentIntentId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ granted: false, premiumEndAt });
    expect((await users().findOne({ email: reader.email }))?.premiumEndAt).toBe(premiumEndAt);
    expect((await payments().findOne({ paymentIntentId }))?.state).toBe('granted');
  });
});
