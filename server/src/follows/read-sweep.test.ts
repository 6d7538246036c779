/** Reads older than a year are forgotten by the housekeeping sweep: they may come back in "For you". */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { bearer, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { purgeOldReads, READS_KEPT_DAYS } from './read-sweep.js';

const DAY_MS = 24 * 3600_000;
let now = new Date('2031-03-01T09:00:00.000Z');
const clock: Clock = { now: () => now };
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('the reads sweep', () => {
  it('forgets reads counted more than READS_KEPT_DAYS ago and keeps the rest', async () => {
    const reader = await signInAs(t);
    const [old, recent] = [
      await insertArticle(t.store, { status: 'Approved' }),
      await insertArticle(t.store, { status: 'Approved' }),
    ];
    const feedIds = async () => {
      const res = await request(t.app).get('/me/for-you?page=1&limit=20').set(bearer(reader.token));
      expect(res.status).toBe(200);
      return res.body.articles.map((a: { _id: string }) => a._id) as string[];
    };
    const view = async (id: string) =>
      expect(
        (await request(t.app).patch(`/articles/view-count/${id}`).set(bearer(reader.token))).body.counted,
      ).toBe(true);

    await view(old._id);
    now = new Date(now.getTime() + 200 * DAY_MS);
    await view(recent._id);
    const reread = async () => {
      // A fresh session: the clock has moved past the last one's lifetime.
      Object.assign(reader, await signInAs(t, { email: reader.email }));
    };
    await reread();
    expect(await feedIds()).not.toContain(old._id);

    now = new Date(now.getTime() + (READS_KEPT_DAYS - 200 + 1) * DAY_MS);
    expect(await purgeOldReads(t.deps)).toBe(1);
    await reread();
    const feed = await feedIds();
    expect(feed).toContain(old._id);
    expect(feed).not.toContain(recent._id);
  });
});
