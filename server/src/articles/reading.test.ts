/**
 * What to read next, as callers see it: a writer's public page, a reader's "For you" list and related
 * reading under an article (docs/decisions/follows-and-feed.md).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { publishArticle } from '../test/actions.js';
import type { Article } from './types.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const as = (who: SignedIn) => bearer(who.token);
/** A well-formed public id that no account has. */
const UNKNOWN_WRITER = 'A'.repeat(22);
/** The id of the page someone would have as a writer: their public id, which their profile shows them. */
const idOfUser = async (who: SignedIn) =>
  (await request(t.app).get(`/users/${who.email}`).set(as(who))).body.publicId as string;
const view = async (who: SignedIn, id: string) => {
  const res = await request(t.app).patch(`/articles/view-count/${id}`).set(as(who));
  expect(res.body.counted).toBe(true);
};
/** Every card of the caller's "For you", page after page. */
async function wholeFeed(who: SignedIn, limit = 3) {
  const cards: Array<{ _id: string; reason: string; articleTitle: string }> = [];
  for (let page = 1; page < 50; page++) {
    const res = await request(t.app).get(`/me/for-you?page=${page}&limit=${limit}`).set(as(who));
    expect(res.status).toBe(200);
    cards.push(...res.body.articles);
    if (!res.body.hasMore) return cards;
  }
  throw new Error('the feed never ended');
}
/** Articles one writer wrote (their e-mail in userInfo, as the service stores it). */
const by = (who: SignedIn, name = 'Wanda Writer') => ({
  userInfo: { name, image: 'https://example.test/w.png', email: who.email },
});

describe("a writer's public page", () => {
  it('shows name, photo, followers and approved articles a page at a time, never an e-mail', async () => {
    const writer = await signInAs(t, { name: 'Wanda Writer' });
    const fan = await signInAs(t);
    const writerId = await idOfUser(writer);
    const approved: Article[] = [];
    for (let i = 0; i < 4; i++)
      approved.push(await insertArticle(t.store, { ...by(writer), status: 'Approved' }));
    await insertArticle(t.store, { ...by(writer), status: 'Pending' });
    await insertArticle(t.store, { ...by(writer), status: 'Declined' });
    await request(t.app).post(`/follows/writers/${writerId}`).set(as(fan));

    const first = await request(t.app).get(`/writers/${writerId}?page=1&limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.writer).toEqual({
      _id: writerId,
      name: 'Wanda Writer',
      photoURL: 'https://example.test/avatar.png',
      followers: 1,
      articleCount: 4,
    });
    expect(first.body.totalPages).toBe(2);
    const newest = [...approved].reverse().map((a) => a._id);
    expect(first.body.articles.map((a: Article) => a._id)).toEqual(newest.slice(0, 3));
    const second = await request(t.app).get(`/writers/${writerId}?page=2&limit=3`);
    expect(second.body.articles.map((a: Article) => a._id)).toEqual(newest.slice(3));
    for (const res of [first, second]) {
      expect(res.text).not.toContain(writer.email);
      expect(res.text).not.toContain('@');
    }
  });

  it("article details name the writer's page by id, without their e-mail", async () => {
    const writer = await signInAs(t, { name: 'Wes Writer' });
    const article = await insertArticle(t.store, { ...by(writer, 'Wes Writer') });
    const res = await request(t.app)
      .get(`/article/data/${article._id}`)
      .set(as(await signInAs(t)));
    expect(res.status).toBe(200);
    expect(res.body.userInfo).toEqual({
      name: 'Wes Writer',
      image: 'https://example.test/w.png',
      writerId: await idOfUser(writer),
    });
    expect(res.text).not.toContain(writer.email);
  });

  describe('exists only for writers: anyone else is answered like an unknown id', () => {
    const unknownAnswer = async () => {
      const res = await request(t.app).get(`/writers/${UNKNOWN_WRITER}`);
      expect(res.status).toBe(404);
      return res;
    };
    const expectLikeUnknown = async (id: string) => {
      const [res, unknown] = await Promise.all([request(t.app).get(`/writers/${id}`), unknownAnswer()]);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
      expect(res.text).toBe(unknown.text);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
    };

    it('a reader who never published', async () => {
      const reader = await signInAs(t, { name: 'Quiet Reader' });
      await expectLikeUnknown(await idOfUser(reader));
    });

    it('an account whose only articles are pending or declined', async () => {
      const hopeful = await signInAs(t, { name: 'Hopeful Writer' });
      await insertArticle(t.store, { ...by(hopeful, 'Hopeful Writer'), status: 'Pending' });
      await insertArticle(t.store, { ...by(hopeful, 'Hopeful Writer'), status: 'Declined' });
      await expectLikeUnknown(await idOfUser(hopeful));
    });

    it('a writer with one approved article has a page', async () => {
      const writer = await signInAs(t, { name: 'Once Published' });
      await insertArticle(t.store, { ...by(writer, 'Once Published'), status: 'Pending' });
      const approved = await insertArticle(t.store, { ...by(writer, 'Once Published'), status: 'Approved' });
      const res = await request(t.app).get(`/writers/${await idOfUser(writer)}`);
      expect(res.status).toBe(200);
      expect(res.body.writer).toMatchObject({ name: 'Once Published', articleCount: 1 });
      expect(res.body.articles.map((a: Article) => a._id)).toEqual([approved._id]);
    });
  });

  it('is 404 for an unknown writer and 400 for a malformed id (an account id too) or page size', async () => {
    expect((await request(t.app).get(`/writers/${UNKNOWN_WRITER}`)).status).toBe(404);
    expect((await request(t.app).get('/writers/nope')).status).toBe(400);
    expect((await request(t.app).get(`/writers/${'f'.repeat(24)}`)).status).toBe(400);
    expect((await request(t.app).get(`/writers/${UNKNOWN_WRITER}?limit=7`)).status).toBe(400);
  });
});

describe("writers' public ids", () => {
  it('are not account ids and tell nothing of the order accounts were made in', async () => {
    const reader = await signInAs(t);
    const made: Array<{ publicId: string; accountId: string }> = [];
    for (let i = 0; i < 20; i++) {
      const name = `Serial Writer ${i}`;
      const writer = await signInAs(t, { name });
      const article = await insertArticle(t.store, { ...by(writer, name) });
      // The id the public sees: the article's writer link.
      const details = await request(t.app).get(`/article/data/${article._id}`).set(as(reader));
      const publicId = details.body.userInfo.writerId as string;
      const accountId = (await request(t.app).get(`/users/${writer.email}`).set(as(writer))).body
        ._id as string;
      made.push({ publicId, accountId });

      const page = await request(t.app).get(`/writers/${publicId}`);
      expect(page.status).toBe(200);
      expect(page.body.writer).toMatchObject({ _id: publicId, name });
      // The account id opens nothing.
      expect((await request(t.app).get(`/writers/${accountId}`)).status).not.toBe(200);
    }
    const publicIds = made.map((m) => m.publicId);
    const accountIds = made.map((m) => m.accountId);
    for (const { publicId, accountId } of made) {
      // 16 random bytes, base64url.
      expect(publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(publicId).not.toBe(accountId);
    }
    expect(new Set(publicIds).size).toBe(20);

    /** How many ids are greater than the one made just before. */
    const rises = (ids: string[]) => ids.slice(1).filter((id, i) => id > ids[i]!).length;
    // Account ids rise one after another (creation time, then a counter): the check can tell.
    expect(rises(accountIds)).toBe(19);
    // Random ids rise about half the time: all 19 (or none) has odds of 2 in 20! (~1e-18).
    expect(rises(publicIds)).toBeGreaterThan(0);
    expect(rises(publicIds)).toBeLessThan(19);
    // Nor do they share a leading run, as a creation-time prefix would (all alike: 64^-19).
    expect(new Set(publicIds.map((id) => id[0])).size).toBeGreaterThan(1);
  });
});

describe('"For you"', () => {
  it('lists followed publishers and writers first, then most-read tags, then trending; never what was read', async () => {
    const gazette = await insertPublisher(t.store, 'The Feed Gazette');
    const writer = await signInAs(t, { name: 'Wanda Writer' });
    const reader = await signInAs(t);
    const fromGazette = await insertArticle(t.store, { publisher: 'The Feed Gazette', Tags: ['art'] });
    // Following a writer needs them to be one: an approved article.
    const fromWriter = await insertArticle(t.store, { ...by(writer), Tags: ['art'] });
    await request(t.app).post(`/follows/publishers/${gazette._id}`).set(as(reader)).expect(200);
    await request(t.app)
      .post(`/follows/writers/${await idOfUser(writer)}`)
      .set(as(reader))
      .expect(200);

    const scienceOld = await insertArticle(t.store, { Tags: ['science'] });
    const readScience = await insertArticle(t.store, { Tags: ['science'] });
    const scienceNew = await insertArticle(t.store, { Tags: ['science', 'health'] });
    const pendingScience = await insertArticle(t.store, { Tags: ['science'], status: 'Pending' });
    const popular = await insertArticle(t.store, { Tags: ['food'], totalViewCount: 1_000_000 });
    await view(reader, readScience._id);

    const feed = await wholeFeed(reader);
    const ids = feed.map((c) => c._id);
    expect(ids.slice(0, 4)).toEqual([fromWriter._id, fromGazette._id, scienceNew._id, scienceOld._id]);
    expect(feed.slice(0, 4).map((c) => c.reason)).toEqual(['following', 'following', 'tags', 'tags']);
    expect(feed[4]).toMatchObject({ _id: popular._id, reason: 'trending' });
    expect(feed.slice(4).every((c) => c.reason === 'trending')).toBe(true);
    expect(ids).not.toContain(readScience._id);
    expect(ids).not.toContain(pendingScience._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(60);

    // Read now: gone from the next answer at once, although the list is kept for a minute.
    await view(reader, fromWriter._id);
    const after = (await wholeFeed(reader)).map((c) => c._id);
    expect(after[0]).toBe(fromGazette._id);
    expect(after).not.toContain(fromWriter._id);
  });

  it('pages never repeat an article, whatever the page size', async () => {
    const reader = await signInAs(t);
    const all = (await wholeFeed(reader, 50)).map((c) => c._id);
    expect(all.length).toBeGreaterThan(10);
    for (const limit of [3, 5, 10]) {
      const paged = (await wholeFeed(reader, limit)).map((c) => c._id);
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(paged.length);
    }
  });

  it('falls back to trending for a reader who follows nothing and has read nothing', async () => {
    const reader = await signInAs(t);
    const trending = await request(t.app).get('/articles/trending');
    const feed = await wholeFeed(reader, 10);
    expect(feed.every((c) => c.reason === 'trending')).toBe(true);
    expect(feed.slice(0, 6).map((c) => c._id)).toEqual(trending.body.map((a: Article) => a._id));
  });

  it("a new follow's articles lead the list at once", async () => {
    const reader = await signInAs(t);
    const bugle = await insertPublisher(t.store, 'The Feed Bugle');
    const story = await insertArticle(t.store, {
      publisher: 'The Feed Bugle',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    expect((await wholeFeed(reader, 50)).find((c) => c._id === story._id)?.reason).not.toBe('following');
    await request(t.app).post(`/follows/publishers/${bugle._id}`).set(as(reader)).expect(200);
    expect((await wholeFeed(reader, 50))[0]).toMatchObject({ _id: story._id, reason: 'following' });
  });

  it('newly approved articles of what the reader follows appear at once', async () => {
    const reader = await signInAs(t);
    await publishArticle(t, { title: 'Warm up' }); // makes the editor and the Daily Planet
    const planet = await t.store.collection('publishers').findOne({ publisherName: 'Daily Planet' });
    await request(t.app).post(`/follows/publishers/${planet!._id}`).set(as(reader)).expect(200);
    await wholeFeed(reader, 10);
    const id = await publishArticle(t, { title: 'Fresh from the Planet' });
    expect((await wholeFeed(reader, 10))[0]).toMatchObject({ _id: id, reason: 'following' });
  });

  it('needs a session and a page size of the list', async () => {
    expect((await request(t.app).get('/me/for-you')).status).toBe(401);
    const res = await request(t.app)
      .get('/me/for-you?limit=7')
      .set(as(await signInAs(t)));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('limit');
  });
});

describe('related reading', () => {
  it('up to 4 approved articles sharing most tags and the publisher, premium marked, never itself', async () => {
    await insertPublisher(t.store, 'Related Times');
    await insertPublisher(t.store, 'Other Times');
    const tags: Article['Tags'] = ['environment', 'travel'];
    const article = await insertArticle(t.store, { Tags: tags, publisher: 'Related Times' });
    const best = await insertArticle(t.store, { Tags: tags, publisher: 'Related Times' });
    const premium = await insertArticle(t.store, { Tags: tags, publisher: 'Other Times', isPremium: 'Yes' });
    const oneTag = await insertArticle(t.store, { Tags: ['travel'], publisher: 'Other Times' });
    const samePublisher = await insertArticle(t.store, { Tags: ['sports'], publisher: 'Related Times' });
    const older = await insertArticle(t.store, {
      Tags: ['environment'],
      publisher: 'Other Times',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    await insertArticle(t.store, { Tags: tags, publisher: 'Related Times', status: 'Pending' });
    await insertArticle(t.store, { Tags: tags, publisher: 'Related Times', status: 'Declined' });

    const res = await request(t.app).get(`/articles/related/${article._id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((a: Article) => a._id)).toEqual([
      best._id,
      premium._id,
      samePublisher._id,
      oneTag._id,
    ]);
    expect(res.body.map((a: Article) => a.isPremium)).toEqual(['No', 'Yes', 'No', 'No']);
    expect(res.body.every((a: { reason: string }) => a.reason === 'topic')).toBe(true);
    expect(res.body.map((a: Article) => a._id)).not.toContain(older._id);
    expect(res.text).not.toContain('@');
  });

  it('then what readers of the article also read', async () => {
    const article = await insertArticle(t.store, { Tags: ['fashion'], publisher: 'Lonely Press' });
    const alsoRead = await insertArticle(t.store, { Tags: ['finance'], publisher: 'Elsewhere' });
    const readOnce = await insertArticle(t.store, { Tags: ['business'], publisher: 'Elsewhere' });
    const [a, b] = [await signInAs(t), await signInAs(t)];
    for (const id of [article._id, alsoRead._id]) {
      await view(a, id);
      await view(b, id);
    }
    await view(a, readOnce._id);
    const res = await request(t.app).get(`/articles/related/${article._id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((x: { _id: string; reason: string }) => [x._id, x.reason])).toEqual([
      [alsoRead._id, 'alsoRead'],
      [readOnce._id, 'alsoRead'],
    ]);
  });

  it('is 404 for an article that is not approved or does not exist', async () => {
    const pending = await insertArticle(t.store, { status: 'Pending' });
    expect((await request(t.app).get(`/articles/related/${pending._id}`)).status).toBe(404);
    expect((await request(t.app).get(`/articles/related/${'f'.repeat(24)}`)).status).toBe(404);
    expect((await request(t.app).get('/articles/related/nope')).status).toBe(400);
  });
});
