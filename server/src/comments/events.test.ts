/** Comments' live events (docs/decisions/comments.md): to whoever may read the article's comments, nobody else. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { listen, openSse, type SseStream } from '../test/sse.js';

let t: TestApp;
let reader: SignedIn;
let premium: SignedIn;
let writer: SignedIn;
let admin: SignedIn;
let free: Article;
let paid: Article;

beforeAll(async () => {
  const unlimited = { windowMs: 60_000, max: 100_000 };
  t = await makeTestApp({
    config: {
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  [reader, premium, writer, admin] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { role: 'premium', name: 'Priya Premium' }),
    signInAs(t, { name: 'Wendy Writer' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
  const userInfo = { name: 'Wendy Writer', image: '', email: writer.email };
  free = await insertArticle(t.store, { userInfo });
  paid = await insertArticle(t.store, { userInfo, isPremium: 'Yes' });
});
afterAll(async () => {
  await t.close();
});

const post = (who: SignedIn, article: Article, body: string) =>
  request(t.app).post(`/articles/${article._id}/comments`).set(bearer(who.token)).send({ body });
const about = (article: Article) => (s: SseStream) =>
  s.events.filter((e) => e.data.type === 'comment.changed' && e.data.articleId === article._id);

describe('live comment events', () => {
  it("a premium article's comment events reach premium readers, its writer and admins; never a reader or a signed-out page", async () => {
    const server = await listen(t.app);
    const streams = {
      anonymous: await openSse(server.base, '/events'),
      reader: await openSse(server.base, `/events?token=${reader.token}`),
      premium: await openSse(server.base, `/events?token=${premium.token}`),
      writer: await openSse(server.base, `/events?token=${writer.token}`),
      admin: await openSse(server.base, `/events?token=${admin.token}`),
    };
    try {
      const secret = await post(premium, paid, 'Premium talk');
      expect(secret.status).toBe(201);
      await request(t.app)
        .patch(`/admin/comments/${secret.body._id}`)
        .set(bearer(admin.token))
        .send({ hidden: true });
      // A free article's comment after them: every stream receives it, so the earlier ones had their chance.
      const open = await post(reader, free, 'Free talk');
      for (const stream of Object.values(streams)) {
        const seen = await stream.next(
          (e) => e.data.type === 'comment.changed' && e.data.articleId === free._id,
        );
        expect(seen.data).toMatchObject({ commentId: open.body._id, reason: 'created' });
      }
      for (const name of ['premium', 'writer', 'admin'] as const) {
        expect(about(paid)(streams[name]).map((e) => e.data.reason)).toEqual(['created', 'hidden']);
      }
      expect(about(paid)(streams.reader)).toEqual([]);
      expect(about(paid)(streams.anonymous)).toEqual([]);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
      await server.close();
    }
  });

  it('a comment held for moderation is news to its author and admins only', async () => {
    const server = await listen(t.app);
    const mine = await openSse(server.base, `/events?token=${reader.token}`);
    const anonymous = await openSse(server.base, '/events');
    const moderators = await openSse(server.base, `/events?token=${admin.token}`);
    try {
      const held = await post(reader, free, 'https://a.test https://b.test https://c.test https://d.test');
      expect(held.body.pending).toBe(true);
      await mine.next((e) => e.data.commentId === held.body._id);
      await moderators.next((e) => e.data.commentId === held.body._id);
      const marker = await post(premium, free, 'Marker');
      await anonymous.next((e) => e.data.commentId === marker.body._id);
      expect(anonymous.events.some((e) => e.data.commentId === held.body._id)).toBe(false);
    } finally {
      mine.close();
      anonymous.close();
      moderators.close();
      await server.close();
    }
  });
});
