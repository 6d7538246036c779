/** The comment limits (docs/decisions/comments.md): per user, a short and a daily window, new accounts fewer. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';

const DAY = 24 * 3600_000;
let nowMs = Date.UTC(2026, 2, 10, 12);
const clock: Clock = { now: () => new Date(nowMs) };

const post = (t: TestApp, who: SignedIn, article: Article, body: string) =>
  request(t.app).post(`/articles/${article._id}/comments`).set(bearer(who.token)).send({ body });

describe('the default limits: 5 a minute, a fifth for an account younger than a day', () => {
  let t: TestApp;
  let article: Article;
  let young: SignedIn;
  let old: SignedIn;
  beforeAll(async () => {
    t = await makeTestApp({ clock });
    article = await insertArticle(t.store);
    old = await signInAs(t, { name: 'Olly Old' });
    nowMs += 2 * DAY;
    young = await signInAs(t, { name: 'Yana Young' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('an account older than a day posts 5 a minute, the 6th is refused with a message', async () => {
    for (let i = 0; i < 5; i++) expect((await post(t, old, article, `Point ${i}`)).status).toBe(201);
    const refused = await post(t, old, article, 'Point 6');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You are commenting too fast, please wait a little' });
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('a new account posts 1 a minute', async () => {
    const elsewhere = await insertArticle(t.store);
    expect((await post(t, young, elsewhere, 'Hello')).status).toBe(201);
    expect((await post(t, young, article, 'Hello again')).status).toBe(429);
    // What is invalid is said so, over the limit too: the limits see only valid posts.
    expect((await post(t, young, article, '')).status).toBe(400);
  });

  it('refused posts give their budget back', async () => {
    const fresh = await signInAs(t, { name: 'Fred Fresh' });
    const premium = await insertArticle(t.store, { isPremium: 'Yes' });
    expect((await post(t, fresh, premium, 'Let me in')).status).toBe(402);
    expect((await post(t, fresh, premium, 'Let me in')).status).toBe(402);
    // Invalid ones never reach the limits.
    expect((await post(t, fresh, article, '')).status).toBe(400);
    expect((await post(t, fresh, article, '  ')).status).toBe(400);
    expect((await post(t, fresh, article, 'Finally')).status).toBe(201);
  });
});

describe('the daily window', () => {
  let t: TestApp;
  beforeAll(async () => {
    const limits = testConfig('/tmp').rateLimits;
    t = await makeTestApp({
      clock,
      config: {
        rateLimits: {
          ...limits,
          comments: { windowMs: 60_000, max: 1000 },
          commentsDaily: { windowMs: DAY, max: 10 },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('10 a day for an older account (then 429), 2 for a new one', async () => {
    const article = await insertArticle(t.store);
    const old = await signInAs(t);
    nowMs += 2 * DAY;
    const young = await signInAs(t);
    for (let i = 0; i < 10; i++) expect((await post(t, old, article, `Old ${i}`)).status).toBe(201);
    expect((await post(t, old, article, 'Old 11')).status).toBe(429);
    expect((await post(t, young, article, 'Young 1')).status).toBe(201);
    expect((await post(t, young, article, 'Young 2')).status).toBe(201);
    expect((await post(t, young, article, 'Young 3')).status).toBe(429);
  });
});
