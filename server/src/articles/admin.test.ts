import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../store/ids.js';
import { getArticle, insertArticle } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { Article } from './types.js';

let t: TestApp;
let admin: SignedIn;
let reader: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, reader] = await Promise.all([signInAs(t, { role: 'admin' }), signInAs(t, { role: 'reader' })]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'get' | 'patch', path: string, who: SignedIn | null, body?: object) => {
  const req = request(t.app)[method](path);
  if (who) req.set(bearer(who.token));
  return body ? req.send(body) : req;
};

describe('GET /all-articles/data', () => {
  let created: Article[];
  beforeAll(async () => {
    created = [];
    for (let i = 0; i < 12; i += 1) {
      created.push(
        await insertArticle(t.store, {
          articleTitle: `Paged ${i}`,
          status: (['Pending', 'Approved', 'Declined'] as const)[i % 3],
          articleDescription: 'p'.repeat(1000),
          createdAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
        }),
      );
    }
  });

  it('pages every article, Pending first, each part newest first, 5 by default, with totalPages and the author email', async () => {
    const res = await call('get', '/all-articles/data', admin);
    expect(res.status).toBe(200);
    expect(res.body.totalPages).toBe(3);
    expect(res.body.articles.map((a: Article) => a.articleTitle)).toEqual([
      'Paged 9',
      'Paged 6',
      'Paged 3',
      'Paged 0',
      'Paged 11',
    ]);
    expect(res.body.articles[0].userInfo.email).toBe('author@example.test');
    expect(res.body.articles[0].articleDescription).toHaveLength(300);
  });

  it('honours limit and a 1-based page', async () => {
    const res = await call('get', '/all-articles/data?limit=3&page=4', admin);
    expect(res.body.totalPages).toBe(4);
    expect(res.body.articles.map((a: Article) => a.articleTitle)).toEqual(['Paged 4', 'Paged 2', 'Paged 1']);
    const beyond = await call('get', '/all-articles/data?limit=50&page=2', admin);
    expect(beyond.body).toEqual({ articles: [], totalPages: 1 });
  });

  it.each([
    'limit=4',
    'limit=100',
    'limit=abc',
    'page=0',
    'page=-1',
    'page=1.5',
    'page=x',
    'limit=5&limit=10',
    'sort=title',
    'status=Accepted',
    'status=pending',
    'status=Pending&status=Declined',
    'status[$ne]=Pending',
  ])('answers 400 JSON for ?%s', async (query) => {
    const res = await call('get', `/all-articles/data?${query}`, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    expect((await call('get', '/all-articles/data', null)).status).toBe(401);
    expect((await call('get', '/all-articles/data', reader)).status).toBe(403);
  });
});

describe('PATCH /update/status/:id (approve)', () => {
  it('approves a Pending article, which then shows in the public list', async () => {
    const a = await insertArticle(t.store, { status: 'Pending', publisher: 'Approve Press' });
    const list = () => request(t.app).get('/all-articles/approved?publicationFiler=Approve%20Press');
    expect((await list()).body).toEqual([]);
    const res = await call('patch', `/update/status/${a._id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, article: { _id: a._id, status: 'Approved' } });
    expect((await getArticle(t.store, a._id))?.status).toBe('Approved');
    expect((await list()).body.map((c: Article) => c._id)).toEqual([a._id]);
  });

  it.each(['Approved', 'Declined', 'Accepted'] as const)(
    'refuses an article already %s with 409, unchanged',
    async (status) => {
      const a = await insertArticle(t.store, {
        status,
        decliningReason: status === 'Declined' ? 'Why' : null,
      });
      const res = await call('patch', `/update/status/${a._id}`, admin);
      expect(res.status).toBe(409);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await getArticle(t.store, a._id)).toEqual(a);
    },
  );

  it('refuses non-admins (403) and anonymous callers (401), unchanged', async () => {
    const a = await insertArticle(t.store, { status: 'Pending' });
    expect((await call('patch', `/update/status/${a._id}`, reader)).status).toBe(403);
    expect((await call('patch', `/update/status/${a._id}`, null)).status).toBe(401);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call('patch', '/update/status/abc', admin)).status).toBe(400);
    expect((await call('patch', `/update/status/${newId()}`, admin)).status).toBe(404);
  });
});

describe('PATCH /article/decline/:id', () => {
  it('declines a Pending article with its reason', async () => {
    const a = await insertArticle(t.store, { status: 'Pending' });
    const res = await call('patch', `/article/decline/${a._id}`, admin, { decliningReason: '  Not news  ' });
    expect(res.status).toBe(200);
    expect(res.body.article).toMatchObject({ status: 'Declined', decliningReason: 'Not news' });
    expect(await getArticle(t.store, a._id)).toMatchObject({
      status: 'Declined',
      decliningReason: 'Not news',
    });
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['an empty reason', { decliningReason: '   ' }],
    ['a reason over 500 characters', { decliningReason: 'r'.repeat(501) }],
    ['an operator object', { decliningReason: { $set: 'x' } }],
    ['an extra field', { decliningReason: 'ok', status: 'Approved' }],
  ])('answers 400 for %s, unchanged', async (_case, body) => {
    const a = await insertArticle(t.store, { status: 'Pending' });
    const res = await call('patch', `/article/decline/${a._id}`, admin, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it.each(['Approved', 'Declined'] as const)(
    'refuses an article already %s with 409, unchanged',
    async (status) => {
      const a = await insertArticle(t.store, {
        status,
        decliningReason: status === 'Declined' ? 'Earlier' : null,
      });
      const res = await call('patch', `/article/decline/${a._id}`, admin, { decliningReason: 'Again' });
      expect(res.status).toBe(409);
      expect(await getArticle(t.store, a._id)).toEqual(a);
    },
  );

  it('refuses non-admins (403) and anonymous callers (401), unchanged', async () => {
    const a = await insertArticle(t.store, { status: 'Pending' });
    expect((await call('patch', `/article/decline/${a._id}`, reader, { decliningReason: 'x' })).status).toBe(
      403,
    );
    expect((await call('patch', `/article/decline/${a._id}`, null, { decliningReason: 'x' })).status).toBe(
      401,
    );
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call('patch', '/article/decline/1', admin, { decliningReason: 'x' })).status).toBe(400);
    expect((await call('patch', `/article/decline/${newId()}`, admin, { decliningReason: 'x' })).status).toBe(
      404,
    );
  });
});

describe('PATCH /make-premium/:id', () => {
  it.each(['Pending', 'Approved'] as const)('makes a %s article premium', async (status) => {
    const a = await insertArticle(t.store, { status });
    const res = await call('patch', `/make-premium/${a._id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ modifiedCount: 1, article: { isPremium: 'Yes', status } });
    expect((await getArticle(t.store, a._id))?.isPremium).toBe('Yes');
  });

  it('answers 200 with modifiedCount 0 when already premium', async () => {
    const a = await insertArticle(t.store, { isPremium: 'Yes' });
    const res = await call('patch', `/make-premium/${a._id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.modifiedCount).toBe(0);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('refuses a Declined article with 409, unchanged', async () => {
    const a = await insertArticle(t.store, { status: 'Declined', decliningReason: 'No' });
    expect((await call('patch', `/make-premium/${a._id}`, admin)).status).toBe(409);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('moves an approved article into the premium list at once', async () => {
    const premiumUser = await signInAs(t, { role: 'premium' });
    const a = await insertArticle(t.store, {
      articleTitle: 'Now premium',
      createdAt: '2099-01-01T00:00:00.000Z',
    });
    const list = () => request(t.app).get('/premium/articles/only').set(bearer(premiumUser.token));
    expect((await list()).body.map((c: Article) => c._id)).not.toContain(a._id);
    await call('patch', `/make-premium/${a._id}`, admin);
    expect((await list()).body[0]._id).toBe(a._id);
  });

  it('refuses non-admins (403) and anonymous callers (401), unchanged', async () => {
    const a = await insertArticle(t.store);
    expect((await call('patch', `/make-premium/${a._id}`, reader)).status).toBe(403);
    expect((await call('patch', `/make-premium/${a._id}`, null)).status).toBe(401);
    expect(await getArticle(t.store, a._id)).toEqual(a);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call('patch', '/make-premium/%24gt', admin)).status).toBe(400);
    expect((await call('patch', `/make-premium/${newId()}`, admin)).status).toBe(404);
  });
});

describe('concurrent moderation (no lost update)', () => {
  it('an approve and a decline at once: exactly one wins, the other answers 409, and the stored state is the winner’s', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await insertArticle(t.store, { status: 'Pending' });
      const [approve, decline] = await Promise.all([
        call('patch', `/update/status/${a._id}`, admin),
        call('patch', `/article/decline/${a._id}`, admin, { decliningReason: 'Off topic' }),
      ]);
      expect([approve.status, decline.status].sort()).toEqual([200, 409]);
      const stored = await getArticle(t.store, a._id);
      if (approve.status === 200) expect(stored).toMatchObject({ status: 'Approved', decliningReason: null });
      else expect(stored).toMatchObject({ status: 'Declined', decliningReason: 'Off topic' });
    }
  });

  it('views by many readers at once are all counted', async () => {
    const a = await insertArticle(t.store, { status: 'Approved', totalViewCount: 0 });
    const readers = await Promise.all(Array.from({ length: 6 }, () => signInAs(t)));
    const results = await Promise.all(
      readers.map((r) => request(t.app).patch(`/articles/view-count/${a._id}`).set(bearer(r.token))),
    );
    expect(results.every((r) => r.status === 200 && r.body.counted === true)).toBe(true);
    expect((await getArticle(t.store, a._id))?.totalViewCount).toBe(6);
  });
});
