/**
 * The chaos harness (server/src/test/chaos) pointed at the cluster: concurrent writes through the
 * balancer while one instance after another is SIGKILLed; after each kill the database is checked
 * against what the API acknowledged. Lanes: posts and approvals (and one paid plan per writer before
 * the kills). Profile edits, view counts and payments are left out here: each updates one document
 * from several requests at once (a payment: the client's redeem and Stripe's webhook, on two
 * instances, both compare-and-set the reader's premium end), which FerretDB 1.24 on SQLite does not
 * apply atomically for `$inc` and may not for these (docs/decisions/ferretdb.md; a run here found a
 * race of ours in the grant, since fixed: payments/grant-race.test.ts). `npm run chaos` runs every
 * lane on the embedded engine; on MongoDB a single-document update is atomic.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStripeClient } from '../../payments/stripe-client.js';
import type { User } from '../../users/types.js';
import { Ledger } from '../chaos/ledger.js';
import { verifyStore } from '../chaos/verify.js';
import { prepareWorkload, register, runWorkload } from '../chaos/workload.js';
import { startStripeTestServer, type StripeTestServer } from '../stripe-test-server.js';
import { startCluster, type Cluster } from './harness.js';

const ROUNDS = 4;
const SECRET_KEY = `sk_test_chaos_${randomBytes(6).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_chaos_${randomBytes(6).toString('hex')}`;
const high = '1000000';
let cluster: Cluster;
let stripeServer: StripeTestServer;

beforeAll(async () => {
  stripeServer = await startStripeTestServer({ secretKey: SECRET_KEY });
  cluster = await startCluster({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeServer.url,
      AUTH_RATE_LIMIT_MAX: high,
      PAYMENT_INTENT_RATE_LIMIT_MAX: high,
      VIEW_RATE_LIMIT_MAX: high,
      EDIT_RATE_LIMIT_MAX: high,
      PUBLIC_READ_RATE_LIMIT_MAX: high,
      STRIPE_USER_RATE_LIMIT_MAX: high,
      STRIPE_IP_RATE_LIMIT_MAX: high,
    },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await stripeServer?.close();
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

it(`loses no acknowledged write while instances are SIGKILLed under load (${ROUNDS} kills)`, async () => {
  const base = cluster.url;
  const ledger = new Ledger();
  const admin = await register(base, 'admin');
  await cluster.store
    .collection<User>('users')
    .updateOne({ email: admin.email }, { $set: { role: 'Admin' } });
  // The guards keep a record a second on the instance that read it.
  await sleep(1_100);
  const writers = await Promise.all([1, 2, 3].map(() => register(base, 'writer')));
  const readers = await Promise.all([1, 2, 3, 4].map(() => register(base, 'reader')));
  for (const u of [admin, ...writers, ...readers]) ledger.users.set(u.email, u);
  const ctx = await prepareWorkload(
    {
      base,
      ledger,
      stripe: createStripeClient({ stripeSecretKey: SECRET_KEY, stripeApiBase: stripeServer.url })!,
      stripeServer,
      webhookSecret: WEBHOOK_SECRET,
      admin,
      writers,
      readers,
      // The writers' plans: the redeem and the webhook one after the other. Racing on two instances,
      // both compare-and-set the reader's premium end, which FerretDB does not apply atomically
      // (seen once in .ci/run: a grant's end lost before any kill).
      racePayments: false,
    },
    ['Chaos Daily', 'Chaos Weekly'],
  );
  expect(await verifyStore(cluster.store, ledger)).toEqual([]);

  const lanes = { posts: true, approvals: true, profiles: false, views: false, payments: false };
  for (let round = 1; round <= ROUNDS; round++) {
    const stop = new AbortController();
    const work = runWorkload(ctx, stop.signal, lanes);
    await sleep(between(500, 2_000));
    const victim = cluster.instances[between(0, cluster.instances.length)]!.name;
    await cluster.kill(victim);
    // The others keep taking writes through the balancer meanwhile.
    await sleep(between(300, 1_000));
    stop.abort();
    await work;
    const problems = await verifyStore(cluster.store, ledger);
    expect(problems, `round ${round} (${victim} killed)`).toEqual([]);
    await cluster.restart(victim);
  }
  expect(ctx.anomalies).toEqual([]);
  expect(ledger.acked.posts).toBeGreaterThan(20);
  expect(ledger.acked.approvals).toBeGreaterThan(5);
  console.log(
    `cluster chaos: ${ROUNDS} SIGKILLs, ${ledger.ackedTotal()} acknowledged writes checked ` +
      `(${ledger.acked.posts} posts, ${ledger.acked.approvals} approvals, ${ledger.acked.grants} grants before the kills); ` +
      `cut off by a kill: ${ledger.cutOff.landed} landed, ${ledger.cutOff.lost} did not`,
  );
}, 180_000);
