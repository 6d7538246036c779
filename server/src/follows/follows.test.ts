/** Following publishers and writers (docs/decisions/follows-and-feed.md), as a caller sees it. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';

let t: TestApp;
let reader: SignedIn;
let writer: SignedIn;
let writerId: string;
let publisherId: string;

/** The id a writer's page and follows use. */
const idOf = async (who: SignedIn): Promise<string> =>
  (await request(t.app).get(`/users/${who.email}`).set(bearer(who.token))).body.publicId;

beforeAll(async () => {
  t = await makeTestApp();
  [reader, writer] = await Promise.all([signInAs(t), signInAs(t, { name: 'Wanda Writer' })]);
  // A writer: one approved article.
  await insertArticle(t.store, { userInfo: { name: 'Wanda Writer', image: '', email: writer.email } });
  writerId = await idOf(writer);
  publisherId = (await insertPublisher(t.store, 'The Gazette', 'https://example.test/gazette.png'))._id;
});
afterAll(async () => {
  await t.close();
});

const follow = (who: SignedIn, kind: string, id: string) =>
  request(t.app).post(`/follows/${kind}/${id}`).set(bearer(who.token));
const unfollow = (who: SignedIn, kind: string, id: string) =>
  request(t.app).delete(`/follows/${kind}/${id}`).set(bearer(who.token));
const myFollows = (who: SignedIn) => request(t.app).get('/me/follows').set(bearer(who.token));

describe('following a publisher', () => {
  it('is idempotent both ways and shows in what the reader follows', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await follow(reader, 'publishers', publisherId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ following: true, followers: 1 });
    }
    expect((await myFollows(reader)).body).toEqual({
      publishers: [
        { _id: publisherId, publisherName: 'The Gazette', logo: 'https://example.test/gazette.png' },
      ],
      writers: [],
    });

    for (let i = 0; i < 2; i++) {
      const res = await unfollow(reader, 'publishers', publisherId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ following: false, followers: 0 });
    }
    expect((await myFollows(reader)).body).toEqual({ publishers: [], writers: [] });
  });
});

describe('following a writer', () => {
  it("by their public id: the writer's statistics count the follower, and no e-mail is answered", async () => {
    const res = await follow(reader, 'writers', writerId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ following: true, followers: 1 });
    expect((await follow(reader, 'writers', writerId)).body).toEqual({ following: true, followers: 1 });

    const listed = await myFollows(reader);
    expect(listed.body).toEqual({
      publishers: [],
      writers: [{ _id: writerId, name: 'Wanda Writer', photoURL: 'https://example.test/avatar.png' }],
    });
    expect(listed.text).not.toContain('@');

    const stats = await request(t.app).get('/stats/my-article-views?days=7').set(bearer(writer.token));
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ followers: 1, articles: [] });
    expect(stats.body.days).toHaveLength(7);

    await unfollow(reader, 'writers', writerId);
    const after = await request(t.app).get('/stats/my-article-views?days=7').set(bearer(writer.token));
    expect(after.body.followers).toBe(0);
  });

  it('refuses to let a writer follow themselves', async () => {
    const res = await follow(writer, 'writers', writerId);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You cannot follow yourself');
    expect((await myFollows(writer)).body.writers).toEqual([]);
  });
});

describe('refusals', () => {
  it('unknown publishers and writers are 404, malformed ids 400', async () => {
    for (const kind of ['publishers', 'writers']) {
      // Well-formed: a publisher's id, a writer's public id.
      const unknown = kind === 'publishers' ? 'f'.repeat(24) : 'A'.repeat(22);
      const res = await follow(reader, kind, unknown);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        message: kind === 'publishers' ? 'Publisher not found' : 'Writer not found',
      });
      expect((await unfollow(reader, kind, unknown)).status).toBe(404);
      const malformed = await follow(reader, kind, 'nope');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe('Malformed id');
    }
    // A publisher's id is not a writer's, nor is an account's id.
    expect((await follow(reader, 'writers', publisherId)).status).toBe(400);
    const accountId = (await request(t.app).get(`/users/${writer.email}`).set(bearer(writer.token))).body._id;
    expect((await follow(reader, 'writers', accountId)).status).toBe(400);
  });

  it('an account without an approved article is not a writer: following it is 404 like an unknown id', async () => {
    const unknown = await follow(reader, 'writers', 'A'.repeat(22));
    const quiet = await signInAs(t);
    const hopeful = await signInAs(t);
    await insertArticle(t.store, {
      status: 'Pending',
      userInfo: { name: 'H', image: '', email: hopeful.email },
    });
    for (const who of [quiet, hopeful]) {
      const res = await follow(reader, 'writers', await idOf(who));
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
      expect((await unfollow(reader, 'writers', await idOf(who))).body).toEqual(unknown.body);
    }
    expect((await myFollows(reader)).body.writers).toEqual([]);
  });

  it('a followed writer who is no longer one (their article withdrawn) can still be unfollowed', async () => {
    const fleeting = await signInAs(t, { name: 'Fleeting Writer' });
    const article = await insertArticle(t.store, {
      userInfo: { name: 'Fleeting Writer', image: '', email: fleeting.email },
    });
    const id = await idOf(fleeting);
    expect((await follow(reader, 'writers', id)).body).toEqual({ following: true, followers: 1 });
    await t.store.collection('articles').deleteOne({ _id: article._id });

    expect((await follow(reader, 'writers', id)).status).toBe(404);
    const res = await unfollow(reader, 'writers', id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ following: false, followers: 0 });
    expect((await myFollows(reader)).body.writers).toEqual([]);
  });

  it('signed-out callers are 401 and nothing is followed', async () => {
    expect((await request(t.app).post(`/follows/publishers/${publisherId}`)).status).toBe(401);
    expect((await request(t.app).delete(`/follows/writers/${writerId}`)).status).toBe(401);
    expect((await request(t.app).get('/me/follows')).status).toBe(401);
    expect((await follow(reader, 'publishers', publisherId)).body.followers).toBe(1);
    await unfollow(reader, 'publishers', publisherId);
  });

  it('follows are rate-limited per user like other writes', async () => {
    const limited = await makeTestApp({
      config: { rateLimits: { ...t.deps.config.rateLimits, follows: { windowMs: 60_000, max: 2 } } },
    });
    try {
      const someone = await signInAs(limited);
      const id = (await insertPublisher(limited.store, 'The Bugle'))._id;
      const call = () => request(limited.app).post(`/follows/publishers/${id}`).set(bearer(someone.token));
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many follows, please slow down');
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
