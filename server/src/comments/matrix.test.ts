/**
 * The comment routes' authorization matrix (docs/decisions/comments.md): every route, for a free and a
 * premium article, against each kind of caller; each cell is one asserted status.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { insertComment } from '../test/comment-fixtures.js';

const ROLES = [
  'anonymous',
  'reader',
  'another reader',
  'premium',
  'writer',
  'editor',
  'admin',
  'banned',
] as const;
type Role = (typeof ROLES)[number];
type Row = Record<Role, number>;

let t: TestApp;
const who = {} as Record<Exclude<Role, 'anonymous'>, SignedIn>;
const articles = {} as Record<'free' | 'premium', Article>;
let sequence = 0;

beforeAll(async () => {
  const unlimited = { windowMs: 60_000, max: 100_000 };
  t = await makeTestApp({
    config: {
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  const [reader, other, premium, writer, editor, admin, banned] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { name: 'Olga Other' }),
    signInAs(t, { role: 'premium', name: 'Priya Premium' }),
    signInAs(t, { name: 'Wendy Writer' }),
    signInAs(t, { role: 'editor', name: 'Eddie Editor' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
    signInAs(t, { name: 'Bob Banned' }),
  ]);
  Object.assign(who, { reader, 'another reader': other, premium, writer, editor, admin, banned });
  const userInfo = { name: 'Wendy Writer', image: '', email: writer.email };
  articles.free = await insertArticle(t.store, { userInfo });
  articles.premium = await insertArticle(t.store, { userInfo, isPremium: 'Yes' });
  const bannedId = (await request(t.app).get(`/users/${banned.email}`).set(bearer(banned.token))).body._id;
  const ban = await request(t.app)
    .put(`/admin/comment-bans/${bannedId}`)
    .set(bearer(admin.token))
    .send({ reason: 'Spam' });
  expect(ban.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const as = (role: Role, call: request.Test) =>
  role === 'anonymous' ? call : call.set(bearer(who[role].token));
/** A fresh comment on the article by its commenter (the reader on the free one, premium on the other). */
const comment = async (kind: 'free' | 'premium') =>
  (
    await insertComment(t.store, {
      articleId: articles[kind]._id,
      authorEmail: (kind === 'free' ? who.reader : who.premium).email,
    })
  )._id;
const text = () => ({ body: `Cell ${++sequence}` });

const routes: Record<string, (kind: 'free' | 'premium', role: Role) => Promise<request.Response>> = {
  'GET /articles/:id/comments': async (kind, role) =>
    as(role, request(t.app).get(`/articles/${articles[kind]._id}/comments`)),
  'POST /articles/:id/comments': async (kind, role) =>
    as(role, request(t.app).post(`/articles/${articles[kind]._id}/comments`)).send(text()),
  'PATCH /comments/:id': async (kind, role) =>
    as(role, request(t.app).patch(`/comments/${await comment(kind)}`)).send(text()),
  'DELETE /comments/:id': async (kind, role) =>
    as(role, request(t.app).delete(`/comments/${await comment(kind)}`)),
  'PUT /comments/:id/pin': async (kind, role) =>
    as(role, request(t.app).put(`/comments/${await comment(kind)}/pin`)),
  'DELETE /comments/:id/pin': async (kind, role) =>
    as(role, request(t.app).delete(`/comments/${await comment(kind)}/pin`)),
  'POST /comments/:id/reports': async (kind, role) =>
    as(role, request(t.app).post(`/comments/${await comment(kind)}/reports`)).send({ reason: 'spam' }),
  'GET /admin/comments': async (_kind, role) => as(role, request(t.app).get('/admin/comments')),
  'GET /admin/comments/counts': async (_kind, role) => as(role, request(t.app).get('/admin/comments/counts')),
  'PATCH /admin/comments/:id': async (kind, role) =>
    as(role, request(t.app).patch(`/admin/comments/${await comment(kind)}`)).send({ hidden: true }),
  'PUT /admin/comment-bans/:id': async (_kind, role) => {
    const target = await signInAs(t);
    const id = (await request(t.app).get(`/users/${target.email}`).set(bearer(target.token))).body._id;
    return as(role, request(t.app).put(`/admin/comment-bans/${id}`)).send({ reason: 'Spam' });
  },
};

const row = (
  anonymous: number,
  reader: number,
  other: number,
  premium: number,
  writer: number,
  editor: number,
  admin: number,
  banned: number,
): Row => ({
  anonymous,
  reader,
  'another reader': other,
  premium,
  writer,
  editor,
  admin,
  banned,
});
// Editors moderate articles, not comments (docs/roles.md); they read every article, so its comments.
const adminOnly = row(401, 403, 403, 403, 403, 403, 200, 403);

// The free article's comment is the reader's; the premium article's is the premium reader's.
const MATRIX: Record<'free' | 'premium', Record<string, Row>> = {
  free: {
    'GET /articles/:id/comments': row(200, 200, 200, 200, 200, 200, 200, 200),
    'POST /articles/:id/comments': row(401, 201, 201, 201, 201, 201, 201, 409),
    'PATCH /comments/:id': row(401, 200, 403, 403, 403, 403, 403, 403),
    'DELETE /comments/:id': row(401, 200, 403, 403, 403, 403, 200, 403),
    'PUT /comments/:id/pin': row(401, 403, 403, 403, 200, 403, 200, 403),
    'DELETE /comments/:id/pin': row(401, 403, 403, 403, 200, 403, 200, 403),
    'POST /comments/:id/reports': row(401, 409, 200, 200, 200, 200, 200, 200),
    'GET /admin/comments': adminOnly,
    'GET /admin/comments/counts': adminOnly,
    'PATCH /admin/comments/:id': adminOnly,
    'PUT /admin/comment-bans/:id': adminOnly,
  },
  premium: {
    'GET /articles/:id/comments': row(402, 402, 402, 200, 200, 200, 200, 402),
    'POST /articles/:id/comments': row(401, 402, 402, 201, 201, 201, 201, 402),
    'PATCH /comments/:id': row(401, 402, 402, 200, 403, 403, 403, 402),
    'DELETE /comments/:id': row(401, 402, 402, 200, 403, 403, 200, 402),
    'PUT /comments/:id/pin': row(401, 402, 402, 403, 200, 403, 200, 402),
    'DELETE /comments/:id/pin': row(401, 402, 402, 403, 200, 403, 200, 402),
    'POST /comments/:id/reports': row(401, 402, 402, 409, 200, 200, 200, 402),
    'PATCH /admin/comments/:id': adminOnly,
  },
};

for (const kind of ['free', 'premium'] as const) {
  describe(`on a ${kind} article`, () => {
    for (const [route, cells] of Object.entries(MATRIX[kind])) {
      it.each(ROLES.map((role) => [role, cells[role]] as const))(
        `${route}: %s → %i`,
        async (role, status) => {
          const res = await await routes[route]!(kind, role);
          expect(res.status).toBe(status);
          expect(typeof res.body.message === 'string' || res.status < 400).toBe(true);
          // Never an e-mail address, whoever asks.
          for (const user of Object.values(who)) expect(JSON.stringify(res.body)).not.toContain(user.email);
        },
      );
    }
  });
}
