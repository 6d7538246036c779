/**
 * Money that adds up, checked where the features meet (docs/decisions/premium-ledger.md): random
 * sequences of passes, subscriptions, renewals paid and failed, plan switches, cancels, resumes, refunds (full and
 * partial), disputes (won and lost), admin grants and webhooks delivered late, twice or reversed,
 * run through HTTP against the app and the Stripe-compatible test server, with time moving. After
 * every step whose webhooks have all arrived, the reader's premium must end exactly when a small
 * reference model says: never later than what was paid for and not taken back, never sooner.
 *
 * The model is written apart from the app's ledger: it spends passes minute by minute over the
 * history of what Stripe says was paid (its test server's invoices, read as facts) and what the
 * webhooks took back when they arrived, and adds up what is left. `npm run billing:fuzz -w server`
 * runs it longer (BILLING_FUZZ_RUNS, BILLING_FUZZ_SEED).
 */
import fc from 'fast-check';
import type Stripe from 'stripe';
import request from 'supertest';
import { expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import {
  billingActions,
  SharedClock,
  useStripeWorld,
  type StripeEvent,
} from '../test/stripe-billing-world.js';
import type { StripeTestServer } from '../test/stripe-test-server.js';
import type { User } from '../users/types.js';
import { RETRY_WINDOW_MS } from './paid-through.js';

const SECRET_KEY = 'sk_test_newsroom_model';
const WEBHOOK_SECRET = 'whsec_test_newsroom_model';
const T0 = Date.parse('2031-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const RUNS = Number(process.env.BILLING_FUZZ_RUNS ?? 30);
const SEED = Number(process.env.BILLING_FUZZ_SEED ?? 20261128);
const PASSES = [
  { amount: 1, seconds: 60 },
  { amount: 5, seconds: 432_000 },
  { amount: 10, seconds: 864_000 },
] as const;
const LIVE = new Set(['active', 'trialing', 'past_due', 'incomplete']);

type Obj = Record<string, unknown>;

let stripeServer: StripeTestServer;
let stripe: Stripe;
useStripeWorld(SECRET_KEY, (world) => ({ stripeServer, stripe } = world));

// ---------------------------------------------------------------------------------------------
// The reference model.

/** A payment or grant the model knows of: when it was taken back and given back, as delivered. */
interface Taking {
  takenBackAt: number | null;
  cause: 'refunded' | 'disputed' | null;
  restoredAt: number | null;
}
interface ModelPass extends Taking {
  paymentIntentId: string;
  paidAt: number;
  ms: number;
}
interface Model {
  /** Passes and admin grants, in the order they were bought. */
  times: ModelPass[];
  /** Take-backs of invoices, by PaymentIntent (the periods themselves are read from Stripe). */
  invoiceTakings: Map<string, Taking>;
  /** Events Stripe sent that the app has not been given yet. */
  undelivered: StripeEvent[];
  subscriptionId: string | null;
  customerId: string | null;
}

const blockedAt = (x: number, taking: Taking) =>
  taking.takenBackAt !== null &&
  x >= taking.takenBackAt &&
  (taking.restoredAt === null || x < taking.restoredAt);

interface Span {
  start: number;
  end: number;
  taking: Taking;
}

/**
 * What Stripe says was paid for with time: each subscription's paid invoices until the subscription's
 * current period ends, or starts when its latest invoice is unpaid (an invoice of nothing, for a trial or paid by a switch's credit, is no payment);
 * and a failed renewal's retries: while Stripe retries, and for good once a later payment came.
 */
function paidPeriods(model: Model): Span[] {
  const spans: Span[] = [];
  const periodOf = (subscriptionId: string) =>
    (
      stripeServer.billing.subscription(subscriptionId)!.items as {
        data: { current_period_start: number; current_period_end: number }[];
      }
    ).data[0]!;
  // The current period counts as paid when the subscription's latest invoice is.
  const paidUntil = (subscriptionId: string) => {
    const sub = stripeServer.billing.subscription(subscriptionId)!;
    const latest = stripeServer.billing.invoice(sub.latest_invoice as string);
    const period = periodOf(subscriptionId);
    return (latest?.status === 'paid' ? period.current_period_end : period.current_period_start) * 1000;
  };
  const paid = stripeServer.billing
    .allInvoices()
    .filter((invoice) => invoice.status === 'paid' && (invoice.amount_due as number) > 0)
    .map((invoice) => {
      const line = (invoice.lines as { data: { period: { start: number; end: number } }[] }).data[0]!;
      const payment = (invoice.payments as { data: { payment: { payment_intent: string } }[] }).data.at(-1);
      const parent = invoice.parent as { subscription_details: { subscription: string } };
      return {
        subscriptionId: parent.subscription_details.subscription,
        start: line.period.start * 1000,
        end: line.period.end * 1000,
        pi: payment?.payment.payment_intent,
      };
    })
    .sort((a, b) => a.start - b.start);
  for (const invoice of paid) {
    const taking = (invoice.pi && model.invoiceTakings.get(invoice.pi)) || {
      takenBackAt: null,
      cause: null,
      restoredAt: null,
    };
    const end = Math.min(invoice.end, paidUntil(invoice.subscriptionId));
    spans.push({ start: invoice.start, end, taking });
  }
  // A subscription still running (a late renewal paid, or a switch paid while retrying) covers the
  // days Stripe spent retrying before a payment: from where its paid time (or its charging) began.
  const running = new Set(['active', 'past_due', 'trialing']);
  for (const [i, invoice] of paid.entries()) {
    const sub = stripeServer.billing.subscription(invoice.subscriptionId)!;
    if (!running.has(sub.status as string)) continue;
    const previous = paid.slice(0, i).findLast((p) => p.subscriptionId === invoice.subscriptionId);
    // From the end of the paid period before, or from when it began to charge (a trial's end).
    const since = previous
      ? previous.end
      : ((sub.trial_end as number | null) ?? (sub.created as number)) * 1000;
    if (invoice.start > since)
      spans.push({
        start: since,
        end: invoice.start,
        taking: { takenBackAt: null, cause: null, restoredAt: null },
      });
  }
  const sub = model.subscriptionId ? stripeServer.billing.subscription(model.subscriptionId) : null;
  if (sub?.status === 'past_due') {
    const item = periodOf(model.subscriptionId!);
    const start = item.current_period_start * 1000;
    spans.push({
      start,
      end: Math.min(item.current_period_end * 1000, start + RETRY_WINDOW_MS),
      taking: { takenBackAt: null, cause: null, restoredAt: null },
    });
  }
  return spans;
}

/**
 * When premium ends, by the model: passes are spent a minute at a time, oldest first, at every
 * minute no paid period covers (each as it stood that minute); what is left runs after the paid
 * time that covers now. Null: not premium now.
 */
function expectedEnd(model: Model, now: number): number | null {
  const periods = paidPeriods(model);
  const covered = (x: number) => periods.find((p) => p.start <= x && x < p.end && !blockedAt(x, p.taking));
  const left = new Map(model.times.map((p) => [p, p.ms]));
  const first = Math.min(now, ...model.times.map((p) => p.paidAt));
  for (let x = first; x < now;) {
    const period = covered(x);
    if (period) {
      // Jump over the covered minutes, stopping where the period's block starts.
      const stop =
        period.taking.takenBackAt !== null && period.taking.takenBackAt > x
          ? period.taking.takenBackAt
          : Infinity;
      x = Math.min(period.end, stop, now);
      continue;
    }
    const spending = model.times.find((p) => left.get(p)! > 0 && p.paidAt <= x && !blockedAt(x, p));
    if (!spending) {
      x += MINUTE;
      continue;
    }
    left.set(spending, left.get(spending)! - MINUTE);
    x += MINUTE;
  }
  let end = now;
  for (let period = covered(end); period; period = covered(end)) {
    end =
      period.taking.takenBackAt !== null && period.taking.takenBackAt > end
        ? Math.min(period.end, period.taking.takenBackAt)
        : period.end;
  }
  for (const p of model.times) if (!blockedAt(now, p) && p.paidAt <= now) end += Math.max(0, left.get(p)!);
  return end > now ? end : null;
}

// ---------------------------------------------------------------------------------------------
// The real world: the app, the Stripe test server and a reader.

interface Real {
  t: TestApp;
  clock: SharedClock;
  /** Now, in ms. */
  at: () => number;
  world: ReturnType<typeof billingActions>;
  reader: SignedIn;
  admin: SignedIn;
}

const deliver = (real: Real, event: object) => real.world.deliver(event);

/** Stripe's new events join the undelivered ones; the model learns what their delivery takes back. */
function collect(model: Model) {
  model.undelivered.push(...(stripeServer.billing.takeEvents() as StripeEvent[]));
}

/** What the delivery of `event` tells the app, as the model keeps it (read from Stripe now, as the app does). */
function learn(model: Model, event: StripeEvent, now: number) {
  const object = (event.data as { object: Obj }).object;
  const chargeId = event.type === 'charge.refunded' ? (object.id as string) : (object.charge as string);
  if (!['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed'].includes(event.type)) return;
  const charge = stripeServer.billing.allCharges().find((c) => c.id === chargeId);
  if (!charge) return;
  const pi = charge.payment_intent as string;
  // A pass, an invoice, or a pass not redeemed yet (remembered for its grant).
  let taking: Taking | undefined =
    model.times.find((p) => p.paymentIntentId === pi) ?? model.invoiceTakings.get(pi);
  if (!taking) {
    taking = { takenBackAt: null, cause: null, restoredAt: null };
    model.invoiceTakings.set(pi, taking);
  }
  if (event.type === 'charge.dispute.closed') {
    const dispute = stripeServer.billing.disputeOf(pi);
    if (dispute?.status === 'won' && taking.cause === 'disputed' && taking.restoredAt === null)
      taking.restoredAt = now;
    return;
  }
  const takesBack = event.type === 'charge.dispute.created' || charge.refunded === true;
  if (takesBack && taking.takenBackAt === null) {
    taking.takenBackAt = now;
    taking.cause = event.type === 'charge.refunded' ? 'refunded' : 'disputed';
  }
}

async function deliverPending(model: Model, real: Real, order: 'inOrder' | 'reversed' | 'twice') {
  collect(model);
  const events = order === 'reversed' ? [...model.undelivered].reverse() : model.undelivered;
  model.undelivered = [];
  for (const event of events) {
    await deliver(real, event);
    learn(model, event, real.at());
    if (order === 'twice') await deliver(real, event);
  }
}

const as = (who: SignedIn) => bearer(who.token);

// ---------------------------------------------------------------------------------------------
// The commands.

type Cmd = fc.AsyncCommand<Model, Real>;

function command(
  name: string,
  run: (model: Model, real: Real) => Promise<void>,
  check: (model: Model) => boolean = () => true,
): Cmd {
  return {
    check,
    toString: () => name,
    async run(model, real) {
      await run(model, real);
      collect(model);
      if (model.undelivered.length > 0) return; // the app cannot know yet
      const user = (await real.t.store.collection<User>('users').findOne({ email: real.reader.email }))!;
      const now = real.at();
      const expected = expectedEnd(model, now);
      const actual =
        user.premiumEndAt && Date.parse(user.premiumEndAt) > now ? Date.parse(user.premiumEndAt) : null;
      expect(
        actual === null ? null : new Date(actual).toISOString(),
        `after ${name} at ${new Date(now).toISOString()}`,
      ).toBe(expected === null ? null : new Date(expected).toISOString());
    },
  };
}

const buyPass = (
  plan: (typeof PASSES)[number],
  redeem: 'client' | 'webhook' | 'both' | 'webhookTwiceThenClient',
) =>
  command(`buy the $${plan.amount} pass (${redeem})`, async (model, real) => {
    const created = await request(real.t.app).post('/create-payment-intent').set(as(real.reader)).send({
      amount: plan.amount,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentIntentId = created.body.paymentIntentId as string;
    stripeServer.markSucceeded(paymentIntentId);
    const viaClient = () =>
      request(real.t.app)
        .patch('/make-premium-user')
        .set(as(real.reader))
        .send({ email: real.reader.email, time: plan.seconds, paymentIntentId })
        .expect(200);
    const viaWebhook = () => deliver(real, stripeServer.succeededEvent(paymentIntentId));
    if (redeem === 'client') await viaClient();
    if (redeem === 'webhook') await viaWebhook();
    if (redeem === 'both') await Promise.all([viaClient(), viaWebhook()]);
    if (redeem === 'webhookTwiceThenClient') {
      await viaWebhook();
      await viaWebhook();
      await viaClient();
    }
    const early = model.invoiceTakings.get(paymentIntentId);
    model.times.push({
      paymentIntentId,
      paidAt: real.at(),
      ms: plan.seconds * 1000,
      takenBackAt: early?.takenBackAt ?? null,
      cause: early?.cause ?? null,
      restoredAt: early?.restoredAt ?? null,
    });
  });

const subscribe = (plan: 'monthly' | 'yearly') =>
  command(
    `subscribe ${plan}`,
    async (model, real) => {
      const res = await request(real.t.app).post('/billing/subscription').set(as(real.reader)).send({ plan });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      model.subscriptionId = res.body.subscriptionId as string;
      const intent = res.body.intent as { type: 'payment' | 'setup'; clientSecret: string } | null;
      const id = intent?.clientSecret.split('_secret_')[0];
      if (intent?.type === 'payment')
        await stripe.paymentIntents.confirm(id!, { payment_method: 'pm_card_visa' });
      if (intent?.type === 'setup')
        await stripe.setupIntents.confirm(id!, { payment_method: 'pm_card_visa' });
      const user = await real.t.store.collection<User>('users').findOne({ email: real.reader.email });
      model.customerId = user?.stripeCustomerId ?? null;
      await deliverPending(model, real, 'inOrder');
    },
    (model) => {
      // The app must know the last one ended (its webhooks arrived); else it answers 409, rightly.
      const sub = model.subscriptionId ? stripeServer.billing.subscription(model.subscriptionId) : null;
      return model.undelivered.length === 0 && (!sub || !LIVE.has(sub.status as string));
    },
  );

const hasSubscription = (model: Model) => {
  const sub = model.subscriptionId ? stripeServer.billing.subscription(model.subscriptionId) : null;
  return !!sub && LIVE.has(sub.status as string) && sub.status !== 'incomplete';
};

const billingAction = (path: '/billing/cancel' | '/billing/resume') =>
  command(
    path === '/billing/cancel' ? 'cancel at period end' : 'resume',
    async (model, real) => {
      const res = await request(real.t.app).post(path).set(as(real.reader)).send({});
      expect([200, 409]).toContain(res.status);
      await deliverPending(model, real, 'inOrder');
    },
    hasSubscription,
  );

const switchPlan = (plan: 'monthly' | 'yearly', previewFirst: boolean) =>
  command(
    `switch to ${plan}${previewFirst ? ' after a preview' : ''}`,
    async (model, real) => {
      if (previewFirst)
        await request(real.t.app).get(`/billing/switch-preview?plan=${plan}`).set(as(real.reader));
      const res = await request(real.t.app).post('/billing/switch').set(as(real.reader)).send({ plan });
      // 409: already on that plan; 402: the card was declined (renewals failing).
      expect([200, 402, 409], JSON.stringify(res.body)).toContain(res.status);
      await deliverPending(model, real, 'inOrder');
    },
    (model) => hasSubscription(model) && model.undelivered.length === 0,
  );

const failRenewals = (fail: boolean) =>
  command(
    fail ? 'renewals start failing' : 'renewals pay again',
    async (model) => {
      stripeServer.billing.failPayments(model.customerId!, fail);
    },
    (model) => model.customerId !== null,
  );

const advance = (ms: number, order: 'inOrder' | 'reversed' | 'twice' | 'later') =>
  command(`advance ${ms / MINUTE} min, webhooks ${order}`, async (model, real) => {
    real.clock.advanceBy(ms);
    if (order !== 'later') await deliverPending(model, real, order);
  });

const deliverNow = (order: 'inOrder' | 'reversed' | 'twice') =>
  command(`deliver webhooks ${order}`, (model, real) => deliverPending(model, real, order));

/** The charged PaymentIntents, oldest first: passes and invoices. */
function charged(): string[] {
  return stripeServer.billing.allCharges().map((c) => c.payment_intent as string);
}

const refund = (pick: number, how: 'admin' | 'partial' | 'rest', order: 'now' | 'later') =>
  command(
    `refund charge #${pick} (${how}), delivered ${order}`,
    async (model, real) => {
      const all = charged();
      const pi = all[pick % all.length]!;
      const charge = stripeServer.billing.chargeOf(pi)!;
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      if (left <= 0) return;
      if (how === 'admin') {
        const res = await request(real.t.app)
          .post('/admin/refunds')
          .set(as(real.admin))
          .send({ paymentIntentId: pi });
        // 404: a payment whose webhook has not come yet is not ours to refund yet.
        expect([200, 404, 409], JSON.stringify(res.body)).toContain(res.status);
      } else {
        await stripe.refunds.create({
          payment_intent: pi,
          amount: how === 'partial' ? Math.ceil(left / 2) : left,
        });
      }
      if (order === 'now') await deliverPending(model, real, 'inOrder');
    },
    () => charged().length > 0,
  );

const dispute = (pick: number) =>
  command(
    `dispute charge #${pick}`,
    async (model, real) => {
      const all = charged();
      const pi = all[pick % all.length]!;
      if (stripeServer.billing.disputeOf(pi)) return;
      stripeServer.billing.dispute(pi);
      await deliverPending(model, real, 'inOrder');
    },
    () => charged().length > 0,
  );

const closeDispute = (pick: number, status: 'won' | 'lost') =>
  command(
    `dispute of charge #${pick} ${status}`,
    async (model, real) => {
      const open = charged().filter((pi) => stripeServer.billing.disputeOf(pi)?.status === 'needs_response');
      if (open.length === 0) return;
      stripeServer.billing.closeDispute(open[pick % open.length]!, status);
      await deliverPending(model, real, 'inOrder');
    },
    () => true,
  );

const adminGrant = (days: number) =>
  command(`admin grants ${days} days`, async (model, real) => {
    const res = await request(real.t.app)
      .post('/admin/premium-grants')
      .set(as(real.admin))
      .send({ email: real.reader.email, days, note: 'model test' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    model.times.push({
      paymentIntentId: res.body.id as string,
      paidAt: real.at(),
      ms: days * DAY,
      takenBackAt: null,
      cause: null,
      restoredAt: null,
    });
  });

const commands = [
  fc
    .constantFrom(...PASSES)
    .chain((plan) =>
      fc.constantFrom('client', 'webhook', 'both', 'webhookTwiceThenClient').map((r) => buyPass(plan, r)),
    ),
  fc.constantFrom('monthly', 'yearly').map(subscribe),
  fc.constantFrom('/billing/cancel', '/billing/resume').map(billingAction),
  fc
    .tuple(fc.constantFrom('monthly', 'yearly'), fc.boolean())
    .map(([plan, preview]) => switchPlan(plan, preview)),
  fc.boolean().map(failRenewals),
  fc
    .tuple(
      fc.constantFrom(MINUTE, 30 * MINUTE, DAY, 3 * DAY, 10 * DAY, 20 * DAY, 40 * DAY),
      fc.constantFrom('inOrder', 'reversed', 'twice', 'later'),
    )
    .map(([ms, order]) => advance(ms, order)),
  fc.constantFrom('inOrder', 'reversed', 'twice').map(deliverNow),
  fc
    .tuple(fc.nat(20), fc.constantFrom('admin', 'partial', 'rest'), fc.constantFrom('now', 'later'))
    .map(([pick, how, order]) => refund(pick, how, order)),
  fc.nat(20).map(dispute),
  fc.tuple(fc.nat(20), fc.constantFrom('won', 'lost')).map(([pick, status]) => closeDispute(pick, status)),
  fc.constantFrom(1, 7, 30).map(adminGrant),
];

it(
  'premium ends exactly when what was paid for and not taken back runs out, whatever the order of events',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        stripeServer.billing.reset(T0);
        const clock = new SharedClock(stripeServer, T0);
        const t = await makeTestApp({ clock, stripe, config: { stripeWebhookSecret: WEBHOOK_SECRET } });
        try {
          const real: Real = {
            t,
            clock,
            at: () => clock.now().getTime(),
            world: billingActions({ t, stripeServer, stripe, webhookSecret: WEBHOOK_SECRET }),
            reader: await signInAs(t),
            admin: await signInAs(t, { role: 'admin' }),
          };
          const model: Model = {
            times: [],
            invoiceTakings: new Map(),
            undelivered: [],
            subscriptionId: null,
            customerId: null,
          };
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        } finally {
          await t.close();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  },
  Number(process.env.BILLING_FUZZ_TIMEOUT_MS ?? 120_000),
);
