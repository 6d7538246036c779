/**
 * Three API instances behind HAProxy on one database and one Redis (issue 20's proof), driven through
 * the balancer only, round-robin without stickiness. `npm run test:cluster` (and `.ci/run`) runs it on
 * FerretDB with redis-server and haproxy from Debian.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../users/types.js';
import { insertArticle, insertPublisher } from '../article-fixtures.js';
import { emulatorSignUp, uniqueEmail } from '../emulator.js';
import { openSse, ofType, type SseStream } from '../sse.js';
import { startStripeTestServer, type StripeTestServer } from '../stripe-test-server.js';
import { startCluster, type Cluster } from './harness.js';

const EDIT_LIMIT = 6;
let cluster: Cluster;
let stripe: StripeTestServer;
const streams: SseStream[] = [];

interface Answer {
  status: number;
  // JSON of many shapes, read field by field in each test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  servedBy: string;
}

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: FormData | string | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${cluster.url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (an image)
  }
  return { status: res.status, body: parsed, servedBy: res.headers.get('x-served-by') ?? '?' };
}

/** The same request as many times as there are instances, one after another (round robin: one each). */
async function onEveryInstance(method: string, path: string, token?: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < cluster.instances.length; i++) answers.push(await call(method, path, { token }));
  expect(new Set(answers.map((a) => a.servedBy)).size).toBe(cluster.instances.length);
  return answers;
}

interface Account {
  email: string;
  uid: string;
  token: string;
}

/** Registers through the balancer with a real Auth-emulator account; `role` is set in the database. */
async function signUp(role: 'reader' | 'admin' = 'reader'): Promise<Account> {
  const email = uniqueEmail(`cluster-${role}`);
  const account = await emulatorSignUp(email, 'Passw0rd!', { displayName: `Cluster ${role}` });
  if (role === 'admin') {
    // Before the account's first request: no instance has read the record yet.
    await cluster.store
      .collection<User>('users')
      .updateOne({ email }, { $set: { role: 'Admin' } }, { upsert: false });
  }
  const reg = await call('POST', '/users/new', {
    token: account.idToken,
    body: { name: `Cluster ${role}`, email, photoURL: 'https://example.test/a.png' },
  });
  expect([200, 201]).toContain(reg.status);
  if (role === 'admin') {
    await cluster.store.collection<User>('users').updateOne({ email }, { $set: { role: 'Admin' } });
    // The registration's instance may keep the record it just wrote for a second (guards' cache).
    await new Promise((r) => setTimeout(r, 1_100));
  }
  const jwt = await call('POST', '/jwt', { token: account.idToken, body: { email } });
  expect(jwt.status).toBe(200);
  return { email, uid: account.uid, token: jwt.body.token as string };
}

let admin: Account;
let reader: Account;

beforeAll(async () => {
  stripe = await startStripeTestServer();
  cluster = await startCluster({
    env: {
      EDIT_RATE_LIMIT_MAX: String(EDIT_LIMIT),
      SWEEP_INTERVAL_MS: '1000',
      STRIPE_SECRET_KEY: 'sk_test_cluster',
      STRIPE_WEBHOOK_SECRET: 'whsec_cluster',
      STRIPE_API_BASE: stripe.url,
    },
  });
  await insertPublisher(cluster.store, 'Daily Planet');
  admin = await signUp('admin');
  reader = await signUp();
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await cluster?.stop();
  await stripe?.close();
}, 60_000);

const pendingArticle = (title: string) =>
  insertArticle(cluster.store, {
    articleTitle: title,
    status: 'Pending',
    userInfo: { name: 'Cluster writer', image: 'https://example.test/w.png', email: 'writer@example.test' },
  });

const listed = (answer: Answer, id: string) =>
  (answer.body as Array<{ _id: string }> | { articles?: Array<{ _id: string }> }) &&
  JSON.stringify(answer.body).includes(id);

describe('a write answered by one instance is read back through every other at once', () => {
  it('approval, premium and deletion show on all three instances right after the write', async () => {
    const article = await pendingArticle(`Cluster approval ${Date.now()}`);
    // Every instance caches the approved list and the article's teaser answer before the write.
    for (const a of await onEveryInstance('GET', '/all-articles/approved?page=1&limit=50')) {
      expect(a.status).toBe(200);
      expect(listed(a, article._id)).toBe(false);
    }

    const approved = await call('PATCH', `/update/status/${article._id}`, { token: admin.token });
    expect(approved.status).toBe(200);
    for (const a of await onEveryInstance('GET', '/all-articles/approved?page=1&limit=50')) {
      expect(listed(a, article._id), `list on ${a.servedBy}`).toBe(true);
    }
    for (const a of await onEveryInstance('GET', `/article/data/${article._id}`, reader.token)) {
      expect(a.status, `details on ${a.servedBy}`).toBe(200);
    }

    const premium = await call('PATCH', `/make-premium/${article._id}`, { token: admin.token });
    expect(premium.status).toBe(200);
    for (const a of await onEveryInstance('GET', `/article/data/${article._id}`, reader.token)) {
      expect(a.status, `a non-premium reader on ${a.servedBy}`).toBe(402);
    }

    const deleted = await call('DELETE', `/my-articles/${article._id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    for (const a of await onEveryInstance('GET', `/articles/public/${article._id}`)) {
      expect(a.status, `teaser on ${a.servedBy}`).toBe(404);
    }
    for (const a of await onEveryInstance('GET', '/all-articles/approved?page=1&limit=50')) {
      expect(listed(a, article._id), `list on ${a.servedBy}`).toBe(false);
    }
  });
});

describe('the site behind the balancer', () => {
  it('shows an article approved through any instance at once, in its sitemap and its page', async () => {
    const sitemap = async () => (await fetch(`${cluster.siteUrl}/sitemap.xml`)).text();
    const before = await sitemap();
    const article = await pendingArticle(`Site sees it ${Date.now()}`);
    expect(before).not.toContain(article._id);
    const approved = await call('PATCH', `/update/status/${article._id}`, { token: admin.token });
    expect(approved.status).toBe(200);
    // The site keeps its lists for a minute unless a public event says otherwise: it hears the event
    // on its stream through the balancer, whichever instance holds that stream.
    const deadline = Date.now() + 5_000;
    while (!(await sitemap()).includes(article._id)) {
      if (Date.now() > deadline) throw new Error('the site did not hear of the approval within 5 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const page = await fetch(`${cluster.siteUrl}/article-details/${article._id}`, {
      headers: { accept: 'text/html' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(article.articleTitle);
  });
});

describe('rate limits count across the instances', () => {
  it(`allows ${EDIT_LIMIT} edits a minute in total, not ${EDIT_LIMIT} per instance`, async () => {
    const editor = await signUp();
    const answers: Answer[] = [];
    for (let i = 0; i < EDIT_LIMIT + 3; i++) {
      answers.push(
        await call('PATCH', `/users/${encodeURIComponent(editor.email)}`, {
          token: editor.token,
          body: { name: `Editor ${i}` },
        }),
      );
    }
    expect(new Set(answers.map((a) => a.servedBy)).size).toBe(cluster.instances.length);
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(EDIT_LIMIT).fill(200), 429, 429, 429]);
  });
});

describe('payments on two instances at once', () => {
  it('two tabs asking for an intent at once get one intent; two redemptions grant once', async () => {
    const buyer = await signUp();
    const [first, second] = await Promise.all([
      call('POST', '/create-payment-intent', { token: buyer.token, body: { amount: 5 } }),
      call('POST', '/create-payment-intent', { token: buyer.token, body: { amount: 5 } }),
    ]);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(200);
    expect(first!.servedBy).not.toBe(second!.servedBy);
    expect(second!.body.paymentIntentId).toBe(first!.body.paymentIntentId);
    const id = first!.body.paymentIntentId as string;
    // Both calls (two instances) sent Stripe the key derived from the stored record: one intent.
    const keys = stripe.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .map((r) => r.idempotencyKey)
      .filter((key) => key?.includes(buyer.uid));
    expect(new Set(keys).size).toBe(1);

    stripe.markSucceeded(id);
    const redemption = { email: buyer.email, time: 5 * 86_400, paymentIntentId: id };
    const redeemed = await Promise.all([
      call('PATCH', '/make-premium-user', { token: buyer.token, body: redemption }),
      call('PATCH', '/make-premium-user', { token: buyer.token, body: redemption }),
    ]);
    expect(redeemed.map((r) => r.status)).toEqual([200, 200]);
    expect(redeemed[0]!.servedBy).not.toBe(redeemed[1]!.servedBy);
    expect(redeemed.filter((r) => r.body.granted === true)).toHaveLength(1);
    expect(await cluster.store.collection('payments').countDocuments({ paymentIntentId: id })).toBe(1);
    const user = await cluster.store.collection<User>('users').findOne({ email: buyer.email });
    const days = (Date.parse(user!.premiumEndAt!) - Date.now()) / 86_400_000;
    // The 5-dollar plan is 5 days: granted once, not 10 days.
    expect(days).toBeGreaterThan(4.9);
    expect(days).toBeLessThan(5.1);
  });
});

describe('uploads every instance serves', () => {
  it('serves an upload made through one instance on all three; the sweep keeps it while referenced', async () => {
    const writer = await signUp();
    const upload = async () => {
      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const res = await call('POST', '/uploads', { token: writer.token, form });
      expect(res.status).toBe(201);
      return res.body.data.display_url as string;
    };
    const kept = await upload();
    const dropped = await upload();
    const pathOf = (url: string) => new URL(url).pathname;
    for (const a of await onEveryInstance('GET', pathOf(kept))) expect(a.status, a.servedBy).toBe(200);

    // One is an article's image; then both are made two days old. In this order: aged first, a
    // sweep running between the two writes would find the kept one old and used by nothing yet
    // (seen once in a loaded run: the kept image answered 404).
    await insertArticle(cluster.store, { articleTitle: 'Uses the kept image', articleImage: kept });
    const old = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await cluster.store
      .collection('uploads')
      .updateMany({ url: { $in: [kept, dropped] } }, { $set: { createdAt: old } });

    // Every instance runs its sweeps each second; one of them (the lease holder) at a time.
    const deadline = Date.now() + 15_000;
    while ((await cluster.store.collection('uploads').countDocuments({ url: dropped })) > 0) {
      if (Date.now() > deadline) throw new Error('the unused upload was not swept within 15 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1_500));
    for (const a of await onEveryInstance('GET', pathOf(kept))) expect(a.status, a.servedBy).toBe(200);
    for (const a of await onEveryInstance('GET', pathOf(dropped))) expect(a.status, a.servedBy).toBe(404);
    expect(await cluster.store.collection('uploads').countDocuments({ url: kept })).toBe(1);
  });
});

describe('live events across instances', () => {
  it('a stream hears writes made through every instance, and resumes on another after its instance dies', async () => {
    const stream = await openSse(cluster.url, '/events');
    streams.push(stream);
    expect(stream.status).toBe(200);
    const holder = String(stream.headers['x-served-by']);
    expect(holder).toMatch(/^api\d$/);

    const approve = async (title: string) => {
      const article = await pendingArticle(title);
      const res = await call('PATCH', `/update/status/${article._id}`, { token: admin.token });
      expect(res.status).toBe(200);
      return { id: article._id, servedBy: res.servedBy };
    };
    const made = [];
    for (let i = 0; i < cluster.instances.length; i++) made.push(await approve(`Live ${i} ${Date.now()}`));
    expect(new Set(made.map((m) => m.servedBy)).size).toBe(cluster.instances.length);
    for (const m of made) await stream.next(ofType('article.approved', m.id), 5_000);
    const lastSeen = stream.events.at(-1)!.id!;

    await cluster.kill(holder);
    await stream.ended;
    // Written while the stream is down, through the instances left.
    const missed = [await approve(`Missed A ${Date.now()}`), await approve(`Missed B ${Date.now()}`)];

    const resumed = await openSse(cluster.url, '/events', { 'last-event-id': lastSeen });
    streams.push(resumed);
    expect(resumed.status).toBe(200);
    expect(resumed.headers['x-served-by']).not.toBe(holder);
    for (const m of missed) await resumed.next(ofType('article.approved', m.id), 5_000);
    expect(resumed.events.some((e) => e.data.type === 'resync')).toBe(false);
    // Nothing seen before the cut comes again.
    for (const m of made) expect(resumed.events.some(ofType('article.approved', m.id))).toBe(false);
    await cluster.restart(holder);
  }, 60_000);
});
