/** Drafts (docs/roles.md, "Drafts"): saved as a writer types, private to them, never an article. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFTS_MAX } from '@newsroom/common';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';

let t: TestApp;
/** The app's clock, moved on by hand. */
let now = Date.UTC(2026, 10, 1, 9);
const advance = (ms: number) => {
  now += ms;
};
let writer: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await makeTestApp({ clock: { now: () => new Date(now) } });
  [writer, other, admin] = await Promise.all([
    signInAs(t, { name: 'Dora Drafter' }),
    signInAs(t, { name: 'Olive Other' }),
    signInAs(t, { role: 'admin', name: 'Ada Admin' }),
  ]);
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Harbour lights',
  description: 'The first paragraph, half written',
  publisher: '',
  formatedTags: ['Travel'],
  ...over,
});
const save = (who: SignedIn, key: string, body: Record<string, unknown>) =>
  request(t.app).put(`/me/drafts/${key}`).set(bearer(who.token)).send(body);
const get = (who: SignedIn, key: string) => request(t.app).get(`/me/drafts/${key}`).set(bearer(who.token));
const list = (who: SignedIn) => request(t.app).get('/me/drafts').set(bearer(who.token));
const discard = (who: SignedIn, key: string) =>
  request(t.app).delete(`/me/drafts/${key}`).set(bearer(who.token));

describe('a draft', () => {
  it('is saved as it stands, read back, saved again under its key, and discarded', async () => {
    const first = await save(writer, 'new-harbour-1', form());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      key: 'new-harbour-1',
      articleId: null,
      title: 'Harbour lights',
      description: 'The first paragraph, half written',
      publisher: '',
      formatedTags: ['travel'],
      photoURL: null,
    });
    expect(first.headers['cache-control']).toBe('private, no-store');

    advance(5_000);
    const again = await save(writer, 'new-harbour-1', form({ description: 'The first paragraph, done.' }));
    expect(again.status).toBe(200);
    expect(again.body.createdAt).toBe(first.body.createdAt);
    expect(again.body.updatedAt > first.body.updatedAt).toBe(true);

    expect((await get(writer, 'new-harbour-1')).body.description).toBe('The first paragraph, done.');
    const mine = (await list(writer)).body as { key: string }[];
    expect(mine.filter((d) => d.key === 'new-harbour-1')).toHaveLength(1);

    expect((await discard(writer, 'new-harbour-1')).status).toBe(200);
    expect((await get(writer, 'new-harbour-1')).status).toBe(404);
    expect((await discard(writer, 'new-harbour-1')).status).toBe(404);
  });

  it('lists the last saved first', async () => {
    const who = await signInAs(t);
    await save(who, 'order-aaaa', form({ title: 'older' }));
    advance(1_000);
    await save(who, 'order-bbbb', form({ title: 'newer' }));
    expect(((await list(who)).body as { title: string }[]).map((d) => d.title)).toEqual(['newer', 'older']);
  });

  it('is private: another account, an admin reading /me, and a visitor never see it', async () => {
    await save(writer, 'private-draft-1', form({ title: 'Private thoughts' }));
    expect((await get(other, 'private-draft-1')).status).toBe(404);
    expect((await discard(other, 'private-draft-1')).status).toBe(404);
    expect(JSON.stringify((await list(other)).body)).not.toContain('Private thoughts');
    expect(JSON.stringify((await list(admin)).body)).not.toContain('Private thoughts');
    expect((await request(t.app).get('/me/drafts')).status).toBe(401);
    expect((await request(t.app).put('/me/drafts/private-draft-1').send(form())).status).toBe(401);
    // Still the writer's.
    expect((await get(writer, 'private-draft-1')).body.title).toBe('Private thoughts');
  });

  it('is never an article: not in any list, not counted by the free plan', async () => {
    const free = await signInAs(t, { name: 'Freda Free' });
    await save(free, 'free-plan-draft', form({ title: 'Only a draft', publisher: 'Daily Planet' }));
    const allowance = await request(t.app).get('/me/posting').set(bearer(free.token));
    expect(allowance.body).toEqual({ postedCount: 0, maxArticles: 1, canPost: true });
    const own = await request(t.app).get(`/articles/${free.email}`).set(bearer(free.token));
    expect(own.body).toEqual([]);
    const approved = await request(t.app).get('/all-articles/approved');
    expect(JSON.stringify(approved.body)).not.toContain('Only a draft');
    const queue = await request(t.app).get('/all-articles/data?status=Pending').set(bearer(admin.token));
    expect(JSON.stringify(queue.body)).not.toContain('Only a draft');

    // A free writer who has used the plan's one article still keeps drafts.
    const posted = await request(t.app)
      .post(`/articles?email=${free.email}`)
      .set(bearer(free.token))
      .send({
        title: 'Posted',
        description: 'Posted for real',
        publisher: 'Daily Planet',
        formatedTags: ['travel'],
        photoURL: 'https://example.test/p.jpg',
      });
    expect(posted.status).toBe(201);
    expect((await save(free, 'free-plan-draft-2', form())).status).toBe(200);
    expect((await request(t.app).get('/me/posting').set(bearer(free.token))).body.postedCount).toBe(1);
  });

  it('refuses what an article could not hold, and keeps what it had', async () => {
    await save(writer, 'bounded-draft', form({ title: 'Kept' }));
    const cases: [string, Record<string, unknown>][] = [
      ['bounded-draft', form({ title: 'x'.repeat(10_000) })],
      ['bounded-draft', form({ formatedTags: ['gossip'] })],
      ['bounded-draft', { ...form(), status: 'Approved' }],
      ['bounded-draft', form({ photoURL: 'javascript:alert(1)' })],
      ['bounded-draft', form({ articleId: 'not-an-id' })],
      ['no', form()],
      ['bad/key!', form()],
    ];
    for (const [key, body] of cases) {
      const res = await save(writer, key, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await get(writer, 'bounded-draft')).body.title).toBe('Kept');
  });
});

describe("a draft of an article's update", () => {
  it('names an article of the caller that can still be edited', async () => {
    const mine = await insertArticle(t.store, {
      status: 'Approved',
      userInfo: { name: 'Dora Drafter', image: '', email: writer.email },
    });
    const theirs = await insertArticle(t.store, {
      userInfo: { name: 'Olive Other', image: '', email: other.email },
    });
    const declined = await insertArticle(t.store, {
      status: 'Declined',
      decliningReason: 'No',
      userInfo: { name: 'Dora Drafter', image: '', email: writer.email },
    });
    const key = `edit-${mine._id}`;
    const saved = await save(writer, key, form({ articleId: mine._id, title: 'A better title' }));
    expect(saved.status).toBe(200);
    expect(saved.body.articleId).toBe(mine._id);
    // The article itself is untouched until the writer submits the update.
    const article = await request(t.app).get(`/articles/${writer.email}`).set(bearer(writer.token));
    expect(article.body.find((a: { _id: string }) => a._id === mine._id).articleTitle).toBe(
      mine.articleTitle,
    );

    expect((await save(writer, `edit-${theirs._id}`, form({ articleId: theirs._id }))).status).toBe(403);
    expect((await save(writer, `edit-${declined._id}`, form({ articleId: declined._id }))).status).toBe(409);
    expect((await save(writer, 'edit-missing', form({ articleId: 'a'.repeat(24) }))).status).toBe(404);
    // One key, one article.
    expect((await save(writer, key, form({ articleId: null }))).status).toBe(409);

    // The article deleted: its unsent update goes with it (and no longer counts against the cap).
    await request(t.app).delete(`/my-articles/${mine._id}`).set(bearer(writer.token)).expect(200);
    await expect.poll(async () => (await get(writer, key)).status).toBe(404);
  });
});

describe('how many drafts', () => {
  it(`keeps at most ${DRAFTS_MAX} per writer; the ones it has can still be saved`, async () => {
    const busy = await signInAs(t);
    for (let i = 0; i < DRAFTS_MAX; i++) {
      expect((await save(busy, `many-drafts-${i}`, form({ title: `Draft ${i}` }))).status).toBe(200);
    }
    const over = await save(busy, 'many-drafts-over', form());
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('discard one first');
    expect((await save(busy, 'many-drafts-3', form({ title: 'Still saved' }))).status).toBe(200);
    expect((await list(busy)).body).toHaveLength(DRAFTS_MAX);
    await discard(busy, 'many-drafts-0');
    expect((await save(busy, 'many-drafts-over', form())).status).toBe(200);
  });
});
