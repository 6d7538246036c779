import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../store/ids.js';
import { getArticle, insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { Article } from './types.js';

let t: TestApp;
let admin: SignedIn;
let premium: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, premium] = await Promise.all([signInAs(t, { role: 'admin' }), signInAs(t, { role: 'premium' })]);
  await insertPublisher(t.store, 'Daily Planet');
  await insertPublisher(t.store, 'Morning Star');
});
afterAll(async () => {
  await t.close();
});

const validPost = {
  title: 'A walk in the park',
  photoURL: 'https://example.test/park.jpg',
  publisher: 'Daily Planet',
  formatedTags: ['lifestyle', 'health'],
  description: 'Line one\nLine two',
};
/** `email`: the ?email= to send (default the caller's own; null sends none). */
const post = (who: SignedIn | null, body: unknown, email: string | null | undefined = who?.email) => {
  const req = request(t.app).post(`/articles${email == null ? '' : `?email=${encodeURIComponent(email)}`}`);
  return (who ? req.set(bearer(who.token)) : req).send(body as object);
};
const articlesOf = (email: string) =>
  t.store.collection<Article>('articles').find({ 'userInfo.email': email });
const allArticles = () => t.store.collection<Article>('articles').find({}, { sort: { _id: 1 } });

describe('POST /articles?email', () => {
  it('stores a Pending, non-premium article with the author taken from the account, not the body', async () => {
    const writer = await signInAs(t, { name: 'Wendy Writer' });
    const res = await post(writer, {
      ...validPost,
      formatedTags: ['Lifestyle', 'health', 'lifestyle'],
      userInfo: { email: 'someone-else@example.test', name: 'Impostor', image: 'https://evil.test/x.png' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Article added',
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const stored = await getArticle(t.store, res.body.insertedId);
    expect(stored).toMatchObject({
      articleTitle: 'A walk in the park',
      articleImage: 'https://example.test/park.jpg',
      articleDescription: 'Line one\nLine two',
      publisher: 'Daily Planet',
      Tags: ['lifestyle', 'health'],
      status: 'Pending',
      isPremium: 'No',
      totalViewCount: 0,
      decliningReason: null,
      userInfo: { email: writer.email, name: 'Wendy Writer', image: 'https://example.test/avatar.png' },
    });
    expect(new Date(stored!.createdAt).toISOString()).toBe(stored!.createdAt);
  });

  it('refuses an author without a name (400), never publishing their address as the byline', async () => {
    const writer = await signInAs(t, { name: 'Soon Nameless' });
    // As an account whose registration stopped after its session: a record without a name.
    await t.store.collection('users').updateOne({ email: writer.email }, { $set: { name: '' } });
    await t.store.collection('users').updateOne({ email: writer.email }, { $unset: { displayName: '' } });
    const res = await post(writer, validPost);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Add your name to your profile before posting an article');
    expect(await articlesOf(writer.email)).toHaveLength(0);
    // Older articles that kept the address as the name show no name anywhere public.
    const old = await insertArticle(t.store, {
      userInfo: { email: writer.email, name: writer.email, image: '' },
    });
    const lists = [
      (await request(t.app).get('/all-articles/approved?limit=50')).body as Article[],
      [(await request(t.app).get(`/articles/public/${old._id}`)).body as Article],
      [(await request(t.app).get(`/article/data/${old._id}`).set(bearer(premium.token))).body as Article],
    ];
    for (const list of lists) {
      const shown = list.find((a) => a._id === old._id);
      expect(shown?.userInfo.name).toBe('');
      expect(JSON.stringify(shown)).not.toContain(writer.email);
    }
  });

  it('caps the free plan at one article: the next answers 402 needPremium and stores nothing', async () => {
    const writer = await signInAs(t);
    expect((await post(writer, validPost)).status).toBe(201);
    const res = await post(writer, { ...validPost, title: 'Second' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ needPremium: true, message: 'You have reached maximum post of free plan' });
    expect(await articlesOf(writer.email)).toHaveLength(1);
  });

  it('counts every article ever posted: deleting the one article does not free the slot', async () => {
    const writer = await signInAs(t);
    const first = await post(writer, validPost);
    expect(first.status).toBe(201);
    const deleted = await request(t.app)
      .delete(`/my-articles/${first.body.insertedId}`)
      .set(bearer(writer.token));
    expect(deleted.status).toBe(200);
    expect(await articlesOf(writer.email)).toHaveLength(0);
    const again = await post(writer, { ...validPost, title: 'Reposted' });
    expect(again.status).toBe(402);
    expect(again.body).toEqual({ needPremium: true, message: 'You have reached maximum post of free plan' });
    expect(await articlesOf(writer.email)).toHaveLength(0);
    const stored = await t.store.collection('users').findOne({ email: writer.email });
    expect(stored?.postedCount).toBe(1);
    // Not part of the profile answer.
    const profile = await request(t.app).get(`/users/${writer.email}`).set(bearer(writer.token));
    expect(profile.body.postedCount).toBeUndefined();
  });

  it('a record from before postedCount existed starts from its existing articles', async () => {
    const writer = await signInAs(t);
    await insertArticle(t.store, { userInfo: { email: writer.email, name: 'W', image: '' } });
    await t.store.collection('users').updateOne({ email: writer.email }, { $unset: { postedCount: '' } });
    const res = await post(writer, validPost);
    expect(res.status).toBe(402);
    expect(await articlesOf(writer.email)).toHaveLength(1);
    expect((await t.store.collection('users').findOne({ email: writer.email }))?.postedCount).toBe(1);
  });

  it('posts made while premium count once the subscription is over', async () => {
    const writer = await signInAs(t, { role: 'premium' });
    expect((await post(writer, validPost)).status).toBe(201);
    await t.store
      .collection('users')
      .updateOne({ email: writer.email }, { $set: { premiumEndAt: '2000-01-01T00:00:00.000Z' } });
    expect((await post(writer, validPost)).status).toBe(402);
  });

  it('lets two simultaneous posts of a free user through only once', async () => {
    const writer = await signInAs(t);
    const [a, b] = await Promise.all([post(writer, validPost), post(writer, validPost)]);
    expect([a.status, b.status].sort()).toEqual([201, 402]);
    expect(await articlesOf(writer.email)).toHaveLength(1);
  });

  it('has no cap for premium users and admins', async () => {
    for (const who of [premium, admin]) {
      for (let i = 0; i < 3; i += 1)
        expect((await post(who, { ...validPost, title: `Post ${i}` })).status).toBe(201);
      expect(await articlesOf(who.email)).toHaveLength(3);
    }
  });

  it('refuses anonymous callers (401) and another user’s or a missing email (403)', async () => {
    const writer = await signInAs(t);
    const before = await allArticles();
    expect((await post(null, validPost, writer.email)).status).toBe(401);
    expect((await post(writer, validPost, admin.email)).status).toBe(403);
    expect((await post(writer, validPost, null)).status).toBe(403);
    expect(await allArticles()).toEqual(before);
  });

  it.each([
    ['a title over 150 characters', { title: 'x'.repeat(151) }],
    ['an empty title', { title: '   ' }],
    ['a description over 20 000 characters', { description: 'd'.repeat(20_001) }],
    ['no tags', { formatedTags: [] }],
    ['a tag outside the fifteen', { formatedTags: ['technology', 'weather'] }],
    ['an unknown publisher', { publisher: 'Nobody Times' }],
    ['a non-http image URL', { photoURL: 'ftp://example.test/a.jpg' }],
    ['a javascript: image URL', { photoURL: 'javascript:alert(1)' }],
    ['an operator object', { title: { $gt: '' } }],
    ['a field the API does not know', { status: 'Approved' }],
    ['a missing description', { description: undefined }],
  ])('answers 400 JSON for %s and stores nothing', async (_case, change) => {
    const writer = await signInAs(t);
    const before = await allArticles();
    const res = await post(writer, { ...validPost, ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.errors).toEqual(expect.any(Array));
    expect(await allArticles()).toEqual(before);
  });
});

describe('GET /articles/:email', () => {
  it('gives the author their own articles, email and declining reason included; admins may read them', async () => {
    const writer = await signInAs(t);
    await insertArticle(t.store, {
      articleTitle: 'Refused one',
      status: 'Declined',
      decliningReason: 'Off topic',
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    for (const who of [writer, admin]) {
      const res = await request(t.app)
        .get(`/articles/${encodeURIComponent(writer.email)}`)
        .set(bearer(who.token));
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({
        articleTitle: 'Refused one',
        decliningReason: 'Off topic',
        userInfo: { email: writer.email },
      });
    }
  });

  it('refuses another user (403) and anonymous callers (401)', async () => {
    const [writer, other] = await Promise.all([signInAs(t), signInAs(t)]);
    expect((await request(t.app).get(`/articles/${writer.email}`).set(bearer(other.token))).status).toBe(403);
    expect((await request(t.app).get(`/articles/${writer.email}`)).status).toBe(401);
  });
});

describe('PATCH /my-articles/update/:id', () => {
  const update = {
    title: 'Updated title',
    publisher: 'Morning Star',
    description: 'New text',
    formatedTags: ['art'],
  };
  const patch = (who: SignedIn | null, id: string, body: unknown) => {
    const req = request(t.app).patch(`/my-articles/update/${id}`);
    return (who ? req.set(bearer(who.token)) : req).send(body as object);
  };

  it('updates the owner’s article and sends it back to Pending', async () => {
    const writer = await signInAs(t);
    const a = await insertArticle(t.store, {
      status: 'Approved',
      isPremium: 'Yes',
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    const res = await patch(writer, a._id, { ...update, photoURL: 'https://example.test/new.jpg' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, article: { status: 'Pending' } });
    expect(await getArticle(t.store, a._id)).toMatchObject({
      articleTitle: 'Updated title',
      publisher: 'Morning Star',
      articleDescription: 'New text',
      Tags: ['art'],
      articleImage: 'https://example.test/new.jpg',
      status: 'Pending',
      isPremium: 'Yes',
      createdAt: a.createdAt,
    });
  });

  it('keeps tags and image when the update leaves them out', async () => {
    const writer = await signInAs(t);
    const a = await insertArticle(t.store, {
      Tags: ['food'],
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    const res = await patch(writer, a._id, { title: 'T', publisher: 'Daily Planet', description: 'D' });
    expect(res.status).toBe(200);
    expect(await getArticle(t.store, a._id)).toMatchObject({ Tags: ['food'], articleImage: a.articleImage });
  });

  it('refuses a declined article with 409 and changes nothing', async () => {
    const writer = await signInAs(t);
    const a = await insertArticle(t.store, {
      status: 'Declined',
      decliningReason: 'Spam',
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    const res = await patch(writer, a._id, update);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/declined/i);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('refuses other users and admins (403), anonymous callers (401), changing nothing', async () => {
    const [writer, other] = await Promise.all([signInAs(t), signInAs(t)]);
    const a = await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
    expect((await patch(other, a._id, update)).status).toBe(403);
    expect((await patch(admin, a._id, update)).status).toBe(403);
    expect((await patch(null, a._id, update)).status).toBe(401);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it.each([
    ['a missing title', { ...update, title: undefined }],
    ['an unknown publisher', { ...update, publisher: 'Nowhere' }],
    ['a bad tag', { ...update, formatedTags: ['nope'] }],
    ['a status field', { ...update, status: 'Approved' }],
    ['an operator object', { ...update, description: { $set: 'x' } }],
  ])('answers 400 for %s, changing nothing', async (_case, body) => {
    const writer = await signInAs(t);
    const a = await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
    const res = await patch(writer, a._id, body);
    expect(res.status).toBe(400);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const writer = await signInAs(t);
    expect((await patch(writer, '123', update)).status).toBe(400);
    expect((await patch(writer, newId(), update)).status).toBe(404);
  });
});

describe('DELETE /my-articles/:id', () => {
  const del = (who: SignedIn | null, id: string) => {
    const req = request(t.app).delete(`/my-articles/${id}`);
    return who ? req.set(bearer(who.token)) : req;
  };

  it('lets the owner delete, and an admin delete anyone’s', async () => {
    const writer = await signInAs(t);
    const own = await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
    const other = await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
    const res = await del(writer, own._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Article deleted', deletedCount: 1 });
    expect(await getArticle(t.store, own._id)).toBeNull();
    expect((await del(admin, other._id)).status).toBe(200);
    expect(await getArticle(t.store, other._id)).toBeNull();
  });

  it('removes the article from the public list at once', async () => {
    const writer = await signInAs(t);
    const a = await insertArticle(t.store, {
      articleTitle: 'Soon gone',
      publisher: 'Gone Press',
      userInfo: { name: 'W', image: '', email: writer.email },
    });
    const list = () => request(t.app).get('/all-articles/approved?publicationFiler=Gone%20Press');
    expect((await list()).body).toHaveLength(1);
    await del(writer, a._id);
    expect((await list()).body).toEqual([]);
  });

  it('refuses other users (403) and anonymous callers (401), changing nothing', async () => {
    const [writer, other] = await Promise.all([signInAs(t), signInAs(t)]);
    const a = await insertArticle(t.store, { userInfo: { name: 'W', image: '', email: writer.email } });
    expect((await del(other, a._id)).status).toBe(403);
    expect((await del(null, a._id)).status).toBe(401);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await del(admin, 'x'.repeat(24))).status).toBe(400);
    expect((await del(admin, newId())).status).toBe(404);
  });
});
