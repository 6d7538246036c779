/**
 * Signed-out pages of an article's comments come from the app's answer cache (the bench's hot read),
 * and every change a signed-out visitor could see reaches them at once: a comment posted, edited,
 * pinned, hidden, restored or removed; an author renamed; a commenter's first approved article (their
 * writer link); the article made premium, declined or deleted. Signed-in answers are never cached.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { insertComment } from '../test/comment-fixtures.js';

let t: TestApp;
let reader: SignedIn;
let writer: SignedIn;
let admin: SignedIn;
let article: Article;

type Page = {
  commentCount: number;
  pinned: { _id: string } | null;
  comments: Array<{
    _id: string;
    body: string;
    edited: boolean;
    removed: boolean;
    author: { name: string; writerId: string | null } | null;
  }>;
};

beforeAll(async () => {
  const unlimited = { windowMs: 60_000, max: 100_000 };
  t = await makeTestApp({
    config: {
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  [reader, writer, admin] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { name: 'Wendy Writer' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  article = await insertArticle(t.store, {
    articleTitle: 'Town hall',
    userInfo: { name: 'Wendy Writer', image: '', email: writer.email },
  });
});

const post = async (who: SignedIn, body: string) => {
  const res = await request(t.app)
    .post(`/articles/${article._id}/comments`)
    .set(bearer(who.token))
    .send({ body });
  expect(res.status).toBe(201);
  return res.body as { _id: string };
};
const signedOut = async (query = ''): Promise<Page> => {
  const res = await request(t.app).get(`/articles/${article._id}/comments${query}`);
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.body as Page;
};
const bodies = (page: Page) => page.comments.map((c) => c.body);
const as = (who: SignedIn) => bearer(who.token);

describe('signed-out pages of comments, cached', () => {
  it('are answered from the cache: a comment written behind the app’s back shows only to the signed in', async () => {
    await post(reader, 'First');
    expect(bodies(await signedOut())).toEqual(['First']);
    // Straight into the database (not the tests' fixture store, which drops every cached answer), as
    // an operator would: no event, so the cached page stays.
    await insertComment(t.deps.store, {
      articleId: article._id,
      authorEmail: reader.email,
      body: 'Behind the app',
    });
    expect(bodies(await signedOut())).toEqual(['First']);
    const fresh = await request(t.app).get(`/articles/${article._id}/comments`).set(as(reader));
    expect(fresh.body.comments.map((c: { body: string }) => c.body)).toEqual(['Behind the app', 'First']);
    // Each page and order is its own answer.
    expect(bodies(await signedOut('?sort=oldest'))).toEqual(['First', 'Behind the app']);
  });

  it('a new, edited, pinned, hidden, restored or removed comment reaches them at once', async () => {
    const a = await post(reader, 'Good point');
    await signedOut('?sort=oldest');
    expect(bodies(await signedOut())).toEqual(['Good point']);

    const b = await post(writer, 'Thanks');
    expect(bodies(await signedOut())).toEqual(['Thanks', 'Good point']);
    expect(bodies(await signedOut('?sort=oldest'))).toEqual(['Good point', 'Thanks']);

    await request(t.app).patch(`/comments/${a._id}`).set(as(reader)).send({ body: 'Good point, edited' });
    expect((await signedOut()).comments[1]).toMatchObject({ body: 'Good point, edited', edited: true });

    await request(t.app).put(`/comments/${a._id}/pin`).set(as(writer)).expect(200);
    expect((await signedOut()).pinned?._id).toBe(a._id);
    await request(t.app).delete(`/comments/${a._id}/pin`).set(as(writer)).expect(200);
    expect((await signedOut()).pinned).toBeNull();

    await request(t.app).patch(`/admin/comments/${b._id}`).set(as(admin)).send({ hidden: true }).expect(200);
    expect(await signedOut()).toMatchObject({ commentCount: 1, comments: [{ _id: a._id }] });
    await request(t.app).patch(`/admin/comments/${b._id}`).set(as(admin)).send({ hidden: false }).expect(200);
    expect((await signedOut()).commentCount).toBe(2);

    await request(t.app).delete(`/comments/${b._id}`).set(as(writer)).expect(200);
    expect(bodies(await signedOut())).toEqual(['Good point, edited']);
  });

  it('an author renamed, or a commenter’s first approved article, shows on the cached pages', async () => {
    await post(reader, 'Hello');
    expect((await signedOut()).comments[0]!.author).toEqual(
      expect.objectContaining({ name: 'Rex Reader', writerId: null }),
    );
    await request(t.app)
      .patch(`/users/${encodeURIComponent(reader.email)}`)
      .set(as(reader))
      .send({ name: 'Rex Renamed' })
      .expect(200);
    expect((await signedOut()).comments[0]!.author?.name).toBe('Rex Renamed');

    const own = await insertArticle(t.store, {
      status: 'Pending',
      userInfo: { name: 'Rex Renamed', image: '', email: reader.email },
    });
    await request(t.app).patch(`/update/status/${own._id}`).set(as(admin)).expect(200);
    expect((await signedOut()).comments[0]!.author?.writerId).toEqual(expect.any(String));
  });

  it('an article made premium or deleted answers 402 or 404 at once, whatever was cached', async () => {
    await post(reader, 'Before the paywall');
    await signedOut();
    await request(t.app).patch(`/make-premium/${article._id}`).set(as(admin)).expect(200);
    const paid = await request(t.app).get(`/articles/${article._id}/comments`);
    expect(paid.status).toBe(402);
    expect(JSON.stringify(paid.body)).not.toContain('Before the paywall');

    const other = await insertArticle(t.store, {
      userInfo: { name: 'Wendy Writer', image: '', email: writer.email },
    });
    article = other;
    await post(reader, 'Soon gone');
    await signedOut();
    await request(t.app).delete(`/my-articles/${other._id}`).set(as(writer)).expect(200);
    expect((await request(t.app).get(`/articles/${other._id}/comments`)).status).toBe(404);
  });
});
