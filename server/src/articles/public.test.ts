/** The public teaser and index of approved articles: what signed-out visitors and the site read. */
import request from 'supertest';
import { PUBLIC_ID_PATTERN } from '@newsroom/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../store/ids.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { Article } from './types.js';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await signInAs(t, { role: 'admin' });
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

const author = { name: 'Ada Author', image: 'https://example.test/ada.png', email: 'ada@example.test' };

describe('GET /articles/public/:id', () => {
  it('gives anyone, without a session, an approved article as a teaser: 300 characters, no email, no views', async () => {
    for (const isPremium of ['No', 'Yes'] as const) {
      const article = await insertArticle(t.store, {
        articleTitle: `Open ${isPremium}`,
        isPremium,
        userInfo: author,
        articleDescription: 'P'.repeat(900),
        totalViewCount: 42,
        Tags: ['science', 'health'],
      });
      const res = await request(t.app).get(`/articles/public/${article._id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        _id: article._id,
        articleTitle: `Open ${isPremium}`,
        articleImage: article.articleImage,
        articleDescription: 'P'.repeat(300),
        publisher: 'Daily Planet',
        Tags: ['science', 'health'],
        isPremium,
        createdAt: article.createdAt,
        userInfo: { name: 'Ada Author', image: 'https://example.test/ada.png' },
      });
      expect(res.headers['cache-control']).toBe('public, no-cache');
      const again = await request(t.app)
        .get(`/articles/public/${article._id}`)
        .set('If-None-Match', res.headers.etag as string);
      expect(again.status).toBe(304);
    }
  });

  it("names the writer's public id for the byline's link to their page, never their email", async () => {
    const writer = await signInAs(t, { name: 'Wanda Writer' });
    const article = await insertArticle(t.store, {
      isPremium: 'Yes',
      userInfo: { name: 'Wanda Writer', image: '', email: writer.email },
    });
    const { publicId } = (await request(t.app).get(`/users/${writer.email}`).set(bearer(writer.token)))
      .body as { publicId: string };
    expect(publicId).toMatch(PUBLIC_ID_PATTERN);

    const res = await request(t.app).get(`/articles/public/${article._id}`);
    expect(res.status).toBe(200);
    expect(res.body.userInfo).toEqual({ name: 'Wanda Writer', image: '', writerId: publicId });
    expect(res.text).not.toContain(writer.email);
  });

  it('answers 404 for unknown, pending and declined articles alike, 400 for a malformed id', async () => {
    const pending = await insertArticle(t.store, { status: 'Pending' });
    const declined = await insertArticle(t.store, { status: 'Declined', decliningReason: 'No' });
    for (const id of [newId(), pending._id, declined._id]) {
      const res = await request(t.app).get(`/articles/public/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Article not found' });
    }
    const bad = await request(t.app).get('/articles/public/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Malformed id');
  });

  it('follows moderation and edits at once: approved appears, an edit shows, a deletion disappears', async () => {
    const article = await insertArticle(t.store, { status: 'Pending', articleTitle: 'Before' });
    const get = () => request(t.app).get(`/articles/public/${article._id}`);
    expect((await get()).status).toBe(404);

    await request(t.app).patch(`/update/status/${article._id}`).set(bearer(admin.token)).expect(200);
    expect((await get()).body.articleTitle).toBe('Before');

    await t.store
      .collection<Article>('articles')
      .updateOne({ _id: article._id }, { $set: { articleTitle: 'After' } });
    expect((await get()).body.articleTitle).toBe('After');

    await request(t.app).delete(`/my-articles/${article._id}`).set(bearer(admin.token)).expect(200);
    expect((await get()).status).toBe(404);
  });
});

describe('GET /articles/public', () => {
  it('lists every approved article, newest first, with when it last changed, and nothing else', async () => {
    const edited = await insertArticle(t.store, { updatedAt: '2026-03-01T00:00:00.000Z' });
    const plain = await insertArticle(t.store);
    const pending = await insertArticle(t.store, { status: 'Pending' });

    const res = await request(t.app).get('/articles/public');
    expect(res.status).toBe(200);
    const entries = res.body as { _id: string; lastmod: string }[];
    const approved = await t.store
      .collection<Article>('articles')
      .find({ status: 'Approved' }, { sort: { createdAt: -1 } });
    expect(entries.map((e) => e._id)).toEqual(approved.map((a) => a._id));
    expect(entries.map((e) => e._id)).not.toContain(pending._id);
    expect(entries[0]).toEqual({ _id: plain._id, lastmod: plain.createdAt });
    expect(entries[1]).toEqual({ _id: edited._id, lastmod: '2026-03-01T00:00:00.000Z' });
    expect(Object.keys(entries[2]!).sort()).toEqual(['_id', 'lastmod']);
  });
});
