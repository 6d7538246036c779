/**
 * Concurrent writes through HTTP, each lane recording in the ledger what the API acknowledged and what
 * went unanswered: posts (writers), approvals (the admin), profile edits (everyone), view counts
 * (readers) and payments (readers: the client call and Stripe's webhook racing each other).
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { StripeTestServer } from '../stripe-test-server.js';
import { emulatorSignUp, uniqueEmail } from '../emulator.js';
import type { Ledger, UserEntry } from './ledger.js';

export interface WorkloadContext {
  base: string;
  ledger: Ledger;
  stripe: Stripe;
  stripeServer: StripeTestServer;
  webhookSecret: string;
  admin: UserEntry;
  writers: UserEntry[];
  readers: UserEntry[];
  /** Answers the API gave that no correct run gives (5xx, unexpected 4xx). */
  anomalies: string[];
  /**
   * false: a plan is redeemed by the client call, then by the webhook, one after the other instead
   * of racing (the cluster on FerretDB v1, whose compare-and-set of one document is not atomic:
   * docs/decisions/ferretdb.md). Default true.
   */
  racePayments?: boolean;
}

/** The answer, or null when none came (connection refused or reset, timeout). */
export type Answer = { status: number; body: Record<string, unknown> } | null;

export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    body = options.raw;
  }
  try {
    const res = await fetch(base + path, { method, headers, body, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

function unexpected(ctx: WorkloadContext, what: string, answer: Answer): void {
  if (answer && ctx.anomalies.length < 50) {
    ctx.anomalies.push(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
}

async function postLane(ctx: WorkloadContext, writer: UserEntry, stop: AbortSignal): Promise<void> {
  for (let n = 0; !stop.aborted; n++) {
    const title = `Chaos ${randomBytes(6).toString('hex')} ${n}`;
    const answer = await call(ctx.base, 'POST', `/articles?email=${encodeURIComponent(writer.email)}`, {
      token: writer.token,
      json: {
        title,
        photoURL: 'https://images.example.test/chaos.png',
        publisher: pick([...ctx.ledger.publishers]),
        formatedTags: ['technology'],
        description: `Written by the chaos test (${n}).`,
      },
    });
    if (answer?.status === 201 && typeof answer.body.insertedId === 'string') {
      ctx.ledger.articles.set(answer.body.insertedId, {
        title,
        author: writer.email,
        approved: false,
        approveUnanswered: false,
        countedViews: 0,
        unansweredViews: 0,
      });
      ctx.ledger.acked.posts++;
    } else if (!answer) {
      ctx.ledger.unansweredTitles.set(title, writer.email);
    } else unexpected(ctx, 'POST /articles', answer);
    await pause(20 + Math.random() * 60);
  }
}

async function approveLane(ctx: WorkloadContext, stop: AbortSignal): Promise<void> {
  while (!stop.aborted) {
    const pending = [...ctx.ledger.articles].filter(([, a]) => !a.approved);
    const target = pick(pending);
    if (!target) {
      await pause(20);
      continue;
    }
    const [id, article] = target;
    const answer = await call(ctx.base, 'PATCH', `/update/status/${id}`, { token: ctx.admin.token });
    if (answer?.status === 200) {
      article.approved = true;
      ctx.ledger.acked.approvals++;
    } else if (answer?.status === 409 && /Approved/.test(String(answer.body.message))) {
      article.approved = true; // an earlier unanswered approval did happen
    } else if (!answer) {
      article.approveUnanswered = true;
    } else unexpected(ctx, 'PATCH /update/status', answer);
    await pause(10 + Math.random() * 40);
  }
}

async function profileLane(ctx: WorkloadContext, user: UserEntry, stop: AbortSignal): Promise<void> {
  for (let n = 0; !stop.aborted; n++) {
    const name = `Chaos ${randomBytes(3).toString('hex')} ${n}`;
    const answer = await call(ctx.base, 'PATCH', `/users/${encodeURIComponent(user.email)}`, {
      token: user.token,
      json: { name },
    });
    if (answer?.status === 200) {
      user.name = name;
      user.unansweredNames = [];
      ctx.ledger.acked.profileEdits++;
    } else if (!answer) {
      user.unansweredNames.push(name);
    } else unexpected(ctx, 'PATCH /users', answer);
    await pause(30 + Math.random() * 90);
  }
}

async function viewLane(ctx: WorkloadContext, reader: UserEntry, stop: AbortSignal): Promise<void> {
  while (!stop.aborted) {
    const approved = [...ctx.ledger.articles].filter(([, a]) => a.approved);
    const target = pick(approved);
    if (!target) {
      await pause(20);
      continue;
    }
    const [id, article] = target;
    const answer = await call(ctx.base, 'PATCH', `/articles/view-count/${id}`, { token: reader.token });
    if (answer?.status === 200) {
      if (answer.body.counted === true) {
        article.countedViews++;
        ctx.ledger.acked.views++;
      }
    } else if (!answer) {
      article.unansweredViews++;
    } else unexpected(ctx, 'PATCH /articles/view-count', answer);
    await pause(10 + Math.random() * 30);
  }
}

/** Stripe delivering payment_intent.succeeded (again, when it never got a 2xx). */
export function deliverWebhook(ctx: WorkloadContext, paymentIntentId: string): Promise<Answer> {
  const payload = JSON.stringify(ctx.stripeServer.succeededEvent(paymentIntentId));
  const signature = ctx.stripe.webhooks.generateTestHeaderString({ payload, secret: ctx.webhookSecret });
  return call(ctx.base, 'POST', '/stripe/webhook', {
    raw: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** Pays for a plan and redeems it by both paths (at once unless racePayments is false); true when either answered 2xx. */
export async function buyPlan(ctx: WorkloadContext, user: UserEntry, dollars: number): Promise<boolean> {
  const created = await call(ctx.base, 'POST', '/create-payment-intent', {
    token: user.token,
    json: { amount: dollars },
  });
  if (created?.status !== 200) {
    if (created) unexpected(ctx, 'POST /create-payment-intent', created);
    return false;
  }
  const id = String(created.body.paymentIntentId);
  if (ctx.stripeServer.intent(id)?.status !== 'succeeded') {
    try {
      await ctx.stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    } catch (err) {
      ctx.anomalies.push(`confirm ${id} at the Stripe test server: ${String(err)}`);
      return false;
    }
  }
  const seconds = Number(ctx.stripeServer.intent(id)?.metadata.seconds);
  if (!ctx.ledger.payments.has(id)) {
    ctx.ledger.payments.set(id, { email: user.email, seconds, acknowledged: false });
  }
  user.intents.add(id);
  const redeem = () =>
    call(ctx.base, 'PATCH', '/make-premium-user', {
      token: user.token,
      json: { email: user.email, time: seconds, paymentIntentId: id },
    });
  const [redeemed, hooked] =
    ctx.racePayments === false
      ? [await redeem(), await deliverWebhook(ctx, id)]
      : await Promise.all([redeem(), deliverWebhook(ctx, id)]);
  for (const [what, answer] of [
    ['PATCH /make-premium-user', redeemed],
    ['POST /stripe/webhook', hooked],
  ] as const) {
    if (answer && answer.status !== 200) unexpected(ctx, what, answer);
  }
  return acknowledge(ctx, id, redeemed?.status === 200 || hooked?.status === 200);
}

function acknowledge(ctx: WorkloadContext, id: string, ok: boolean): boolean {
  const payment = ctx.ledger.payments.get(id)!;
  if (ok && !payment.acknowledged) {
    payment.acknowledged = true;
    ctx.ledger.acked.grants++;
  }
  return ok;
}

async function paymentLane(ctx: WorkloadContext, reader: UserEntry, stop: AbortSignal): Promise<void> {
  while (!stop.aborted) {
    await buyPlan(ctx, reader, 1);
    await pause(50 + Math.random() * 150);
  }
}

/** Stripe retries every event it never got a 2xx for. */
async function webhookRetries(ctx: WorkloadContext): Promise<void> {
  const unanswered = [...ctx.ledger.payments].filter(([, p]) => !p.acknowledged).map(([id]) => id);
  await Promise.all(
    unanswered.map(async (id) => {
      const answer = await deliverWebhook(ctx, id);
      if (answer && answer.status !== 200) unexpected(ctx, 'POST /stripe/webhook (retry)', answer);
      acknowledge(ctx, id, answer?.status === 200);
    }),
  );
}

export interface Lanes {
  posts: boolean;
  approvals: boolean;
  profiles: boolean;
  views: boolean;
  payments: boolean;
}
export const EVERY_LANE: Lanes = {
  posts: true,
  approvals: true,
  profiles: true,
  views: true,
  payments: true,
};

/** Runs the lanes until `stop` is aborted (the API was killed), then waits for them. */
export async function runWorkload(
  ctx: WorkloadContext,
  stop: AbortSignal,
  lanes: Lanes = EVERY_LANE,
): Promise<void> {
  const everyone = [ctx.admin, ...ctx.writers, ...ctx.readers];
  await Promise.all([
    webhookRetries(ctx),
    ...(lanes.posts ? ctx.writers.map((w) => postLane(ctx, w, stop)) : []),
    ...(lanes.approvals ? [approveLane(ctx, stop)] : []),
    ...(lanes.profiles ? everyone.map((u) => profileLane(ctx, u, stop)) : []),
    ...(lanes.views ? ctx.readers.map((r) => viewLane(ctx, r, stop)) : []),
    ...(lanes.payments ? ctx.readers.slice(0, 2).map((r) => paymentLane(ctx, r, stop)) : []),
  ]);
}

/**
 * The workload's starting state, through the API: the publishers added by the admin (kept in the
 * ledger), the context of the lanes, and every writer premium (unlimited posts) by a paid plan.
 */
export async function prepareWorkload(
  ctx: Omit<WorkloadContext, 'anomalies'>,
  publishers: readonly string[],
): Promise<WorkloadContext> {
  for (const name of publishers) {
    const res = await call(ctx.base, 'POST', '/add-publishers', {
      token: ctx.admin.token,
      json: { publisherName: name, logo: 'https://images.example.test/logo.png' },
    });
    if (res?.status !== 201 && res?.status !== 200) throw new Error(`add publisher: ${JSON.stringify(res)}`);
    ctx.ledger.publishers.add(name);
  }
  const ready: WorkloadContext = { ...ctx, anomalies: [] };
  for (const w of ctx.writers) {
    if (!(await buyPlan(ready, w, 10))) throw new Error(`premium for ${w.email} failed`);
  }
  return ready;
}

/** A new account through the API (Auth emulator, POST /users/new, POST /jwt), as the ledger keeps it. */
export async function register(base: string, role: string): Promise<UserEntry> {
  const email = uniqueEmail(`chaos-${role}`);
  const account = await emulatorSignUp(email, 'Passw0rd!');
  const name = `Chaos ${role}`;
  const reg = await call(base, 'POST', '/users/new', { token: account.idToken, json: { name, email } });
  const jwt = await call(base, 'POST', '/jwt', { token: account.idToken, json: { email } });
  if (reg?.status !== 201 || jwt?.status !== 200) {
    throw new Error(`sign-up of ${email} failed: ${JSON.stringify([reg, jwt])}`);
  }
  return { email, token: String(jwt.body.token), name, unansweredNames: [], intents: new Set() };
}
