/**
 * What the moderation screens and Add Article read: the status filter of GET /all-articles/data,
 * the admin-only counts behind the pending badge, and GET /me/posting (the free plan's cap told
 * before the user writes).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { Article } from './types.js';

let t: TestApp;
let admin: SignedIn;
let reader: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, reader] = await Promise.all([signInAs(t, { role: 'admin' }), signInAs(t)]);
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, who: SignedIn | null) => {
  const req = request(t.app).get(path);
  return who ? req.set(bearer(who.token)) : req;
};
const titles = (res: request.Response) => (res.body.articles as Article[]).map((a) => a.articleTitle);

describe('GET /all-articles/data?status and GET /all-articles/counts', () => {
  beforeAll(async () => {
    // Dates interleave the statuses, so "Pending first" differs from "newest first".
    const plan = [
      ['P1', 'Pending'],
      ['A1', 'Approved'],
      ['D1', 'Declined'],
      ['P2', 'Pending'],
      ['A2', 'Accepted'],
      ['A3', 'Approved'],
      ['P3', 'Pending'],
      ['D2', 'Declined'],
    ] as const;
    for (const [i, [title, status]] of plan.entries()) {
      await insertArticle(t.store, {
        articleTitle: title,
        status,
        decliningReason: status === 'Declined' ? 'No' : null,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
    }
  });

  it('no status: Pending first, then everything decided, each newest first, across pages', async () => {
    const page1 = await get('/all-articles/data?limit=3', admin);
    expect(page1.status).toBe(200);
    expect(titles(page1)).toEqual(['P3', 'P2', 'P1']);
    expect(page1.body.totalPages).toBe(3);
    expect(titles(await get('/all-articles/data?limit=3&page=2', admin))).toEqual(['D2', 'A3', 'A2']);
    expect(titles(await get('/all-articles/data?limit=3&page=3', admin))).toEqual(['D1', 'A1']);
    // A page that straddles the two parts.
    expect(titles(await get('/all-articles/data?limit=5', admin))).toEqual(['P3', 'P2', 'P1', 'D2', 'A3']);
  });

  it('one status: only those, newest first; Approved includes the legacy Accepted', async () => {
    const pending = await get('/all-articles/data?status=Pending&limit=5', admin);
    expect(titles(pending)).toEqual(['P3', 'P2', 'P1']);
    expect(pending.body.totalPages).toBe(1);
    expect(titles(await get('/all-articles/data?status=Approved&limit=5', admin))).toEqual([
      'A3',
      'A2',
      'A1',
    ]);
    const declined = await get('/all-articles/data?status=Declined&limit=3&page=1', admin);
    expect(titles(declined)).toEqual(['D2', 'D1']);
    expect(declined.body.articles[0]).toMatchObject({ status: 'Declined', decliningReason: 'No' });
    expect((await get('/all-articles/data?status=Pending&limit=3&page=2', admin)).body).toEqual({
      articles: [],
      totalPages: 1,
    });
  });

  it('counts per status for the admin; a moderation moves an article between them', async () => {
    const before = await get('/all-articles/counts', admin);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      Pending: 3,
      Approved: 3,
      Declined: 2,
      'Changes requested': 0,
      Scheduled: 0,
      total: 8,
    });

    const pending = (await get('/all-articles/data?status=Pending&limit=3', admin)).body
      .articles as Article[];
    await request(t.app).patch(`/update/status/${pending[0]!._id}`).set(bearer(admin.token)).expect(200);
    expect((await get('/all-articles/counts', admin)).body).toEqual({
      Pending: 2,
      Approved: 4,
      Declined: 2,
      'Changes requested': 0,
      Scheduled: 0,
      total: 8,
    });
    expect(titles(await get('/all-articles/data?status=Pending&limit=5', admin))).toEqual(['P2', 'P1']);

    // Sent back to its writer: out of the queue, into its own filter, in "all" after the queue.
    await request(t.app)
      .patch(`/article/request-changes/${pending[1]!._id}`)
      .set(bearer(admin.token))
      .send({ reviewNote: 'Shorter' })
      .expect(200);
    expect((await get('/all-articles/counts', admin)).body).toMatchObject({
      Pending: 1,
      'Changes requested': 1,
      Scheduled: 0,
      total: 8,
    });
    expect(titles(await get('/all-articles/data?status=Changes%20requested&limit=5', admin))).toEqual([
      pending[1]!.articleTitle,
    ]);
    expect(titles(await get('/all-articles/data?limit=5', admin))[0]).toBe('P1');
  });

  it('401 anonymous, 403 for a non-admin', async () => {
    expect((await get('/all-articles/counts', null)).status).toBe(401);
    expect((await get('/all-articles/counts', reader)).status).toBe(403);
    expect((await get('/all-articles/data?status=Pending', reader)).status).toBe(403);
  });
});

describe('GET /me/posting', () => {
  const validPost = {
    title: 'My one free article',
    photoURL: 'https://example.test/p.jpg',
    publisher: 'Daily Planet',
    formatedTags: ['art'],
    description: 'Body',
  };
  const post = (who: SignedIn) =>
    request(t.app).post(`/articles?email=${who.email}`).set(bearer(who.token)).send(validPost);

  it('a free user may post once; after it (even once deleted) the answer says so before writing', async () => {
    const writer = await signInAs(t);
    const first = await get('/me/posting', writer);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ postedCount: 0, maxArticles: 1, canPost: true });

    const created = await post(writer);
    expect(created.status).toBe(201);
    expect((await get('/me/posting', writer)).body).toEqual({
      postedCount: 1,
      maxArticles: 1,
      canPost: false,
    });

    // The slot is not given back by deleting (the cap counts every article ever posted).
    await request(t.app)
      .delete(`/my-articles/${created.body.insertedId}`)
      .set(bearer(writer.token))
      .expect(200);
    expect((await get('/me/posting', writer)).body.canPost).toBe(false);
    // And the server agrees with what it said.
    expect((await post(writer)).status).toBe(402);
  });

  it('a record from before postedCount existed counts its articles', async () => {
    const writer = await signInAs(t);
    await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
    expect((await get('/me/posting', writer)).body).toEqual({
      postedCount: 1,
      maxArticles: 1,
      canPost: false,
    });
  });

  it('premium users and admins have no cap', async () => {
    const premium = await signInAs(t, { role: 'premium' });
    expect((await post(premium)).status).toBe(201);
    expect((await get('/me/posting', premium)).body).toEqual({
      postedCount: 1,
      maxArticles: null,
      canPost: true,
    });
    expect((await get('/me/posting', admin)).body).toMatchObject({ maxArticles: null, canPost: true });
  });

  it('401 without a session', async () => {
    expect((await get('/me/posting', null)).status).toBe(401);
  });
});
