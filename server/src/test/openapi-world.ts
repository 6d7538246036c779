/**
 * One app with something behind every documented route, for the contract and fuzz tests of the
 * OpenAPI document: real emulator users (a reader who writes, another reader, a premium reader,
 * an admin), a publisher, an article in every state, Stripe's test server, and an uploaded image.
 */
import sharp from 'sharp';
import type Stripe from 'stripe';
import request from 'supertest';
import type { Article } from '../articles/types.js';
import { createStripeClient } from '../payments/stripe-client.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from './app.js';
import { insertArticle, insertPublisher } from './article-fixtures.js';
import { startStripeTestServer, type StripeTestServer } from './stripe-test-server.js';

export const STRIPE_SECRET_KEY = 'sk_test_openapi';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_openapi';
export const PUBLISHER = 'Daily Planet';

export interface World {
  t: TestApp;
  stripeServer: StripeTestServer;
  stripe: Stripe;
  admin: SignedIn;
  /** Writes: the pending and declined articles are theirs. */
  reader: SignedIn;
  other: SignedIn;
  premium: SignedIn;
  articles: { pending: Article; approved: Article; premium: Article; declined: Article };
  /** Path of an uploaded image (GET /uploads/{file}). */
  uploadPath: string;
  close(): Promise<void>;
}

/** A small real PNG. */
export const pngImage = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

export async function buildWorld(): Promise<World> {
  const stripeServer = await startStripeTestServer({ secretKey: STRIPE_SECRET_KEY });
  const stripe = createStripeClient({ stripeSecretKey: STRIPE_SECRET_KEY, stripeApiBase: stripeServer.url })!;
  const t = await makeTestApp({
    identity: 'firebase',
    stripe,
    config: { stripeWebhookSecret: STRIPE_WEBHOOK_SECRET },
  });
  const [admin, reader, other, premium] = await Promise.all([
    signInAs(t, { role: 'admin' }),
    signInAs(t, { name: 'Rita Reader' }),
    signInAs(t),
    signInAs(t, { role: 'premium' }),
  ]);
  await insertPublisher(t.store, PUBLISHER);
  const userInfo = { name: 'Rita Reader', image: 'https://example.test/r.png', email: reader.email };
  const articles = {
    pending: await insertArticle(t.store, { status: 'Pending', userInfo }),
    approved: await insertArticle(t.store, { status: 'Approved' }),
    premium: await insertArticle(t.store, { status: 'Approved', isPremium: 'Yes' }),
    declined: await insertArticle(t.store, { status: 'Declined', decliningReason: 'Off topic', userInfo }),
  };
  const upload = await request(t.app)
    .post('/uploads')
    .set(bearer(reader.token))
    .attach('image', await pngImage(), 'photo.png');
  if (upload.status !== 201)
    throw new Error(`upload failed: ${upload.status} ${JSON.stringify(upload.body)}`);
  const uploadPath = new URL(upload.body.data.url as string).pathname;
  return {
    t,
    stripeServer,
    stripe,
    admin,
    reader,
    other,
    premium,
    articles,
    uploadPath,
    async close() {
      await t.close();
      await stripeServer.close();
    },
  };
}
