/** Comments under articles (docs/decisions/comments.md), as readers, writers and admins see them. */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMENT_MAX } from '@newsroom/common';
import type { Clock } from '../clock.js';
import type { Article } from '../articles/types.js';
import { testConfig } from '../test/app.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { noDomainEvents } from '../events/domain.js';
import type { User } from '../users/types.js';
import { createCommentService } from './service.js';

const MINUTE = 60_000;
let nowMs = Date.UTC(2026, 2, 10, 12);
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let reader: SignedIn;
let other: SignedIn;
let writer: SignedIn;
let admin: SignedIn;
let article: Article;

const unlimited = { windowMs: MINUTE, max: 100_000 };

beforeAll(async () => {
  t = await makeTestApp({
    clock,
    config: {
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  [reader, other, writer, admin] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { name: 'Olga Other' }),
    signInAs(t, { name: 'Wendy Writer' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  nowMs += 60 * MINUTE;
  article = await insertArticle(t.store, {
    articleTitle: 'Town hall',
    userInfo: { name: 'Wendy Writer', image: 'https://example.test/w.png', email: writer.email },
  });
});

const post = (who: SignedIn, body: string, replyTo?: string, articleId = article._id) =>
  request(t.app)
    .post(`/articles/${articleId}/comments`)
    .set(bearer(who.token))
    .send({ body, ...(replyTo ? { replyTo } : {}) });
const list = (who?: SignedIn, query = '', articleId = article._id) => {
  const call = request(t.app).get(`/articles/${articleId}/comments${query}`);
  return who ? call.set(bearer(who.token)) : call;
};
const edit = (who: SignedIn, id: string, body: string) =>
  request(t.app).patch(`/comments/${id}`).set(bearer(who.token)).send({ body });
const remove = (who: SignedIn, id: string) => request(t.app).delete(`/comments/${id}`).set(bearer(who.token));
const hide = (id: string, hidden = true) =>
  request(t.app).patch(`/admin/comments/${id}`).set(bearer(admin.token)).send({ hidden });

describe('reading and writing', () => {
  it('a signed-in reader comments; anyone, signed out too, reads it with the author from the user record', async () => {
    const res = await post(reader, '  First line\r\nsecond line  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      body: 'First line\nsecond line',
      author: { name: 'Rex Reader', photoURL: 'https://example.test/avatar.png', writerId: null },
      edited: false,
      removed: false,
      isWriter: false,
      mine: true,
      replyTo: null,
    });
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body.commentCount).toBe(1);
    expect(page.body.comments).toHaveLength(1);
    expect(page.body.comments[0]).toMatchObject({ body: 'First line\nsecond line', mine: false });
    expect(JSON.stringify(page.body)).not.toContain('@');
  });

  it('signed out, one cannot comment; empty and too long comments are refused', async () => {
    expect((await request(t.app).post(`/articles/${article._id}/comments`).send({ body: 'hi' })).status).toBe(
      401,
    );
    expect((await post(reader, '   ')).status).toBe(400);
    expect((await post(reader, 'x'.repeat(COMMENT_MAX + 1))).status).toBe(400);
    expect((await post(reader, 'x'.repeat(COMMENT_MAX))).status).toBe(201);
  });

  it('an unknown or unapproved article has no comments (404)', async () => {
    const pending = await insertArticle(t.store, { status: 'Pending' });
    expect((await list(reader, '', pending._id)).status).toBe(404);
    expect((await post(reader, 'hello', undefined, pending._id)).status).toBe(404);
    expect((await list(reader, '', 'aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
  });

  it('replies are grouped under their parent, one level deep, oldest first', async () => {
    const parent = (await post(reader, 'Parent')).body;
    nowMs += 1000;
    const first = (await post(other, 'First reply', parent._id)).body;
    nowMs += 1000;
    await post(writer, 'Second reply', parent._id);
    expect((await post(reader, 'Deeper', first._id)).status).toBe(400);
    const page = (await list()).body;
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0].replyCount).toBe(2);
    expect(page.comments[0].replies.map((r: { body: string }) => r.body)).toEqual([
      'First reply',
      'Second reply',
    ]);
    expect(page.comments[0].replies[1].isWriter).toBe(true);
    expect(page.commentCount).toBe(3);
  });

  it('newest or oldest first, a bounded page at a time', async () => {
    for (const text of ['one', 'two', 'three', 'four']) {
      nowMs += 1000;
      await post(reader, text);
    }
    const newest = (await list(undefined, '?limit=3')).body;
    expect(newest.comments.map((c: { body: string }) => c.body)).toEqual(['four', 'three', 'two']);
    expect(newest.totalPages).toBe(2);
    const oldest = (await list(undefined, '?sort=oldest&limit=3&page=2')).body;
    expect(oldest.comments.map((c: { body: string }) => c.body)).toEqual(['four']);
    expect((await list(undefined, '?limit=1000')).status).toBe(400);
  });
});

describe('editing and deleting', () => {
  it('the author edits for 10 minutes (marked edited); later, or someone else, is refused', async () => {
    const c = (await post(reader, 'Tpyo')).body;
    expect((await edit(other, c._id, 'Hacked')).status).toBe(403);
    nowMs += 9 * MINUTE;
    const edited = await edit(reader, c._id, 'Typo');
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Typo', edited: true });
    nowMs += 2 * MINUTE;
    const late = await edit(reader, c._id, 'Too late');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/10 minutes/);
    expect((await list()).body.comments[0]).toMatchObject({ body: 'Typo', edited: true });
  });

  it('a deleted comment with replies stays as "removed" (no text, no author); without replies it goes', async () => {
    const parent = (await post(reader, 'Parent')).body;
    await post(other, 'Reply', parent._id);
    const lonely = (await post(reader, 'Lonely')).body;
    expect((await remove(other, parent._id)).status).toBe(403);
    expect((await remove(reader, parent._id)).status).toBe(200);
    expect((await remove(reader, lonely._id)).status).toBe(200);
    const page = (await list()).body;
    expect(page.comments).toHaveLength(1);
    expect(page.comments[0]).toMatchObject({ removed: true, body: '', author: null });
    expect(page.comments[0].replies[0].body).toBe('Reply');
    expect(page.commentCount).toBe(1);
  });
});

describe('pinning and writer badges', () => {
  it("the article's writer pins one comment; pinning another replaces it; a reader cannot pin", async () => {
    const a = (await post(reader, 'Good point')).body;
    const b = (await post(other, 'Better point')).body;
    expect((await request(t.app).put(`/comments/${a._id}/pin`).set(bearer(reader.token))).status).toBe(403);
    expect((await request(t.app).put(`/comments/${a._id}/pin`).set(bearer(writer.token))).body.pinned).toBe(
      true,
    );
    expect((await request(t.app).put(`/comments/${b._id}/pin`).set(bearer(writer.token))).status).toBe(200);
    const page = (await list()).body;
    expect(page.pinned._id).toBe(b._id);
    expect(
      page.comments.filter((c: { pinned: boolean }) => c.pinned).map((c: { _id: string }) => c._id),
    ).toEqual([b._id]);
    await request(t.app).delete(`/comments/${b._id}/pin`).set(bearer(writer.token));
    expect((await list()).body.pinned).toBeNull();
  });

  it('a comment by a writer (an approved article) links to their page, on any article; a reader’s does not', async () => {
    const elsewhere = await insertArticle(t.store, {
      articleTitle: 'Someone else’s',
      userInfo: { name: 'Olga Other', image: '', email: other.email },
    });
    await post(writer, 'I write here too', undefined, elsewhere._id);
    await post(reader, 'So do I, sometimes', undefined, elsewhere._id);
    const authors = (await list(undefined, '', elsewhere._id)).body.comments.map(
      (c: { author: { name: string; writerId: string | null } }) => c.author,
    );
    // Newest first: the reader, then the writer (whose approved article makes them one).
    expect(authors).toEqual([
      { name: 'Rex Reader', photoURL: expect.any(String), writerId: null },
      {
        name: 'Wendy Writer',
        photoURL: expect.any(String),
        writerId: expect.any(String),
      },
    ]);
  });
});

describe('moderation', () => {
  it('a report lists the comment for admins; hidden vanishes for everyone but admins and leaves the count', async () => {
    const c = (await post(reader, 'Rude words')).body;
    expect(
      (
        await request(t.app)
          .post(`/comments/${c._id}/reports`)
          .set(bearer(other.token))
          .send({ reason: 'nope' })
      ).status,
    ).toBe(400);
    const reported = await request(t.app)
      .post(`/comments/${c._id}/reports`)
      .set(bearer(other.token))
      .send({ reason: 'abuse' });
    expect(reported.body).toEqual({ reported: true });
    const queue = (await request(t.app).get('/admin/comments?filter=reported').set(bearer(admin.token))).body;
    expect(queue.comments[0]).toMatchObject({ _id: c._id, reports: 1, reportReasons: ['abuse'] });
    expect(queue.comments[0].authorUserId).toMatch(/^[0-9a-f]{24}$/);

    expect((await hide(c._id)).body.hidden).toBe(true);
    expect((await list(other)).body).toMatchObject({ comments: [], commentCount: 0 });
    expect((await list(reader)).body.comments).toEqual([]);
    expect((await list(admin)).body.comments[0]).toMatchObject({ _id: c._id, hidden: true });

    expect((await hide(c._id, false)).body.hidden).toBe(false);
    expect((await list(other)).body.commentCount).toBe(1);
  });

  it('the menu badge counts reported comments until a moderator hides or restores them', async () => {
    const reportedCount = async () => {
      const res = await request(t.app).get('/admin/comments/counts').set(bearer(admin.token));
      expect(res.status).toBe(200);
      return res.body.reported as number;
    };
    const report = (id: string, who: SignedIn) =>
      request(t.app).post(`/comments/${id}/reports`).set(bearer(who.token)).send({ reason: 'spam' });
    const before = await reportedCount();
    const [a, b] = [(await post(reader, 'Buy now')).body, (await post(reader, 'Buy again')).body];
    await report(a._id, other);
    await report(a._id, writer); // a second report of the same comment: still one comment
    await report(b._id, other);
    expect(await reportedCount()).toBe(before + 2);
    await hide(a._id);
    expect(await reportedCount()).toBe(before + 1);
    await hide(b._id, false); // restored: its reports dismissed
    expect(await reportedCount()).toBe(before);
    expect((await request(t.app).get('/admin/comments/counts').set(bearer(reader.token))).status).toBe(403);
  });

  it('a hidden comment with replies is a "removed" line to readers, its replies still readable', async () => {
    const parent = (await post(reader, 'Rude parent')).body;
    await post(other, 'Calm reply', parent._id);
    await hide(parent._id);
    const seen = (await list(other)).body;
    expect(seen.comments).toHaveLength(1);
    expect(seen.comments[0]).toMatchObject({ removed: true, hidden: false, body: '', author: null });
    expect(seen.comments[0].replies.map((r: { body: string }) => r.body)).toEqual(['Calm reply']);
    expect(seen.commentCount).toBe(1);
    expect((await list(admin)).body.comments[0]).toMatchObject({ hidden: true, body: 'Rude parent' });
  });

  it('a stopped user is told why when they try to comment; lifted, they may again', async () => {
    const c = (await post(other, 'Before')).body;
    const userId = (
      await request(t.app).get('/admin/comments?filter=recent').set(bearer(admin.token))
    ).body.comments.find((x: { _id: string }) => x._id === c._id).authorUserId as string;
    const ban = await request(t.app)
      .put(`/admin/comment-bans/${userId}`)
      .set(bearer(admin.token))
      .send({ reason: 'Repeated insults' });
    expect(ban.body).toEqual({ userId, banned: true, reason: 'Repeated insults' });
    const refused = await post(other, 'After');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You can no longer comment: Repeated insults');
    // What they wrote before stays readable.
    expect((await list()).body.comments.map((x: { body: string }) => x.body)).toContain('Before');
    await request(t.app).delete(`/admin/comment-bans/${userId}`).set(bearer(admin.token));
    expect((await post(other, 'After')).status).toBe(201);
  });
});

describe('abuse', () => {
  it('the same text twice on one article is refused (409); on another article it is fine', async () => {
    expect((await post(reader, 'Same old')).status).toBe(201);
    const again = await post(reader, '  same   OLD ');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already posted this comment here');
    const elsewhere = await insertArticle(t.store);
    expect((await post(reader, 'Same old', undefined, elsewhere._id)).status).toBe(201);
  });

  it('a comment with more than 3 links is held: its author and admins see it, nobody else, and it is not counted', async () => {
    const links = 'see https://a.test https://b.test http://c.test www.d.test';
    const held = await post(reader, links);
    expect(held.status).toBe(201);
    expect(held.body.pending).toBe(true);
    expect((await list(reader)).body.comments[0]).toMatchObject({ pending: true, mine: true });
    expect((await list(other)).body).toMatchObject({ comments: [], commentCount: 0 });
    expect((await list()).body.comments).toEqual([]);
    expect((await list(admin)).body.comments[0].pending).toBe(true);
    // Released by an admin, it is shown and counted.
    await hide(held.body._id, false);
    expect((await list(other)).body.commentCount).toBe(1);
    expect(
      (await post(reader, 'three links https://a.test https://b.test https://c.test')).body.pending,
    ).toBe(false);
  });
});

describe('counts under concurrency', () => {
  it('concurrent deletes, hides and restores of the same comments count each comment once', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(i % 2 ? reader : other, `Comment number ${i}`)),
    );
    const ids = made.map((r) => r.body._id as string);
    expect((await list(other)).body.commentCount).toBe(8);
    await Promise.all(
      ids.flatMap((id, i) => {
        const author = i % 2 ? reader : other;
        const removals = i % 4 === 0 ? [remove(author, id), remove(author, id)] : [];
        return [...removals, hide(id), hide(id), hide(id), hide(id, false), hide(id, false)];
      }),
    );
    const seen = (await list(admin, '?limit=50')).body;
    const shown = seen.comments.filter(
      (c: { hidden: boolean; removed: boolean; pending: boolean }) => !c.hidden && !c.removed && !c.pending,
    );
    expect(seen.commentCount).toBe(shown.length);
    expect((await list(other, '?limit=50')).body.comments).toHaveLength(shown.length);
  });

  it('the same moves started together by the service (no HTTP between them) count each comment once', async () => {
    const users = t.store.collection<User>('users');
    const [me, boss] = await Promise.all([
      users.findOne({ email: reader.email }),
      users.findOne({ email: admin.email }),
    ]);
    const service = createCommentService({
      store: t.store,
      clock,
      events: noDomainEvents,
      users: t.services.users,
      article: async () => ({
        title: () => article.articleTitle,
        access: { status: 'Approved', isPremium: 'No', authorEmail: writer.email },
      }),
    });
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await service.post(article._id, { body: `Said ${i}` }, me!));
    await Promise.all(
      made
        .flatMap((c, i) => [
          service.moderate(c._id, true),
          service.moderate(c._id, true),
          service.moderate(c._id, i % 2 === 0),
          ...(i % 3 === 0 ? [service.remove(c._id, me!), service.remove(c._id, boss!)] : []),
        ])
        .map((p) => p.catch(() => undefined)),
    );
    const seen = await service.list(article._id, { sort: 'newest', page: 1, limit: 50 }, boss);
    const shown = seen.comments.filter((c) => !c.hidden && !c.removed && !c.pending);
    expect(seen.commentCount).toBe(shown.length);
  });

  it('concurrent first comments on a new article are all counted', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? reader : other, `Hello ${i}`)));
    expect((await list()).body.commentCount).toBe(10);
  });
});

describe('counts for cards', () => {
  it('answers each named article its count, 0 when none; too many or malformed ids are refused', async () => {
    await post(reader, 'One');
    const c = (await post(other, 'Two')).body;
    await hide(c._id);
    const empty = await insertArticle(t.store);
    const res = await request(t.app).get(`/comments/counts?articles=${article._id},${empty._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ counts: { [article._id]: 1, [empty._id]: 0 } });
    const many = Array.from({ length: 51 }, () => empty._id).join(',');
    expect((await request(t.app).get(`/comments/counts?articles=${many}`)).status).toBe(400);
    expect((await request(t.app).get('/comments/counts?articles=$gt')).status).toBe(400);
  });
});

describe('deleting an article', () => {
  it('deletes its comments: the admin lists no longer show them', async () => {
    const c = (await post(reader, 'Soon gone')).body;
    const gone = await request(t.app).delete(`/my-articles/${article._id}`).set(bearer(admin.token));
    expect(gone.status).toBe(200);
    expect((await list(reader)).status).toBe(404);
    // The comments, then their count, go with the article's deletion event, just after its answer.
    await vi.waitFor(async () => {
      const recent = await request(t.app)
        .get('/admin/comments?filter=recent&limit=50')
        .set(bearer(admin.token));
      expect(recent.body.comments.map((x: { _id: string }) => x._id)).not.toContain(c._id);
      const counts = await request(t.app).get(`/comments/counts?articles=${article._id}`);
      expect(counts.body.counts[article._id]).toBe(0);
    });
  });
});
