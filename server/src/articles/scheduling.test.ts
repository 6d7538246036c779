/**
 * Scheduled publishing (issue 37): a moderator approves a Pending article to be published at a chosen
 * time; until then it is in no public surface; at the time the scheduler's sweep publishes it as an
 * approval — once, however many sweeps run at once — and an edit meanwhile sends it back to review.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/domain.js';
import { getArticle, insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';

const HOUR = 3_600_000;
let now = Date.UTC(2026, 10, 29, 9);
const clock = { now: () => new Date(now) };
let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let writer: SignedIn;
let reader: SignedIn;
const seen: DomainEvent[] = [];

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [admin, editor, writer, reader] = await Promise.all([
    signInAs(t, { role: 'admin' }),
    signInAs(t, { role: 'editor' }),
    signInAs(t, { name: 'Wren Writer' }),
    signInAs(t),
  ]);
  t.events.subscribe((event) => void seen.push(event));
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

const pendingByWriter = (title: string) =>
  insertArticle(t.store, {
    status: 'Pending',
    articleTitle: title,
    createdAt: new Date(now).toISOString(),
    userInfo: { name: 'Wren Writer', image: '', email: writer.email },
  });
const schedule = (id: string, publishAt: string, who: SignedIn = admin) =>
  request(t.app).patch(`/article/schedule/${id}`).set(bearer(who.token)).send({ publishAt });
const publicIds = async () => {
  const [list, index] = await Promise.all([
    request(t.app).get('/all-articles/approved?limit=50').expect(200),
    request(t.app).get('/articles/public').expect(200),
  ]);
  return {
    list: (list.body as { _id: string }[]).map((a) => a._id),
    index: (index.body as { _id: string }[]).map((a) => a._id),
  };
};
const approvals = (id: string) =>
  seen.filter((e) => e.type === 'article.approved' && e.article.id === id).length;

describe('scheduling an article', () => {
  it('is Scheduled with its time, shown to its writer and moderators, and in no public surface', async () => {
    const article = await pendingByWriter('Tide tables for the winter');
    const at = new Date(now + HOUR).toISOString();
    const res = await schedule(article._id, at).expect(200);
    expect(res.body).toMatchObject({
      message: 'Article scheduled',
      article: { status: 'Scheduled', publishAt: at },
    });
    const mine = await request(t.app).get(`/articles/${writer.email}`).set(bearer(writer.token)).expect(200);
    expect(mine.body.find((a: { _id: string }) => a._id === article._id)).toMatchObject({
      status: 'Scheduled',
      publishAt: at,
    });
    const counts = await request(t.app).get('/all-articles/counts').set(bearer(admin.token)).expect(200);
    expect(counts.body.Scheduled).toBeGreaterThanOrEqual(1);
    const { list, index } = await publicIds();
    expect(list).not.toContain(article._id);
    expect(index).not.toContain(article._id);
    await request(t.app).get(`/article/data/${article._id}`).set(bearer(reader.token)).expect(404);
    await request(t.app).get(`/articles/public/${article._id}`).expect(404);
    expect(seen.filter((e) => e.type === 'article.scheduled' && e.article.id === article._id)).toHaveLength(
      1,
    );
  });

  it('an editor schedules too; a past time, one over a year ahead or a decided article is refused', async () => {
    const article = await pendingByWriter('Ferry fares next year');
    await schedule(article._id, new Date(now - 60_000).toISOString(), editor).expect(400);
    await schedule(article._id, new Date(now + 366 * 24 * HOUR).toISOString(), editor).expect(400);
    expect((await getArticle(t.store, article._id))?.status).toBe('Pending');
    await schedule(article._id, new Date(now + 2 * HOUR).toISOString(), editor).expect(200);
    const approved = await insertArticle(t.store, { status: 'Approved' });
    await schedule(approved._id, new Date(now + HOUR).toISOString()).expect(409);
    await schedule(article._id, new Date(now + HOUR).toISOString(), reader).expect(403);
  });

  it('publishes at the time, once however many sweeps run together, as an approval', async () => {
    const article = await pendingByWriter('Harbour lights return');
    await schedule(article._id, new Date(now + HOUR).toISOString()).expect(200);
    expect(await t.services.articles.publishDue()).toBe(0);
    now += HOUR - 1;
    expect(await t.services.articles.publishDue()).toBe(0);
    expect((await getArticle(t.store, article._id))?.status).toBe('Scheduled');

    now += 1;
    const runs = await Promise.all(Array.from({ length: 5 }, () => t.services.articles.publishDue()));
    expect(runs.reduce((n, r) => n + r, 0)).toBeGreaterThanOrEqual(1);
    expect(approvals(article._id)).toBe(1);
    expect(await getArticle(t.store, article._id)).toMatchObject({ status: 'Approved', publishAt: null });
    const { list, index } = await publicIds();
    expect(list).toContain(article._id);
    expect(index).toContain(article._id);
    // The approval's follow-ups: the writer's mail is queued, once.
    const mails = async () =>
      (
        await t.store.collection<{ _id: string; subject: string }>('mail_outbox').find({ to: writer.email })
      ).filter((m) => m.subject.includes('Harbour lights return'));
    await expect.poll(async () => (await mails()).length).toBe(1);
    expect(await t.services.articles.publishDue()).toBe(0);
    expect(approvals(article._id)).toBe(1);
  });

  it('is published at once by Approve, moved to another time, or sent back to review by an edit', async () => {
    const now1 = await pendingByWriter('Published at once');
    await schedule(now1._id, new Date(now + HOUR).toISOString()).expect(200);
    await request(t.app).patch(`/update/status/${now1._id}`).set(bearer(admin.token)).expect(200);
    expect(await getArticle(t.store, now1._id)).toMatchObject({ status: 'Approved', publishAt: null });

    const moved = await pendingByWriter('Moved to the evening');
    await schedule(moved._id, new Date(now + HOUR).toISOString()).expect(200);
    const later = new Date(now + 5 * HOUR).toISOString();
    await schedule(moved._id, later).expect(200);
    now += 2 * HOUR;
    await t.services.articles.publishDue();
    expect(await getArticle(t.store, moved._id)).toMatchObject({ status: 'Scheduled', publishAt: later });

    const edited = await pendingByWriter('Edited before its time');
    await schedule(edited._id, new Date(now + HOUR).toISOString()).expect(200);
    await request(t.app)
      .patch(`/my-articles/update/${edited._id}`)
      .set(bearer(writer.token))
      .send({ title: 'Edited before its time', publisher: 'Daily Planet', description: 'New text.' })
      .expect(200);
    now += 2 * HOUR;
    await t.services.articles.publishDue();
    expect((await getArticle(t.store, edited._id))?.status).toBe('Pending');
    expect(approvals(edited._id)).toBe(0);
  });
});
