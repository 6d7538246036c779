/**
 * A writer looping on their own draft (issue 19, item 3): edits are limited per user, and an edit of
 * an article no public list can hold leaves every list answer cached, so readers keep being served
 * from the cache and never reach the per-address budget of cache misses.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, testConfig, type TestApp } from '../test/app.js';

let t: TestApp;
const EDITS = 5;
const MISSES = 4;

beforeAll(async () => {
  const base = testConfig('/tmp/unused');
  t = await makeTestApp({
    config: {
      rateLimits: {
        ...base.rateLimits,
        edits: { windowMs: 60_000, max: EDITS },
        publicReads: { windowMs: 60_000, max: MISSES },
      },
    },
  });
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

const edit = (i: number) => ({ title: `Draft ${i}`, publisher: 'Daily Planet', description: `Text ${i}` });
const PUBLIC_LISTS = ['/articles/trending', '/all-articles/approved', '/articles/public'];

describe('a writer editing their own Pending draft again and again', () => {
  it('leaves the public lists cached (readers are not turned away) and is stopped after the edit limit', async () => {
    await insertArticle(t.store, { status: 'Approved' });
    const writer = await signInAs(t, { name: 'Lou Loop' });
    const draft = await insertArticle(t.store, {
      status: 'Pending',
      userInfo: { name: 'Lou Loop', image: '', email: writer.email },
    });
    // A reader's first visit builds each list once.
    for (const path of PUBLIC_LISTS) expect((await request(t.app).get(path)).status, path).toBe(200);

    for (let i = 0; i < EDITS; i++) {
      const res = await request(t.app)
        .patch(`/my-articles/update/${draft._id}`)
        .set(bearer(writer.token))
        .send(edit(i));
      expect(res.status, `edit ${i + 1}`).toBe(200);
      // Served from the cache: no miss is counted, so the reader never meets a 429.
      for (const path of PUBLIC_LISTS) expect((await request(t.app).get(path)).status, path).toBe(200);
    }
    const over = await request(t.app)
      .patch(`/my-articles/update/${draft._id}`)
      .set(bearer(writer.token))
      .send(edit(EDITS));
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Too many edits, please slow down' });
    expect(over.headers['retry-after']).toBeDefined();
    // The refused edit changed nothing.
    const mine = await request(t.app).get(`/articles/${writer.email}`).set(bearer(writer.token));
    expect(mine.body.find((a: { _id: string }) => a._id === draft._id)).toMatchObject({
      articleTitle: `Draft ${EDITS - 1}`,
    });
  });

  it('the profile edit (PATCH /users/:email) has the same per-user limit', async () => {
    const user = await signInAs(t, { name: 'Pat Profile' });
    for (let i = 0; i < EDITS; i++) {
      const res = await request(t.app)
        .patch(`/users/${user.email}`)
        .set(bearer(user.token))
        .send({ name: `Pat ${i}` });
      expect(res.status, `edit ${i + 1}`).toBe(200);
    }
    const over = await request(t.app)
      .patch(`/users/${user.email}`)
      .set(bearer(user.token))
      .send({ name: 'Pat X' });
    expect(over.status).toBe(429);
    const me = await request(t.app).get(`/users/${user.email}`).set(bearer(user.token));
    expect(me.body.name).toBe(`Pat ${EDITS - 1}`);
    // Another user's edits are counted apart.
    const other = await signInAs(t, { name: 'Olive Other' });
    expect(
      (await request(t.app).patch(`/users/${other.email}`).set(bearer(other.token)).send({ name: 'Olive' }))
        .status,
    ).toBe(200);
  });
});
