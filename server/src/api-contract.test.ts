/**
 * The cross-cutting rules of docs/api-contract.md ("Auth contract", "Who may call what", "Privacy") checked
 * on every protected route at once: 401 for a missing / garbage / expired / forged session, 403 for
 * another user or a non-admin, 400 for `$` objects, arrays, wrong types and malformed ids (params,
 * query and body), 404 for unknown ids, 413 for bodies over 100 kB, and JSON errors without stacks.
 * Each refusal is checked to change nothing in the store.
 */
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from './articles/types.js';
import { newId } from './store/ids.js';
import { insertArticle, insertPublisher } from './test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from './test/app.js';

let t: TestApp;
let admin: SignedIn;
let reader: SignedIn;
let other: SignedIn;
let premium: SignedIn;
let article: Article;
let premiumArticle: Article;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, reader, other, premium] = await Promise.all([
    signInAs(t, { role: 'admin' }),
    signInAs(t, { name: 'Rita Reader' }),
    signInAs(t),
    signInAs(t, { role: 'premium' }),
  ]);
  await insertPublisher(t.store, 'Daily Planet');
  const userInfo = { name: 'Rita Reader', image: 'https://example.test/r.png', email: reader.email };
  article = await insertArticle(t.store, { status: 'Pending', userInfo });
  premiumArticle = await insertArticle(t.store, { status: 'Approved', isPremium: 'Yes', userInfo });
  await insertArticle(t.store, { status: 'Approved', userInfo });
});
afterAll(async () => {
  await t.close();
});

type Method = 'get' | 'post' | 'patch' | 'delete';
interface Route {
  method: Method;
  /** Path with `:id` / `:email` placeholders filled by `path()`. */
  path: (p: { id: string; email: string }) => string;
  body?: Record<string, unknown>;
  /** Who is refused with 403: a non-admin (admin-only routes) or another user (self routes). */
  forbidden?: 'non-admin' | 'other-user';
}

const validPost = {
  title: 'T',
  photoURL: 'https://example.test/p.jpg',
  publisher: 'Daily Planet',
  formatedTags: ['art'],
  description: 'D',
};

/** Every route of the permission table that needs our session JWT. */
const protectedRoutes = (): Route[] => [
  { method: 'get', path: (p) => `/check/isAdmin?email=${p.email}`, forbidden: 'other-user' },
  { method: 'get', path: (p) => `/isPremium?email=${p.email}`, forbidden: 'other-user' },
  {
    method: 'patch',
    path: () => '/remove/subscription',
    body: { email: reader.email },
    forbidden: 'other-user',
  },
  { method: 'get', path: (p) => `/users/${p.email}`, forbidden: 'other-user' },
  { method: 'patch', path: (p) => `/users/${p.email}`, body: { name: 'X' }, forbidden: 'other-user' },
  { method: 'get', path: (p) => `/articles/${p.email}`, forbidden: 'other-user' },
  { method: 'post', path: (p) => `/articles?email=${p.email}`, body: validPost, forbidden: 'other-user' },
  {
    method: 'patch',
    path: (p) => `/my-articles/update/${p.id}`,
    body: { title: 'T', publisher: 'Daily Planet', description: 'D' },
    forbidden: 'other-user',
  },
  { method: 'delete', path: (p) => `/my-articles/${p.id}`, forbidden: 'other-user' },
  { method: 'get', path: (p) => `/article/data/${p.id}` },
  { method: 'patch', path: (p) => `/articles/view-count/${p.id}` },
  { method: 'get', path: () => '/premium/articles/only' },
  { method: 'get', path: () => '/all-users', forbidden: 'non-admin' },
  { method: 'get', path: () => '/all-articles/data', forbidden: 'non-admin' },
  { method: 'get', path: () => '/all-articles/counts', forbidden: 'non-admin' },
  { method: 'get', path: () => '/stats/publisher-views', forbidden: 'non-admin' },
  { method: 'get', path: () => '/admin/revenue', forbidden: 'non-admin' },
  { method: 'get', path: () => '/stats/my-article-views' },
  { method: 'get', path: () => '/me/posting' },
  { method: 'get', path: () => '/publisher/article/count', forbidden: 'non-admin' },
  { method: 'patch', path: (p) => `/make-admin/${p.id}`, forbidden: 'non-admin' },
  { method: 'patch', path: (p) => `/update/status/${p.id}`, forbidden: 'non-admin' },
  {
    method: 'patch',
    path: (p) => `/article/decline/${p.id}`,
    body: { decliningReason: 'r' },
    forbidden: 'non-admin',
  },
  { method: 'patch', path: (p) => `/make-premium/${p.id}`, forbidden: 'non-admin' },
  {
    method: 'post',
    path: () => '/add-publishers',
    body: { publisherName: 'New One', logo: 'https://example.test/l.png' },
    forbidden: 'non-admin',
  },
  { method: 'post', path: () => '/create-payment-intent', body: { amount: 5 } },
  {
    method: 'patch',
    path: () => '/make-premium-user',
    body: { email: reader.email, time: 60, paymentIntentId: 'pi_123' },
  },
];

const call = (
  route: Route,
  token: string | null,
  p = { id: article._id, email: reader.email },
  body = route.body,
) => {
  const req = request(t.app)[route.method](route.path(p));
  if (token) req.set('Authorization', token);
  return body ? req.send(body) : req;
};
const label = (r: Route) => `${r.method.toUpperCase()} ${r.path({ id: ':id', email: ':email' })}`;

/** Everything a refused call could have touched. */
const snapshot = async () =>
  JSON.stringify(
    await Promise.all(
      ['users', 'articles', 'publishers', 'payments', 'views'].map((c) =>
        // lastSeenAt: any authenticated call, even a refused one, marks the caller active.
        t.store.collection(c).find({}, { sort: { _id: 1 }, projection: { lastSeenAt: 0 } }),
      ),
    ),
  );

const expectJsonError = (res: request.Response, status: number, what: string) => {
  expect(res.status, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/application\/json/);
  expect(res.body.message, what).toEqual(expect.any(String));
  expect(res.text, what).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
};

describe('401 on every protected route', () => {
  it('without a session, with garbage, an expired, a forged, an unsigned or a Firebase token', async () => {
    const before = await snapshot();
    const claims = { uid: reader.uid, email: reader.email };
    const secret = t.deps.config.jwtSecret;
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, secret, {
      algorithm: 'HS256',
    });
    const forged = jwt.sign(claims, 'x'.repeat(64), { algorithm: 'HS256', expiresIn: 3600 });
    const unsigned = jwt.sign(claims, '', { algorithm: 'none' });
    const headers = [
      null,
      'Bearer',
      'Bearer garbage.token.here',
      `Basic ${reader.token}`,
      `Bearer ${expired}`,
      `Bearer ${forged}`,
      `Bearer ${unsigned}`,
      `Bearer ${reader.idToken}`, // a Firebase ID token is not our session
    ];
    for (const route of protectedRoutes()) {
      for (const header of headers) {
        expectJsonError(await call(route, header), 401, `${label(route)} with ${header?.slice(0, 20)}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('403 for another user or a non-admin', () => {
  it('on every route that belongs to one user or to admins, and nothing changes', async () => {
    const before = await snapshot();
    for (const route of protectedRoutes().filter((r) => r.forbidden)) {
      const res = await call(route, `Bearer ${other.token}`);
      expectJsonError(res, 403, label(route));
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('402 (never 401/403) for premium content asked for by a normal reader', () => {
  it('premium list, premium details and its view count', async () => {
    for (const path of ['/premium/articles/only', `/article/data/${premiumArticle._id}`]) {
      const res = await request(t.app).get(path).set(bearer(other.token));
      expectJsonError(res, 402, path);
      expect(res.body.needPremium).toBe(true);
    }
    const view = await request(t.app)
      .patch(`/articles/view-count/${premiumArticle._id}`)
      .set(bearer(other.token));
    expect(view.status).toBe(402);
    expect((await t.store.collection('articles').findOne({ _id: premiumArticle._id }))?.totalViewCount).toBe(
      0,
    );
  });
});

describe('400 for malformed ids, 404 for unknown ids', () => {
  const idRoutes = () => protectedRoutes().filter((r) => r.path({ id: 'ID', email: 'e' }).includes('ID'));

  it('malformed ids (as admin, so permission is not what refuses them)', async () => {
    const before = await snapshot();
    for (const route of idRoutes()) {
      for (const id of [
        '123',
        'zzzzzzzzzzzzzzzzzzzzzzzz',
        `${newId()}0`,
        '%24gt',
        article._id.toUpperCase(),
      ]) {
        const res = await call(route, `Bearer ${admin.token}`, { id, email: admin.email });
        expectJsonError(res, 400, `${label(route)} id=${id}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('unknown ids', async () => {
    for (const route of idRoutes()) {
      const res = await call(route, `Bearer ${admin.token}`, { id: newId(), email: admin.email });
      expectJsonError(res, 404, label(route));
    }
  });
});

describe('400 for operator objects, arrays and wrong types', () => {
  it('in bodies', async () => {
    const before = await snapshot();
    const bodyRoutes = protectedRoutes().filter((r) => r.body);
    for (const route of bodyRoutes) {
      const who = route.forbidden === 'non-admin' ? admin : reader;
      for (const [key, value] of Object.entries(route.body!)) {
        for (const bad of [{ $gt: '' }, { $ne: null }, [value], 12345, true, null]) {
          if (typeof value === 'number' && typeof bad === 'number') continue;
          const res = await call(route, `Bearer ${who.token}`, undefined, { ...route.body, [key]: bad });
          expectJsonError(res, 400, `${label(route)} ${key}=${JSON.stringify(bad)}`);
          expect(Array.isArray(res.body.errors), label(route)).toBe(true);
        }
      }
      // A body that is not an object at all, and keys the API does not know.
      for (const body of [[route.body], { ...route.body, $where: '1' }, { ...route.body, role: 'Admin' }]) {
        const res = await call(route, `Bearer ${who.token}`, undefined, body as Record<string, unknown>);
        expectJsonError(res, 400, `${label(route)} body=${JSON.stringify(body).slice(0, 60)}`);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('in queries: bracket operators, repeated keys and unknown keys', async () => {
    const queries: [string, SignedIn][] = [
      [`/check/isAdmin?email[$ne]=x`, reader],
      [`/check/isAdmin?email=${reader.email}&email=${admin.email}`, reader],
      [`/isPremium?email[$gt]=`, reader],
      [`/all-users?page[$gt]=0`, admin],
      [`/all-users?limit=5&limit=10`, admin],
      [`/all-articles/data?page=1&page=2`, admin],
      [`/all-articles/data?sort=-1`, admin],
      [`/all-articles/data?status[$ne]=Pending`, admin],
      [`/all-articles/data?status=Pending&status=Declined`, admin],
      [`/stats/my-article-views?days[$gt]=1`, reader],
      [`/stats/publisher-views?days=30&days=7`, admin],
      [`/premium/articles/only?limit[$gt]=0`, premium],
      [`/all-articles/approved?search[$regex]=.*`, reader],
      [`/all-articles/approved?search=a&search=b`, reader],
      [`/all-articles/approved?tags[$in]=art`, reader],
      [`/all-articles/approved?publicationFiler[$ne]=x`, reader],
      [`/all-articles/approved?status=Pending`, reader],
    ];
    for (const [path, who] of queries) {
      const res = await request(t.app).get(path).set(bearer(who.token));
      expectJsonError(res, 400, path);
    }
    const post = await request(t.app)
      .post(`/articles?email=${reader.email}&email=${other.email}`)
      .set(bearer(reader.token))
      .send(validPost);
    expect([400, 403]).toContain(post.status);
  });
});

describe('413 for bodies over 100 kB', () => {
  it('on every route that takes a body, before any work', async () => {
    const before = await snapshot();
    for (const route of protectedRoutes().filter((r) => r.body)) {
      const res = await call(route, `Bearer ${admin.token}`, undefined, {
        ...route.body,
        pad: 'x'.repeat(110_000),
      });
      expectJsonError(res, 413, label(route));
    }
    for (const path of ['/jwt', '/users', '/users/new']) {
      const res = await request(t.app)
        .post(path)
        .send({ email: reader.email, pad: 'x'.repeat(110_000) });
      expectJsonError(res, 413, path);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('privacy: public answers never carry the author email', () => {
  it('trending, approved list, premium list, details and the 402 teaser for non-owners', async () => {
    await request(t.app).patch(`/update/status/${article._id}`).set(bearer(admin.token)).expect(200);
    const answers = [
      await request(t.app).get('/articles/trending'),
      await request(t.app).get('/all-articles/approved'),
      await request(t.app).get('/premium/articles/only').set(bearer(premium.token)),
      await request(t.app).get(`/article/data/${article._id}`).set(bearer(other.token)),
      await request(t.app).get(`/article/data/${premiumArticle._id}`).set(bearer(premium.token)),
      await request(t.app).get(`/article/data/${premiumArticle._id}`).set(bearer(other.token)), // 402 teaser
    ];
    for (const res of answers) {
      expect(res.status === 200 || res.status === 402).toBe(true);
      expect(res.text).toContain('Rita Reader');
      expect(res.text).not.toContain(reader.email);
    }
    // The owner and admins do see it.
    for (const who of [reader, admin]) {
      const own = await request(t.app).get(`/article/data/${article._id}`).set(bearer(who.token));
      expect(own.body.userInfo.email).toBe(reader.email);
    }
  });
});

describe('errors are JSON without stack traces', () => {
  it('an internal failure answers 500 {message} only', async () => {
    const broken = await makeTestApp();
    const session = await signInAs(broken);
    await broken.store.close(); // every store call now fails
    try {
      for (const res of [
        await request(broken.app).get('/publisher-data'),
        await request(broken.app).get(`/users/${session.email}`).set(bearer(session.token)),
      ]) {
        expectJsonError(res, 500, 'store closed');
        expect(res.body).toEqual({ message: 'Internal server error' });
      }
    } finally {
      await broken.close();
    }
  });

  it('unknown routes and malformed JSON', async () => {
    expectJsonError(await request(t.app).get('/no-such-route'), 404, '404');
    const malformed = await request(t.app)
      .patch(`/users/${reader.email}`)
      .set(bearer(reader.token))
      .set('content-type', 'application/json')
      .send('{"name": ');
    expectJsonError(malformed, 400, 'malformed');
  });
});
