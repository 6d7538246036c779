/**
 * Billing reconciliation (docs/decisions/subscriptions.md, "Reconciliation"): Stripe's webhooks are
 * lost (taken from the loopback Stripe-compatible server and never delivered), the reader's premium is
 * wrong, the sweep runs, and GET /billing is right again, each repair logged once. The real `stripe`
 * SDK lists the events from the test server, which keeps every one.
 */
import { pino, type Logger } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSweeps, SWEEP_INTERVALS_MS, type SweepLease, type Sweeps } from '../sweeps.js';
import { bearer, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import {
  billingActions,
  SharedClock,
  useStripeWorld,
  type StripeEvent,
} from '../test/stripe-billing-world.js';
import type { StripeTestServer } from '../test/stripe-test-server.js';
import type Stripe from 'stripe';
import { billingReconciler, RECONCILE_SETTLE_MS } from './reconcile.js';

const SECRET_KEY = 'sk_test_newsroom_reconcile';
const WEBHOOK_SECRET = 'whsec_test_newsroom_reconcile';
const T0 = Date.parse('2031-03-01T12:00:00.000Z');
const APRIL_1 = Date.parse('2031-04-01T12:00:00.000Z');
const MAY_1 = Date.parse('2031-05-01T12:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const REPAIRED = 'billing reconciliation: repaired what a lost webhook left behind';
const FINISHED = 'billing reconciliation: run finished';

let stripeServer: StripeTestServer;
let stripe: Stripe;
useStripeWorld(SECRET_KEY, (world) => ({ stripeServer, stripe } = world));

type LogLine = Record<string, unknown> & { msg: string };
/** A logger whose lines the test reads (debug: a run that repaired nothing says so at debug). */
function capturedLog() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return {
    logger,
    repairs: () => lines.filter((l) => l.msg === REPAIRED),
    runs: () => lines.filter((l) => l.msg === FINISHED),
  };
}

describe('billing reconciliation', () => {
  let t: TestApp;
  let clock: SharedClock;
  let actions: ReturnType<typeof billingActions>;
  let log: ReturnType<typeof capturedLog>;
  const sweeps: Sweeps[] = [];

  beforeEach(async () => {
    clock = new SharedClock(stripeServer, T0);
    stripeServer.billing.reset(T0);
    t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
    actions = billingActions({ t, stripeServer, stripe, webhookSecret: WEBHOOK_SECRET });
    log = capturedLog();
  });
  afterEach(async () => {
    for (const s of sweeps.splice(0)) await s.stop();
    vi.useRealTimers();
    await t.close();
  });

  /** The app's reconciler (services.ts), logging to `logger`. */
  const reconcilerLoggingTo = (logger: Logger) =>
    billingReconciler({ ...t.deps, ...t.services, events: t.events, sync: t.services.sync!, stripe, logger });

  /** The server's sweeps (as compose.ts starts them), with the reconciler on the app's domain events. */
  function startInstanceSweeps(logger = log.logger, lease?: SweepLease) {
    // Only the intervals are faked (once for every instance): the store and HTTP keep real timers.
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const billing = reconcilerLoggingTo(logger);
    const started = startSweeps({
      ...t.deps,
      logger,
      lease,
      services: { ...t.services, reconciler: billing },
    });
    sweeps.push(started);
    return started;
  }
  /** One reconciliation interval passes; resolves once the run it started has finished. */
  async function sweepOnce(runs = log.runs) {
    const before = runs().length;
    vi.advanceTimersByTime(SWEEP_INTERVALS_MS.billingReconcile);
    await vi.waitFor(() => expect(runs().length).toBe(before + 1), { timeout: 15_000 });
    return runs().at(-1)!;
  }
  /** Past the time events are left to their webhooks. */
  const settle = () => clock.advanceBy(RECONCILE_SETTLE_MS + 1000);
  const premiumContent = (token: string) => request(t.app).get('/premium/articles/only').set(bearer(token));

  it('repairs a renewal whose webhooks were lost: premium follows the paid period again, once', async () => {
    const reader = await signInAs(t);
    await actions.subscribePaid(reader);
    await actions.deliverAll();
    startInstanceSweeps();

    clock.advanceTo(APRIL_1 + 1000); // Stripe renews and charges the card; no webhook arrives
    const lost = actions.lose().map((e) => e.type);
    expect(lost).toEqual(expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']));
    let page = await actions.billing(reader);
    expect(page.premium).toMatchObject({ active: false, premiumEndAt: iso(APRIL_1) });
    expect(page.payments).toHaveLength(1);
    expect((await premiumContent(reader.token)).status).toBe(402);

    settle();
    await sweepOnce();
    page = await actions.billing(reader);
    expect(page.premium).toMatchObject({ active: true, premiumEndAt: iso(MAY_1), source: 'subscription' });
    expect(page.subscription).toMatchObject({ status: 'active', renewsOn: iso(MAY_1) });
    expect(page.payments.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
      [10, 'paid'],
      [10, 'paid'],
    ]);
    expect((await premiumContent(reader.token)).status).toBe(200);
    // One repair (the renewal's events name one subscription), saying what differed.
    expect(log.repairs()).toEqual([
      expect.objectContaining({
        level: 40,
        differed: expect.objectContaining({ premiumEndAt: { was: iso(APRIL_1), now: iso(MAY_1) } }),
      }),
    ]);
    expect(JSON.stringify(log.repairs())).not.toContain(reader.email);

    // The next run has nothing new; one over the same events again (its progress forgotten) repairs nothing.
    expect(await sweepOnce()).toMatchObject({ repaired: 0, failed: 0 });
    await t.store.collection('billing_reconciliation').deleteMany({});
    const again = await sweepOnce();
    expect(again).toMatchObject({ repaired: 0, failed: 0, caughtUp: true });
    expect(again.checked).toBeGreaterThanOrEqual(lost.length);
    expect(log.repairs()).toHaveLength(1);
    expect((await actions.billing(reader)).premium.premiumEndAt).toBe(iso(MAY_1));
  });

  it('takes back a refund and a dispute whose webhooks were lost', async () => {
    const admin = await signInAs(t, { role: 'admin' });
    const subscriber = await signInAs(t);
    const { paymentIntentId: invoiceIntent } = await actions.subscribePaid(subscriber);
    await actions.deliverAll();
    const passHolder = await signInAs(t);
    const pass = await actions.buyPass(passHolder, 5, 432_000);
    startInstanceSweeps();

    const refunded = await request(t.app)
      .post('/admin/refunds')
      .set(bearer(admin.token))
      .send({ paymentIntentId: invoiceIntent });
    expect(refunded.status).toBe(200);
    stripeServer.billing.dispute(pass);
    expect(
      actions
        .lose()
        .map((e) => e.type)
        .sort(),
    ).toEqual(['charge.dispute.created', 'charge.refunded']);
    // Nothing taken back: both still read premium articles.
    expect((await premiumContent(subscriber.token)).status).toBe(200);
    expect((await premiumContent(passHolder.token)).status).toBe(200);

    settle();
    await sweepOnce();
    const subscription = await actions.billing(subscriber);
    expect(subscription.premium.active).toBe(false);
    expect(subscription.payments).toEqual([
      expect.objectContaining({ paymentIntentId: invoiceIntent, status: 'refunded', takenBack: true }),
    ]);
    const passes = await actions.billing(passHolder);
    expect(passes.premium.active).toBe(false);
    expect(passes.payments).toEqual([
      expect.objectContaining({ paymentIntentId: pass, status: 'disputed', takenBack: true }),
    ]);
    expect((await premiumContent(subscriber.token)).status).toBe(402);
    expect((await premiumContent(passHolder.token)).status).toBe(402);
    expect(log.repairs().map((r) => [r.type, r.paymentIntentId])).toEqual(
      expect.arrayContaining([
        ['charge.refunded', invoiceIntent],
        ['charge.dispute.created', pass],
      ]),
    );
    expect(log.repairs()).toHaveLength(2);
  });

  it('grants a pass whose payment_intent.succeeded never came and that its page never redeemed, once', async () => {
    const reader = await signInAs(t);
    const pass = await actions.buyPass(reader, 5, 432_000, { redeem: false });
    startInstanceSweeps();
    expect((await actions.billing(reader)).premium.active).toBe(false);

    settle();
    const grantedAt = clock.now().getTime();
    await sweepOnce();
    const page = await actions.billing(reader);
    expect(page.premium).toMatchObject({
      active: true,
      source: 'pass',
      premiumEndAt: iso(grantedAt + 5 * DAY),
    });
    expect(page.payments).toEqual([
      expect.objectContaining({ kind: 'pass', paymentIntentId: pass, status: 'paid' }),
    ]);
    expect(log.repairs()).toEqual([
      expect.objectContaining({ type: 'payment_intent.succeeded', paymentIntentId: pass }),
    ]);

    // The page redeeming it late, or its webhook arriving after all, grants nothing more.
    const redeemed = await request(t.app)
      .patch('/make-premium-user')
      .set(bearer(reader.token))
      .send({ email: reader.email, time: 432_000, paymentIntentId: pass });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ granted: false });
    await actions.deliver(stripeServer.succeededEvent(pass));
    expect((await actions.billing(reader)).premium.premiumEndAt).toBe(iso(grantedAt + 5 * DAY));
  });

  it('runs in one instance only when two compete for the sweep lease', async () => {
    const reader = await signInAs(t);
    await actions.buyPass(reader, 1, 60, { redeem: false });
    settle();
    // Redis's SET NX PX, as compose.ts takes the lease, shared by the two instances.
    const held = new Map<string, number>();
    const asked: string[] = [];
    const lease: SweepLease = async (sweep, holdMs) => {
      if (sweep === 'billingReconcile') asked.push(sweep);
      if ((held.get(sweep) ?? 0) > Date.now()) return false;
      held.set(sweep, Date.now() + holdMs);
      return true;
    };
    const other = capturedLog();
    startInstanceSweeps(log.logger, lease);
    startInstanceSweeps(other.logger, lease);
    const listed = () => stripeServer.requests.filter((r) => r.path === '/v1/events').length;
    const listedBefore = listed();

    vi.advanceTimersByTime(SWEEP_INTERVALS_MS.billingReconcile);
    const runs = () => [...log.runs(), ...other.runs()];
    await vi.waitFor(() => expect(runs()).toHaveLength(1), { timeout: 15_000 });
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs()).toHaveLength(1);
    expect([...log.repairs(), ...other.repairs()]).toHaveLength(1);
    expect(listed() - listedBefore).toBe(1);
    expect((await actions.billing(reader)).premium.active).toBe(true);
  });

  it('checks at most its cap of events a run, and the next run goes on where it stopped', async () => {
    const readers = [await signInAs(t), await signInAs(t), await signInAs(t)];
    for (const reader of readers) await actions.buyPass(reader, 1, 60, { redeem: false });
    settle();
    const reconciler = reconcilerLoggingTo(log.logger);

    expect(await reconciler.run({ maxEvents: 2 })).toEqual({
      checked: 2,
      repaired: 2,
      failed: 0,
      caughtUp: false,
    });
    const active = async () =>
      (await Promise.all(readers.map((r) => actions.billing(r)))).map((p) => p.premium.active);
    // Newest first: the last two bought are granted.
    expect(await active()).toEqual([false, true, true]);
    expect(await reconciler.run({ maxEvents: 2 })).toEqual({
      checked: 1,
      repaired: 1,
      failed: 0,
      caughtUp: true,
    });
    expect(await active()).toEqual([true, true, true]);
    expect(await reconciler.run({ maxEvents: 2 })).toEqual({
      checked: 0,
      repaired: 0,
      failed: 0,
      caughtUp: true,
    });
    const granted = log.repairs().map((r) => r.paymentIntentId);
    expect(new Set(granted).size).toBe(3);
  });
});

/** The loopback server's events list, as the reconciler pages it. */
describe('the Stripe test server lists events as Stripe does', () => {
  it('pages newest first within a created range, with starting_after and has_more', async () => {
    stripeServer.billing.reset(T0);
    const customer = await stripe.customers.create({ email: 'list@example.test' });
    const sub = async () => {
      const price = await stripe.prices.create({
        currency: 'usd',
        unit_amount: 1000,
        recurring: { interval: 'month' },
        lookup_key: `list_${Date.now()}_${Math.random()}`,
      });
      return stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        payment_behavior: 'default_incomplete',
      });
    };
    await sub();
    stripeServer.billing.advanceTo(T0 + 60_000);
    await sub();
    await sub();
    const all = stripeServer.billing.takeEvents() as StripeEvent[];
    expect(all).toHaveLength(3);
    const at = (e: StripeEvent) => e.created as number;

    const first = await stripe.events.list({ types: ['customer.subscription.created'], limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true });
    expect(first.data.map((e) => e.id)).toEqual([all[2]!.id, all[1]!.id]);
    const next = await stripe.events.list({
      types: ['customer.subscription.created'],
      limit: 2,
      starting_after: first.data[1]!.id,
    });
    expect(next).toMatchObject({ has_more: false });
    expect(next.data.map((e) => e.id)).toEqual([all[0]!.id]);

    const later = await stripe.events.list({ created: { gte: at(all[1]!) }, limit: 100 });
    expect(later.data.map((e) => e.id)).toEqual([all[2]!.id, all[1]!.id]);
    const earlier = await stripe.events.list({ created: { lt: at(all[1]!) }, limit: 100 });
    expect(earlier.data.map((e) => e.id)).toEqual([all[0]!.id]);
    expect((await stripe.events.list({ types: ['invoice.paid'] })).data).toEqual([]);
  });
});
