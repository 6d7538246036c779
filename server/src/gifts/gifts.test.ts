/** Gift links (docs/decisions/gift-links-and-meter.md), as their creators and readers see them. */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GIFT_LINK_READERS, GIFT_LINKS_PER_MONTH } from '@newsroom/common';
import type { Clock } from '../clock.js';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { listen, openSse } from '../test/sse.js';

const DAY = 24 * 3600_000;
let nowMs = Date.UTC(2026, 2, 10, 12);
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let premium: SignedIn;
let reader: SignedIn;
let writer: SignedIn;
let article: Article;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [premium, reader, writer] = await Promise.all([
    signInAs(t, { role: 'premium', name: 'Priya Premium' }),
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { name: 'Wendy Writer' }),
  ]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  article = await insertArticle(t.store, {
    isPremium: 'Yes',
    articleTitle: 'The long read',
    userInfo: { name: 'Wendy Writer', image: 'https://example.test/w.png', email: writer.email },
  });
});

const create = (who: SignedIn, articleId = article._id) =>
  request(t.app).post('/gift-links').set(bearer(who.token)).send({ articleId });
const open = (token: string, extra: { readerKey?: string; who?: SignedIn; ua?: string } = {}) => {
  const call = request(t.app).post('/gift-links/open');
  if (extra.who) call.set(bearer(extra.who.token));
  if (extra.ua) call.set('User-Agent', extra.ua);
  return call.send({
    articleId: article._id,
    token,
    ...(extra.readerKey ? { readerKey: extra.readerKey } : {}),
  });
};
const mine = (who: SignedIn) => request(t.app).get('/me/gift-links').set(bearer(who.token));
const revoke = (who: SignedIn, id: string) =>
  request(t.app).delete(`/me/gift-links/${id}`).set(bearer(who.token));

describe('creating a gift link', () => {
  it('a premium reader gets an unguessable link and sees how many are left this month', async () => {
    const before = (await mine(premium)).body.allowance.usedThisMonth as number;
    const res = await create(premium);
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.link).toMatchObject({
      articleId: article._id,
      articleTitle: 'The long read',
      readers: 0,
      maxReaders: GIFT_LINK_READERS,
      status: 'unopened',
      expiresAt: null,
      revokedAt: null,
    });
    expect(res.body.link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.allowance).toEqual({
      limit: GIFT_LINKS_PER_MONTH,
      usedThisMonth: before + 1,
      remainingThisMonth: GIFT_LINKS_PER_MONTH - before - 1,
    });
    const other = await create(premium);
    expect(other.body.link.token).not.toBe(res.body.link.token);
  });

  it("the article's writer may gift it without premium; other readers without premium may not", async () => {
    expect((await create(writer)).status).toBe(201);
    const refused = await create(reader);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      needPremium: true,
      message: 'Gift links are for premium readers and the writer of the article',
    });
  });

  it('only approved premium articles can be gifted', async () => {
    const free = await insertArticle(t.store, { isPremium: 'No' });
    const pending = await insertArticle(t.store, { isPremium: 'Yes', status: 'Pending' });
    expect((await create(premium, free._id)).body.message).toBe('Only premium articles can be gifted');
    expect((await create(premium, free._id)).status).toBe(409);
    expect((await create(premium, pending._id)).status).toBe(404);
  });

  it('allows 10 links a person a calendar month, revoked ones included, and 10 more from the first', async () => {
    const monthly = await makeTestApp({ clock });
    try {
      const giver = await signInAs(monthly, { role: 'premium' });
      const gifted = await insertArticle(monthly.store, { isPremium: 'Yes' });
      const give = () =>
        request(monthly.app).post('/gift-links').set(bearer(giver.token)).send({ articleId: gifted._id });
      const made = [];
      for (let i = 0; i < GIFT_LINKS_PER_MONTH; i++) made.push(await give());
      expect(made.map((r) => r.status)).toEqual(Array(GIFT_LINKS_PER_MONTH).fill(201));
      expect(made.at(-1)!.body.allowance.remainingThisMonth).toBe(0);
      const refused = await give();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('You have used your 10 gift links this month');
      const first = made[0]!.body.link;
      await request(monthly.app).delete(`/me/gift-links/${first._id}`).set(bearer(giver.token));
      expect((await give()).status).toBe(409);
      const listed = await request(monthly.app).get('/me/gift-links').set(bearer(giver.token));
      expect(listed.body.allowance).toEqual({ limit: 10, usedThisMonth: 10, remainingThisMonth: 0 });

      const saved = nowMs;
      nowMs = Date.UTC(2026, 3, 1, 0, 0, 1); // April 1st
      try {
        expect((await give()).status).toBe(201);
      } finally {
        nowMs = saved;
      }
    } finally {
      await monthly.close();
    }
  });
});

describe('concurrent gift link creations', () => {
  it("concurrent gift link creations never pass the month's 10", async () => {
    const racing = await makeTestApp({ clock });
    try {
      const giver = await signInAs(racing, { role: 'premium' });
      const gifted = await insertArticle(racing.store, { isPremium: 'Yes' });
      const give = () =>
        request(racing.app).post('/gift-links').set(bearer(giver.token)).send({ articleId: gifted._id });
      const made = await Promise.all(Array.from({ length: GIFT_LINKS_PER_MONTH + 2 }, give));
      expect(made.filter((r) => r.status === 201)).toHaveLength(GIFT_LINKS_PER_MONTH);
      expect(made.filter((r) => r.status === 409)).toHaveLength(2);
    } finally {
      await racing.close();
    }
  });
});

describe('opening a gift link', () => {
  it('reads in full signed out, says who gave it, and knows the browser again by its key', async () => {
    const { link } = (await create(premium)).body;
    const first = await open(link.token);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.body.article.articleDescription).toBe(article.articleDescription);
    expect(first.body.article.userInfo).not.toHaveProperty('email');
    expect(first.body.gift).toEqual({
      giftedBy: 'Priya Premium',
      expiresAt: new Date(nowMs + 7 * DAY).toISOString(),
    });
    expect(first.body.readerKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(first.body)).not.toContain('@');

    const again = await open(link.token, { readerKey: first.body.readerKey });
    expect(again.status).toBe(200);
    const listed = (await mine(premium)).body.links.find((l: { _id: string }) => l._id === link._id);
    expect(listed).toMatchObject({
      readers: 1,
      status: 'active',
      firstOpenedAt: new Date(nowMs).toISOString(),
    });
  });

  it('lets in 10 readers; the 11th gets the teaser, the first ten read on', async () => {
    const { link } = (await create(premium)).body;
    const keys: string[] = [];
    for (let i = 0; i < GIFT_LINK_READERS; i++) {
      const res = await open(link.token);
      expect(res.status).toBe(200);
      keys.push(res.body.readerKey);
    }
    const eleventh = await open(link.token);
    expect(eleventh.status).toBe(402);
    expect(eleventh.body).toMatchObject({
      needPremium: true,
      message: 'This gift link has reached its 10 readers',
      gift: { giftedBy: 'Priya Premium', refused: 'full' },
      teaser: { _id: article._id, articleTitle: 'The long read' },
    });
    expect(eleventh.body.teaser.articleDescription.length).toBeLessThanOrEqual(300);
    expect((await open(link.token, { readerKey: keys[0] })).status).toBe(200);
    // A signed-in reader is one more reader too.
    expect((await open(link.token, { who: reader })).status).toBe(402);
  });

  it('counts concurrent first opens on the server: never more than 10 readers', async () => {
    const { link } = (await create(premium)).body;
    const opened = await Promise.all(Array.from({ length: 15 }, () => open(link.token)));
    expect(opened.filter((r) => r.status === 200)).toHaveLength(GIFT_LINK_READERS);
    expect(opened.filter((r) => r.status === 402)).toHaveLength(5);
    const listed = (await mine(premium)).body.links.find((l: { _id: string }) => l._id === link._id);
    expect(listed).toMatchObject({ readers: 10, status: 'full' });
  });

  it('reads for 7 days from the first open, then gives the teaser', async () => {
    const { link } = (await create(premium)).body;
    const saved = nowMs;
    try {
      nowMs += 3 * DAY; // created, then first opened three days later
      const first = await open(link.token, { who: reader });
      expect(first.status).toBe(200);
      expect(first.body.readerKey).toBeNull();
      nowMs += 7 * DAY - 1;
      expect((await open(link.token, { who: reader })).status).toBe(200);
      nowMs += 1;
      const late = await open(link.token, { who: reader });
      expect(late.status).toBe(402);
      expect(late.body.gift.refused).toBe('expired');
      const listed = (await mine(premium)).body.links.find((l: { _id: string }) => l._id === link._id);
      expect(listed.status).toBe('expired');
    } finally {
      nowMs = saved;
    }
  });

  it('waits 30 days for its first open, then has expired unread', async () => {
    const giver = await signInAs(t, { role: 'premium' }); // the month's links of `premium` are counted
    const { link: opened } = (await create(giver)).body;
    const { link: unread } = (await create(giver)).body;
    const saved = nowMs;
    try {
      nowMs += 30 * DAY - 1;
      expect((await open(opened.token)).status).toBe(200);
      nowMs += 1;
      const late = await open(unread.token);
      expect(late.status).toBe(402);
      expect(late.body.gift.refused).toBe('expired');
      // The one opened in time reads on for its seven days.
      expect((await open(opened.token)).status).toBe(200);
      const listed = (await mine(giver)).body.links;
      expect(listed.find((l: { _id: string }) => l._id === unread._id)).toMatchObject({
        status: 'expired',
        readers: 0,
      });
      expect(listed.find((l: { _id: string }) => l._id === opened._id).status).toBe('active');
    } finally {
      nowMs = saved;
    }
  });

  it('never reads in full for crawlers, and refuses unknown tokens or another article', async () => {
    const { link } = (await create(premium)).body;
    const bot = await open(link.token, {
      ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot.status).toBe(402);
    expect(bot.body.gift.refused).toBe('crawler');
    expect(bot.body).not.toHaveProperty('article');
    expect((await mine(premium)).body.links.find((l: { _id: string }) => l._id === link._id).readers).toBe(0);

    expect((await open('A'.repeat(43))).status).toBe(404);
    const other = await insertArticle(t.store, { isPremium: 'Yes' });
    const wrongArticle = await request(t.app)
      .post('/gift-links/open')
      .send({ articleId: other._id, token: link.token });
    expect(wrongArticle.status).toBe(404);
    expect(wrongArticle.body.message).toBe('Gift link not found');
  });

  it('takes no seat for readers who may read the article anyway', async () => {
    const { link } = (await create(writer)).body;
    const admin = await signInAs(t, { role: 'admin' });
    for (const who of [premium, admin, writer]) {
      const res = await open(link.token, { who });
      expect(res.status).toBe(200);
      expect(res.body.article._id).toBe(article._id);
    }
    const listed = (await mine(writer)).body.links.find((l: { _id: string }) => l._id === link._id);
    expect(listed).toMatchObject({ readers: 0, status: 'unopened' });
  });
});

describe('revoking a gift link', () => {
  it("its creator revokes it from their list; its readers get the teaser; another's is 404", async () => {
    const { link } = (await create(premium)).body;
    const { readerKey } = (await open(link.token)).body;
    expect((await revoke(reader, link._id)).status).toBe(404);
    expect((await open(link.token, { readerKey })).status).toBe(200);

    const revoked = await revoke(premium, link._id);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      _id: link._id,
      status: 'revoked',
      revokedAt: new Date(nowMs).toISOString(),
    });
    expect((await revoke(premium, link._id)).body.status).toBe('revoked');

    const after = await open(link.token, { readerKey });
    expect(after.status).toBe(402);
    expect(after.body).toMatchObject({ message: 'This gift link was revoked', gift: { refused: 'revoked' } });
    expect(after.body).not.toHaveProperty('article');
    const listed = (await mine(premium)).body.links.find((l: { _id: string }) => l._id === link._id);
    expect(listed.status).toBe('revoked');
  });

  it('signed-out callers cannot create, list or revoke', async () => {
    expect((await request(t.app).post('/gift-links').send({ articleId: article._id })).status).toBe(401);
    expect((await request(t.app).get('/me/gift-links')).status).toBe(401);
    expect((await request(t.app).delete(`/me/gift-links/${article._id}`)).status).toBe(401);
  });
});

describe('opening gift links from one address', () => {
  it('is limited per IP: past the limit 429 with a message, and no seat is taken', async () => {
    const limited = await makeTestApp({
      clock,
      config: {
        rateLimits: {
          auth: { windowMs: 60_000, max: 1_000 },
          edits: { windowMs: 60_000, max: 1_000 },
          giftOpens: { windowMs: 60_000, max: 3 },
        },
      },
    });
    try {
      const giver = await signInAs(limited, { role: 'premium' });
      const gifted = await insertArticle(limited.store, { isPremium: 'Yes' });
      const made = await request(limited.app)
        .post('/gift-links')
        .set(bearer(giver.token))
        .send({ articleId: gifted._id });
      expect(made.status).toBe(201);
      const openIt = () =>
        request(limited.app)
          .post('/gift-links/open')
          .send({ articleId: gifted._id, token: made.body.link.token });
      for (let i = 0; i < 3; i++) expect((await openIt()).status).toBe(200);
      const refused = await openIt();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many requests, please try again later');
      const listed = await request(limited.app).get('/me/gift-links').set(bearer(giver.token));
      expect(listed.body.links[0].readers).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe("the creator's open tabs", () => {
  it('hear when a link lets in a new reader or is revoked; nobody else hears it', async () => {
    const { link } = (await create(premium)).body;
    const server = await listen(t.app);
    const own = await openSse(server.base, `/events?token=${premium.token}`);
    const other = await openSse(server.base, `/events?token=${writer.token}`);
    try {
      expect((await open(link.token, { who: reader })).status).toBe(200);
      const opened = await own.next((e) => e.data.type === 'gift.changed');
      expect(opened.data).toEqual({ type: 'gift.changed', reason: 'opened', own: true });

      expect((await revoke(premium, link._id)).status).toBe(200);
      const revoked = await own.next((e) => e.data.type === 'gift.changed' && e.data.reason === 'revoked');
      expect(revoked.data.own).toBe(true);
      expect(other.events.some((e) => e.data.type === 'gift.changed')).toBe(false);
    } finally {
      own.close();
      other.close();
      await server.close();
    }
  });
});

describe("a gift link's readers read the premium article's comments", () => {
  const comments = (query: string, who?: SignedIn, articleId = article._id) => {
    const call = request(t.app).get(`/articles/${articleId}/comments${query}`);
    return who ? call.set(bearer(who.token)) : call;
  };

  it('signed out with the key their open gave them, or signed in once let in; no one else, and never after revoking', async () => {
    const said = await request(t.app)
      .post(`/articles/${article._id}/comments`)
      .set(bearer(premium.token))
      .send({ body: 'Worth every minute' });
    expect(said.status).toBe(201);
    const link = (await create(premium)).body.link as { _id: string; token: string };
    const gift = `?gift=${link.token}`;

    // Before opening the link: the token alone lets no one in.
    expect((await comments(gift)).status).toBe(402);
    expect((await comments(gift, reader)).status).toBe(402);

    const { readerKey } = (await open(link.token)).body as { readerKey: string };
    const signedOut = await comments(`${gift}&readerKey=${readerKey}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.comments.map((c: { body: string }) => c.body)).toEqual(['Worth every minute']);
    // Without the key, with another browser's key, or on another article: 402 as before.
    expect((await comments(gift)).status).toBe(402);
    expect((await comments(`${gift}&readerKey=${'k'.repeat(43)}`)).status).toBe(402);
    const other = await insertArticle(t.store, { isPremium: 'Yes' });
    expect((await comments(`${gift}&readerKey=${readerKey}`, undefined, other._id)).status).toBe(402);

    expect((await open(link.token, { who: reader })).status).toBe(200);
    expect((await comments(gift, reader)).status).toBe(200);
    // Reading only: writing still needs premium.
    const reply = await request(t.app)
      .post(`/articles/${article._id}/comments`)
      .set(bearer(reader.token))
      .send({ body: 'Me too' });
    expect(reply.status).toBe(402);

    expect((await revoke(premium, link._id)).status).toBe(200);
    expect((await comments(`${gift}&readerKey=${readerKey}`)).status).toBe(402);
    expect((await comments(gift, reader)).status).toBe(402);
    // A malformed token is refused as input.
    expect((await comments('?gift=nope')).status).toBe(400);
  });
});
