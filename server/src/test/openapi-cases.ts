/**
 * The calls the contract test makes for each documented operation (by operationId): each 2xx it
 * documents and its main refusals, made through HTTP with real tokens against an openapi-world.
 */
import request from 'supertest';
import { expect } from 'vitest';
import { bearer, signInAs, type SignedIn, type TestApp } from './app.js';
import { insertArticle } from './article-fixtures.js';
import { emulatorGoogleSignIn, emulatorSignUp, uniqueEmail } from './emulator.js';
import type { Answer } from './openapi.js';
import { pngImage, PUBLISHER, STRIPE_WEBHOOK_SECRET, type World } from './openapi-world.js';
import { listen, openSse } from './sse.js';
import { mailTokenKey, signMailToken, type MailTokenPayload } from '../mail/tokens.js';
import { preferencesId } from '../mail/repository.js';
import { commentContractCases } from './openapi-cases-comments.js';

/** A call and the status it must answer. */
export type Case = [status: number, call: () => Promise<Answer | request.Response> | request.Test];
type Who = 'admin' | 'reader' | 'other' | 'premium' | SignedIn | null;

export interface CaseContext {
  w: World;
  /** Pays in the payment cases (so the others' premium state never changes). */
  payer: SignedIn;
  /** The same kind of app with every public-read and edit budget at 0: a cache miss is refused with 429. */
  limited: TestApp;
  /** A signed-in user of `limited` (every edit of theirs is refused with 429). */
  limitedUser: SignedIn;
}

export function contractCases({ w, payer, limited, limitedUser }: CaseContext): Record<string, Case[]> {
  const auth = (who: Who) => (who === null ? {} : bearer(typeof who === 'string' ? w[who].token : who.token));
  const get = (path: string, who: Who = null) => request(w.t.app).get(path).set(auth(who));
  const del = (path: string, who: Who) => request(w.t.app).delete(path).set(auth(who));
  const post = (path: string, body: object, who: Who = null) =>
    request(w.t.app).post(path).set(auth(who)).send(body);
  const put = (path: string, body: object, who: Who) => request(w.t.app).put(path).set(auth(who)).send(body);
  const mailToken = (payload: MailTokenPayload) =>
    signMailToken(mailTokenKey(w.t.deps.config.jwtSecret), payload);
  const patch = (path: string, body: object, who: Who) =>
    request(w.t.app).patch(path).set(auth(who)).send(body);
  const withToken = (token: string) => ({ token }) as SignedIn;
  const overBudget = (path: string) => request(limited.app).get(path);
  const editOverBudget = (path: string, body: object) =>
    request(limited.app).patch(path).set(bearer(limitedUser.token)).send(body);

  const unknownId = 'f'.repeat(24);
  /** A publication time a day ahead (PATCH /article/schedule). */
  const soon = () => new Date(Date.now() + 86_400_000).toISOString();
  /** Writers are found by public id (PUBLIC_ID_PATTERN), never by an account id. */
  const unknownWriterId = 'A'.repeat(22);
  const { pending, approved, premium, declined } = w.articles;
  const fresh = (status: 'Pending' | 'Approved') => insertArticle(w.t.store, { status });
  const article = () => ({
    title: 'A title',
    photoURL: 'https://example.test/p.jpg',
    publisher: PUBLISHER,
    formatedTags: ['art'],
    description: 'Some text',
  });
  const edit = { title: 'Edited', publisher: PUBLISHER, description: 'Edited text' };
  const draft = () => ({ title: 'Half a title', description: '', publisher: '', formatedTags: [] });
  const logo = 'https://example.test/logo.png';
  /** A new gift link of the premium reader to the premium article. */
  const giftLink = async (): Promise<{ _id: string; token: string }> =>
    (await post('/gift-links', { articleId: premium._id }, 'premium')).body.link;

  let lastEmail = '';
  /** A new emulator account's ID token (its email in lastEmail). */
  const signedUp = async () => {
    lastEmail = uniqueEmail('contract');
    return withToken((await emulatorSignUp(lastEmail)).idToken);
  };
  const registered = async () => {
    const account = await signedUp();
    expect((await post('/users/new', { name: 'Registered' }, account)).status).toBe(201);
    return account;
  };
  let googleToken = '';
  const google = async () => {
    googleToken = (await emulatorGoogleSignIn(uniqueEmail('google'), { email_verified: true })).idToken;
    return withToken(googleToken);
  };
  const newUserId = async () => {
    const user = await signInAs(w.t);
    return (await get(`/users/${user.email}`, user)).body._id as string;
  };
  const publisherId = async () =>
    (await w.t.store.collection('publishers').findOne({ publisherName: PUBLISHER }))!._id;
  /** The world's reader as a writer (writers have an approved article; one is made the first time). */
  let writerReady: Promise<string> | undefined;
  const writerId = () =>
    (writerReady ??= (async () => {
      const userInfo = { name: 'Rita Reader', image: 'https://example.test/r.png', email: w.reader.email };
      await insertArticle(w.t.store, { status: 'Approved', userInfo });
      return (await get(`/users/${w.reader.email}`, 'reader')).body.publicId as string;
    })());
  /** A succeeded 5-day PaymentIntent of the payer. */
  const paidIntent = async () => {
    const res = await post('/create-payment-intent', { amount: 5 }, payer);
    w.stripeServer.markSucceeded(res.body.paymentIntentId as string);
    return res.body.paymentIntentId as string;
  };
  const redeem = (paymentIntentId: string, email = payer.email) =>
    patch('/make-premium-user', { email, time: 432_000, paymentIntentId }, payer);
  const webhook = (payload: string, signature: string) =>
    request(w.t.app)
      .post('/stripe/webhook')
      .set({ 'Stripe-Signature': signature, 'Content-Type': 'application/json' })
      .send(payload);
  const signed = (event: unknown): [string, string] => {
    const payload = JSON.stringify(event);
    return [payload, w.stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET })];
  };
  const signedWebhook = async () => webhook(...signed(w.stripeServer.succeededEvent(await paidIntent())));
  /** A new reader who subscribed monthly and paid the first invoice with the card field. */
  const subscriber = async () => {
    const who = await signInAs(w.t);
    const started = await post('/billing/subscription', { plan: 'monthly' }, who);
    const paymentIntentId = (started.body.intent.clientSecret as string).split('_secret_')[0]!;
    await w.stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    await get('/billing', who); // reads the paid subscription from Stripe (no webhook in these cases)
    return Object.assign(who, { paymentIntentId });
  };
  /** A confirmed SetupIntent of the subscriber's own customer. */
  const confirmedCard = async (who: SignedIn) => {
    const setup = await post('/billing/card-setup', {}, who);
    await w.stripe.setupIntents.confirm(setup.body.setupIntentId as string, {
      payment_method: 'pm_card_mastercard',
    });
    return setup.body.setupIntentId as string;
  };
  /** The stream's status, media type and first event (then it is closed). */
  const firstEvent = async (path: string): Promise<Answer> => {
    const server = await listen(w.t.app);
    try {
      const stream = await openSse(server.base, path);
      expect((await stream.next(() => true)).data).toEqual({ type: 'ready' });
      stream.close();
      const type = String(stream.headers['content-type']).split(';')[0]!;
      return { status: stream.status, type, body: stream.raw() };
    } finally {
      await server.close();
    }
  };
  const upload = async (who: Who) =>
    request(w.t.app)
      .post('/uploads')
      .set(auth(who))
      .attach('image', await pngImage(), 'a.png');

  return {
    health: [[200, () => get('/health')]],
    openApiDocument: [[200, () => get('/openapi.json')]],
    apiReference: [[200, () => get('/docs')]],
    apiReferenceAsset: [
      [200, () => get('/docs/assets/init.js')],
      [404, () => get('/docs/assets/nope.js')],
    ],
    events: [
      [200, () => firstEvent(`/events?token=${w.reader.token}`)],
      [401, () => get('/events?token=not-a-jwt')],
      [400, () => get('/events?since=1')],
    ],
    signIn: [
      [
        200,
        async () => {
          const account = await registered();
          return post('/jwt', { email: lastEmail }, account);
        },
      ],
      [401, () => post('/jwt', { email: w.reader.email })],
      [403, async () => post('/jwt', { email: w.other.email }, await registered())],
    ],
    isEmailFree: [
      [200, () => post('/users', { email: uniqueEmail() })],
      [400, () => post('/users', { email: { $ne: null } })],
    ],
    register: [
      [201, async () => post('/users/new', { name: 'New Person' }, await signedUp())],
      [200, () => post('/users/new', {}, withToken(w.reader.idToken))],
      [401, () => post('/users/new', {})],
    ],
    registerGoogle: [
      [201, async () => post('/users/new/google', {}, await google())],
      [200, () => post('/users/new/google', {}, withToken(googleToken))],
      [403, async () => post('/users/new/google', { email: w.other.email }, await google())],
    ],
    isAdmin: [
      [200, () => get(`/check/isAdmin?email=${w.reader.email}`, 'reader')],
      [403, () => get(`/check/isAdmin?email=${w.other.email}`, 'reader')],
    ],
    isPremium: [
      [200, () => get(`/isPremium?email=${w.premium.email}`, 'premium')],
      [401, () => get(`/isPremium?email=${w.premium.email}`)],
    ],
    removeExpiredSubscription: [
      [200, () => patch('/remove/subscription', { email: w.reader.email }, 'reader')],
      [403, () => patch('/remove/subscription', { email: w.other.email }, 'reader')],
    ],
    getProfile: [
      [200, () => get(`/users/${w.premium.email}`, 'premium')],
      [200, () => get(`/users/${w.reader.email}`, 'admin')],
      [403, () => get(`/users/${w.admin.email}`, 'reader')],
    ],
    updateProfile: [
      [200, () => patch(`/users/${w.other.email}`, { name: 'O', phone: '+1234567' }, 'other')],
      [400, () => patch(`/users/${w.other.email}`, { name: 'O', phone: 'abc' }, 'other')],
      [429, () => editOverBudget(`/users/${limitedUser.email}`, { name: 'Lena' })],
    ],
    listUsers: [
      [200, () => get('/all-users?limit=10', 'admin')],
      [403, () => get('/all-users', 'premium')],
      [400, () => get('/all-users?limit=7', 'admin')],
    ],
    makeAdmin: [
      [200, async () => patch(`/make-admin/${await newUserId()}`, {}, 'admin')],
      [404, () => patch(`/make-admin/${unknownId}`, {}, 'admin')],
      [403, () => patch(`/make-admin/${unknownId}`, {}, 'reader')],
    ],
    makeEditor: [
      [200, async () => patch(`/make-editor/${await newUserId()}`, {}, 'admin')],
      [404, () => patch(`/make-editor/${unknownId}`, {}, 'admin')],
      [403, () => patch(`/make-editor/${unknownId}`, {}, 'reader')],
      [400, () => patch('/make-editor/not-an-id', {}, 'admin')],
    ],
    removeEditor: [
      [200, async () => patch(`/remove-editor/${await newUserId()}`, {}, 'admin')],
      [404, () => patch(`/remove-editor/${unknownId}`, {}, 'admin')],
      [403, () => patch(`/remove-editor/${unknownId}`, {}, 'premium')],
    ],
    userCounts: [
      [200, () => get('/users-count')],
      [429, () => overBudget('/users-count')],
    ],
    activeUsers: [
      [200, () => get('/active-users')],
      [429, () => overBudget('/active-users')],
    ],
    myArticleViews: [
      [200, () => get('/stats/my-article-views?days=7', 'reader')],
      [400, () => get('/stats/my-article-views?days=1000', 'reader')],
    ],
    publisherViews: [
      [200, () => get('/stats/publisher-views', 'admin')],
      [403, () => get('/stats/publisher-views', 'reader')],
    ],
    plans: [[200, () => get('/plans')]],
    createPaymentIntent: [
      [200, () => post('/create-payment-intent', { amount: 5 }, payer)],
      [400, () => post('/create-payment-intent', { amount: 7 }, payer)],
    ],
    redeemPayment: [
      [200, async () => redeem(await paidIntent())],
      [403, async () => redeem(await paidIntent(), w.reader.email)],
      [404, () => redeem('pi_unknown')],
    ],
    stripeWebhook: [
      [200, signedWebhook],
      [400, () => webhook('{}', 't=1,v1=bad')],
      // Signed, but not shaped like Stripe's events: refused, never a 500.
      [400, () => webhook(...signed({ type: 'payment_intent.succeeded', data: 'x' }))],
      [400, () => webhook(...signed(null))],
    ],
    subscriptionPlans: [[200, () => get('/subscription-plans')]],
    billingSummary: [
      [200, () => get('/billing', 'reader')],
      [401, () => get('/billing')],
    ],
    subscribe: [
      [200, async () => post('/billing/subscription', { plan: 'yearly' }, await signInAs(w.t))],
      [400, () => post('/billing/subscription', { plan: 'weekly' }, 'other')],
      [409, async () => post('/billing/subscription', { plan: 'yearly' }, await subscriber())],
    ],
    cancelSubscription: [
      [200, async () => post('/billing/cancel', {}, await subscriber())],
      [404, () => post('/billing/cancel', {}, 'other')],
    ],
    resumeSubscription: [
      [
        200,
        async () => {
          const who = await subscriber();
          await post('/billing/cancel', {}, who);
          return post('/billing/resume', {}, who);
        },
      ],
      [409, async () => post('/billing/resume', {}, await subscriber())],
    ],
    previewPlanSwitch: [
      [200, async () => get('/billing/switch-preview?plan=yearly', await subscriber())],
      [404, () => get('/billing/switch-preview?plan=yearly', 'other')],
    ],
    switchPlan: [
      [200, async () => post('/billing/switch', { plan: 'yearly' }, await subscriber())],
      [404, () => post('/billing/switch', { plan: 'yearly' }, 'other')],
    ],
    startCardUpdate: [
      [200, () => post('/billing/card-setup', {}, 'other')],
      [400, () => post('/billing/card-setup', { card: '4242' }, 'other')],
    ],
    updateCard: [
      [
        200,
        async () => {
          const who = await subscriber();
          return post('/billing/card', { setupIntentId: await confirmedCard(who) }, who);
        },
      ],
      [404, () => post('/billing/card', { setupIntentId: 'seti_unknown' }, 'other')],
    ],
    userBilling: [
      [200, () => get(`/admin/billing?email=${w.reader.email}`, 'admin')],
      [403, () => get(`/admin/billing?email=${w.reader.email}`, 'reader')],
    ],
    revenueReport: [
      [200, () => get('/admin/revenue?months=3', 'admin')],
      [400, () => get('/admin/revenue?months=99', 'admin')],
      [403, () => get('/admin/revenue', 'reader')],
    ],
    refundPayment: [
      [
        200,
        async () =>
          post('/admin/refunds', { paymentIntentId: (await subscriber()).paymentIntentId }, 'admin'),
      ],
      [403, () => post('/admin/refunds', { paymentIntentId: 'pi_unknown' }, 'reader')],
      [404, () => post('/admin/refunds', { paymentIntentId: 'pi_unknown' }, 'admin')],
    ],
    grantPremium: [
      // To the premium reader: the other readers' 402 cases must stay 402.
      [200, () => post('/admin/premium-grants', { email: w.premium.email, days: 7 }, 'admin')],
      [400, () => post('/admin/premium-grants', { email: w.reader.email, days: 0 }, 'admin')],
      [403, () => post('/admin/premium-grants', { email: w.reader.email, days: 7 }, 'reader')],
      [404, () => post('/admin/premium-grants', { email: 'nobody@example.test', days: 7 }, 'admin')],
    ],
    listPublishers: [
      [200, () => get('/publisher-data')],
      [429, () => overBudget('/publisher-data')],
    ],
    addPublisher: [
      [201, () => post('/add-publishers', { publisherName: 'The Bugle', logo }, 'admin')],
      [409, () => post('/add-publishers', { publisherName: PUBLISHER, logo }, 'admin')],
      [403, () => post('/add-publishers', { publisherName: 'X', logo }, 'reader')],
    ],
    publisherArticleCounts: [
      [200, () => get('/publisher/article/count', 'admin')],
      [403, () => get('/publisher/article/count', 'reader')],
    ],
    followPublisher: [
      [200, async () => post(`/follows/publishers/${await publisherId()}`, {}, 'other')],
      [404, () => post(`/follows/publishers/${unknownId}`, {}, 'other')],
      [401, async () => post(`/follows/publishers/${await publisherId()}`, {})],
    ],
    unfollowPublisher: [
      [200, async () => del(`/follows/publishers/${await publisherId()}`, 'other')],
      [404, () => del(`/follows/publishers/${unknownId}`, 'other')],
    ],
    followWriter: [
      [200, async () => post(`/follows/writers/${await writerId()}`, {}, 'other')],
      [400, async () => post(`/follows/writers/${await writerId()}`, {}, 'reader')],
      [404, () => post(`/follows/writers/${unknownWriterId}`, {}, 'other')],
    ],
    unfollowWriter: [
      [200, async () => del(`/follows/writers/${await writerId()}`, 'other')],
      [400, () => del('/follows/writers/not-an-id', 'other')],
    ],
    myFollows: [
      [200, () => get('/me/follows', 'other')],
      [401, () => get('/me/follows')],
    ],
    myDrafts: [
      [200, () => get('/me/drafts', 'other')],
      [401, () => get('/me/drafts')],
    ],
    myDraft: [
      [
        200,
        async () => (
          await put('/me/drafts/contract-read', draft(), 'other'),
          get('/me/drafts/contract-read', 'other')
        ),
      ],
      [404, () => get('/me/drafts/contract-none', 'other')],
      [400, () => get('/me/drafts/no', 'other')],
    ],
    saveDraft: [
      [200, () => put('/me/drafts/contract-save', draft(), 'other')],
      [400, () => put('/me/drafts/contract-save', { ...draft(), formatedTags: ['gossip'] }, 'other')],
      [403, () => put(`/me/drafts/edit-${pending._id}`, { ...draft(), articleId: pending._id }, 'other')],
      [404, () => put('/me/drafts/contract-gone', { ...draft(), articleId: unknownId }, 'other')],
      [409, () => put(`/me/drafts/edit-${declined._id}`, { ...draft(), articleId: declined._id }, 'reader')],
      [401, () => put('/me/drafts/contract-save', draft(), null)],
      [
        429,
        () =>
          request(limited.app).put('/me/drafts/contract-save').set(bearer(limitedUser.token)).send(draft()),
      ],
    ],
    discardDraft: [
      [
        200,
        async () => (
          await put('/me/drafts/contract-bin', draft(), 'other'),
          del('/me/drafts/contract-bin', 'other')
        ),
      ],
      [404, () => del('/me/drafts/contract-none', 'other')],
    ],
    writerPage: [
      [200, async () => get(`/writers/${await writerId()}?limit=3`)],
      [404, () => get(`/writers/${unknownWriterId}`)],
      [400, () => get(`/writers/${unknownWriterId}?limit=7`)],
    ],
    relatedArticles: [
      [200, () => get(`/articles/related/${approved._id}`)],
      [404, () => get(`/articles/related/${pending._id}`)],
    ],
    myMailPreferences: [
      [200, () => get('/me/mail-preferences', 'other')],
      [401, () => get('/me/mail-preferences')],
    ],
    saveMailPreferences: [
      [
        200,
        () =>
          put(
            '/me/mail-preferences',
            { digest: 'weekly', scope: 'everything', hour: 8, notices: true },
            'other',
          ),
      ],
      [
        400,
        () =>
          put(
            '/me/mail-preferences',
            { digest: 'hourly', scope: 'everything', hour: 8, notices: true },
            'other',
          ),
      ],
      [
        401,
        () =>
          put('/me/mail-preferences', { digest: 'off', scope: 'everything', hour: 8, notices: true }, null),
      ],
    ],
    myMails: [
      [200, () => get('/me/mails', 'other')],
      [401, () => get('/me/mails')],
    ],
    confirmDigestPage: [
      [
        200,
        () =>
          get(
            `/mail/confirm?token=${mailToken({ p: 'confirm', e: w.other.email, n: 'x', x: Date.now() + 60_000 })}`,
          ),
      ],
      [400, () => get('/mail/confirm?token=nope')],
    ],
    confirmDigest: [
      [
        200,
        async () => {
          await put(
            '/me/mail-preferences',
            { digest: 'daily', scope: 'everything', hour: 8, notices: true },
            'premium',
          );
          const prefs = await w.t.store
            .collection('mail_preferences')
            .findOne({ _id: preferencesId(w.premium.email) });
          const token = mailToken({
            p: 'confirm',
            e: w.premium.email,
            n: String(prefs?.confirmNonce),
            x: Date.now() + 60_000,
          });
          return request(w.t.app).post(`/mail/confirm?token=${token}`);
        },
      ],
      [
        400,
        () =>
          request(w.t.app).post(
            `/mail/confirm?token=${mailToken({ p: 'confirm', e: w.other.email, n: 'stale', x: Date.now() + 60_000 })}`,
          ),
      ],
    ],
    unsubscribePage: [
      [
        200,
        () =>
          get(`/mail/unsubscribe?token=${mailToken({ p: 'unsubscribe', e: w.other.email, l: 'digest' })}`),
      ],
      [400, () => get('/mail/unsubscribe')],
    ],
    unsubscribe: [
      [
        200,
        () =>
          request(w.t.app)
            .post(
              `/mail/unsubscribe?token=${mailToken({ p: 'unsubscribe', e: w.other.email, l: 'notices' })}`,
            )
            .type('form')
            .send('List-Unsubscribe=One-Click'),
      ],
      [400, () => request(w.t.app).post('/mail/unsubscribe?token=AAAAAAAAAA.BBBB')],
    ],
    forYou: [
      [200, () => get('/me/for-you?limit=10', 'other')],
      [401, () => get('/me/for-you')],
      [400, () => get('/me/for-you?limit=7', 'other')],
    ],
    createGiftLink: [
      [201, () => post('/gift-links', { articleId: premium._id }, 'premium')],
      [402, () => post('/gift-links', { articleId: premium._id }, 'other')],
      [404, () => post('/gift-links', { articleId: unknownId }, 'premium')],
      [409, () => post('/gift-links', { articleId: approved._id }, 'premium')],
      [400, () => post('/gift-links', { articleId: 'nope' }, 'premium')],
      [401, () => post('/gift-links', { articleId: premium._id })],
    ],
    myGiftLinks: [
      [200, () => get('/me/gift-links', 'premium')],
      [401, () => get('/me/gift-links')],
    ],
    revokeGiftLink: [
      [200, async () => del(`/me/gift-links/${(await giftLink())._id}`, 'premium')],
      [404, async () => del(`/me/gift-links/${(await giftLink())._id}`, 'other')],
      [400, () => del('/me/gift-links/nope', 'premium')],
    ],
    openGiftLink: [
      [
        200,
        async () => post('/gift-links/open', { articleId: premium._id, token: (await giftLink()).token }),
      ],
      [
        402,
        async () => {
          const link = await giftLink();
          await del(`/me/gift-links/${link._id}`, 'premium');
          return post('/gift-links/open', { articleId: premium._id, token: link.token });
        },
      ],
      [404, () => post('/gift-links/open', { articleId: premium._id, token: 'x'.repeat(43) })],
      [400, () => post('/gift-links/open', { articleId: premium._id, token: 'short' })],
    ],
    trendingArticles: [
      [200, () => get('/articles/trending')],
      [429, () => overBudget('/articles/trending')],
    ],
    publicArticleIndex: [
      [200, () => get('/articles/public')],
      [429, () => overBudget('/articles/public')],
    ],
    articleTeaser: [
      [200, () => get(`/articles/public/${premium._id}`)],
      [404, () => get(`/articles/public/${pending._id}`)],
      [400, () => get('/articles/public/not-an-id')],
    ],
    approvedArticles: [
      [200, () => get('/all-articles/approved?tags=technology&limit=10')],
      [400, () => get('/all-articles/approved?limit=7')],
    ],
    premiumArticles: [
      [200, () => get('/premium/articles/only', 'premium')],
      [402, () => get('/premium/articles/only', 'reader')],
    ],
    articleDetails: [
      [200, () => get(`/article/data/${approved._id}`, 'other')],
      [200, () => get(`/article/data/${pending._id}`, 'reader')],
      [402, () => get(`/article/data/${premium._id}`, 'other')],
      [404, () => get(`/article/data/${pending._id}`, 'other')],
    ],
    countView: [
      [200, () => patch(`/articles/view-count/${approved._id}`, {}, 'other')],
      [404, () => patch(`/articles/view-count/${unknownId}`, {}, 'other')],
    ],
    postingAllowance: [
      [200, () => get('/me/posting', 'reader')],
      [401, () => get('/me/posting')],
    ],
    createArticle: [
      [201, () => post(`/articles?email=${w.other.email}`, article(), 'other')],
      [402, () => post(`/articles?email=${w.other.email}`, article(), 'other')],
      [400, () => post(`/articles?email=${w.premium.email}`, { title: '' }, 'premium')],
    ],
    articlesByAuthor: [
      [200, () => get(`/articles/${w.reader.email}`, 'reader')],
      [403, () => get(`/articles/${w.reader.email}`, 'other')],
    ],
    updateArticle: [
      [200, () => patch(`/my-articles/update/${pending._id}`, edit, 'reader')],
      [409, () => patch(`/my-articles/update/${declined._id}`, edit, 'reader')],
      [403, () => patch(`/my-articles/update/${pending._id}`, edit, 'other')],
      [429, () => editOverBudget(`/my-articles/update/${unknownId}`, edit)],
    ],
    deleteArticle: [
      [200, async () => del(`/my-articles/${(await fresh('Pending'))._id}`, 'admin')],
      [403, () => del(`/my-articles/${pending._id}`, 'other')],
      [404, () => del(`/my-articles/${unknownId}`, 'reader')],
    ],
    articleRevisions: [
      [
        200,
        async () => (
          await patch(`/my-articles/update/${pending._id}`, edit, 'reader'),
          get(`/articles/${pending._id}/revisions`, 'reader')
        ),
      ],
      [200, () => get(`/articles/${pending._id}/revisions`, 'admin')],
      [403, () => get(`/articles/${pending._id}/revisions`, 'other')],
      [404, () => get(`/articles/${unknownId}/revisions`, 'admin')],
      [400, () => get('/articles/not-an-id/revisions', 'admin')],
      [401, () => get(`/articles/${pending._id}/revisions`)],
    ],
    restoreArticleRevision: [
      [
        200,
        async () => (
          await patch(`/my-articles/update/${pending._id}`, edit, 'reader'),
          post(`/articles/${pending._id}/revisions/1/restore`, {}, 'reader')
        ),
      ],
      [404, () => post(`/articles/${pending._id}/revisions/999/restore`, {}, 'reader')],
      [409, () => post(`/articles/${declined._id}/revisions/1/restore`, {}, 'reader')],
      [403, () => post(`/articles/${pending._id}/revisions/1/restore`, {}, 'other')],
      [400, () => post(`/articles/${pending._id}/revisions/0/restore`, {}, 'reader')],
      [
        429,
        () =>
          request(limited.app)
            .post(`/articles/${unknownId}/revisions/1/restore`)
            .set(bearer(limitedUser.token)),
      ],
    ],
    moderationPage: [
      [200, () => get('/all-articles/data?status=Pending', 'admin')],
      [400, () => get('/all-articles/data?status=Lost', 'admin')],
      [403, () => get('/all-articles/data', 'premium')],
    ],
    moderationCounts: [
      [200, () => get('/all-articles/counts', 'admin')],
      [403, () => get('/all-articles/counts', 'reader')],
    ],
    approveArticle: [
      [200, async () => patch(`/update/status/${(await fresh('Pending'))._id}`, {}, 'admin')],
      [409, () => patch(`/update/status/${approved._id}`, {}, 'admin')],
    ],
    declineArticle: [
      [
        200,
        async () =>
          patch(`/article/decline/${(await fresh('Pending'))._id}`, { decliningReason: 'No' }, 'admin'),
      ],
      [400, () => patch(`/article/decline/${pending._id}`, { decliningReason: '' }, 'admin')],
    ],
    scheduleArticle: [
      [
        200,
        async () =>
          patch(
            `/article/schedule/${(await fresh('Pending'))._id}`,
            { publishAt: new Date(Date.now() + 86_400_000).toISOString() },
            'admin',
          ),
      ],
      [400, () => patch(`/article/schedule/${pending._id}`, { publishAt: '2020-01-01T00:00:00Z' }, 'admin')],
      [403, () => patch(`/article/schedule/${pending._id}`, { publishAt: soon() }, 'reader')],
      [404, () => patch(`/article/schedule/${unknownId}`, { publishAt: soon() }, 'admin')],
      [409, () => patch(`/article/schedule/${approved._id}`, { publishAt: soon() }, 'admin')],
    ],
    requestArticleChanges: [
      [
        200,
        async () =>
          patch(
            `/article/request-changes/${(await fresh('Pending'))._id}`,
            { reviewNote: 'Cite it' },
            'admin',
          ),
      ],
      [400, () => patch(`/article/request-changes/${pending._id}`, { reviewNote: ' ' }, 'admin')],
      [403, () => patch(`/article/request-changes/${pending._id}`, { reviewNote: 'Cite it' }, 'reader')],
      [404, () => patch(`/article/request-changes/${unknownId}`, { reviewNote: 'Cite it' }, 'admin')],
      [409, () => patch(`/article/request-changes/${approved._id}`, { reviewNote: 'Cite it' }, 'admin')],
    ],
    makeArticlePremium: [
      [200, async () => patch(`/make-premium/${(await fresh('Approved'))._id}`, {}, 'admin')],
      [409, () => patch(`/make-premium/${declined._id}`, {}, 'admin')],
    ],
    uploadImage: [
      [201, () => upload(null)],
      [201, () => upload('reader')],
      [400, () => request(w.t.app).post('/uploads').field('name', 'no image')],
    ],
    getUpload: [
      [200, () => get(w.uploadPath)],
      [404, () => get('/uploads/missing.webp')],
    ],
    ...commentContractCases({ w, get, post, patch, put, del, editOverBudget, newUserId }),
  };
}
