/**
 * The chaos harness (server/src/test/chaos) pointed at the cluster: concurrent writes through the
 * balancer while one instance after another is SIGKILLed; after each kill the database is checked
 * against what the API acknowledged. Every lane: posts, approvals, profile edits, view counts and
 * payments (the client's redeem and Stripe's webhook racing on two instances, both compare-and-set the
 * reader's premium end). On DocumentDB (npm run test:cluster) a single-document update is atomic, as on
 * MongoDB. FerretDB v1 (scripts/ferretdb.mjs, MONGODB_IS_FERRETDB=1) is not: there the lanes that update
 * one document from several requests at once are left out and payments do not race
 * (docs/decisions/ferretdb.md; a run there found a race of ours in the grant, since fixed:
 * payments/grant-race.test.ts).
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
const onFerretDbV1 = process.env.MONGODB_IS_FERRETDB === '1';
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
      // The writers' plans. On FerretDB v1 the redeem and the webhook go one after the other: racing on
      // two instances, both compare-and-set the reader's premium end, which it does not apply atomically
      // (seen once in .ci/run: a grant's end lost before any kill).
      racePayments: !onFerretDbV1,
    },
    ['Chaos Daily', 'Chaos Weekly'],
  );
  expect(await verifyStore(cluster.store, ledger)).toEqual([]);

  const atomic = !onFerretDbV1;
  const lanes = { posts: true, approvals: true, profiles: atomic, views: atomic, payments: atomic };
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
  if (atomic) {
    // The lanes that update one document from several requests at once took writes too.
    expect(ledger.acked.profileEdits).toBeGreaterThan(0);
    expect(ledger.acked.views).toBeGreaterThan(0);
  }
  const a = ledger.acked;
  console.log(
    `cluster chaos: ${ROUNDS} SIGKILLs, ${ledger.ackedTotal()} acknowledged writes checked ` +
      `(${a.posts} posts, ${a.approvals} approvals, ${a.profileEdits} profile edits, ${a.views} views, ${a.grants} grants); ` +
      `cut off by a kill: ${ledger.cutOff.landed} landed, ${ledger.cutOff.lost} did not`,
  );
}, 180_000);
