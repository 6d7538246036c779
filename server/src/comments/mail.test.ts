/** The writer hears of new comments by mail (docs/decisions/comments.md): at most one an article an hour. */
import request from 'supertest';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Clock } from '../clock.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';

const HOUR = 3600_000;
let nowMs = Date.UTC(2026, 2, 10, 12, 5);
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp;
let reader: SignedIn;
let writer: SignedIn;

beforeAll(async () => {
  const unlimited = { windowMs: 60_000, max: 100_000 };
  t = await makeTestApp({
    clock,
    config: {
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  [reader, writer] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { name: 'Wendy Writer' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const mails = async () =>
  (await request(t.app).get('/me/mails').set(bearer(writer.token))).body.mails as {
    kind: string;
    subject: string;
  }[];
const commentMails = async () => (await mails()).filter((m) => m.kind === 'comments.new');

it('new comments by others mail the writer once an article an hour, with an unsubscribe link and no comment text', async () => {
  const article = await insertArticle(t.store, {
    articleTitle: 'Town hall',
    userInfo: { name: 'Wendy Writer', image: '', email: writer.email },
  });
  const post = (who: SignedIn, body: string) =>
    request(t.app).post(`/articles/${article._id}/comments`).set(bearer(who.token)).send({ body });

  expect((await post(writer, 'Thanks for reading')).status).toBe(201);
  expect((await post(reader, 'Secret opinion one')).status).toBe(201);
  nowMs += 20 * 60_000;
  expect((await post(reader, 'Secret opinion two')).status).toBe(201);
  await vi.waitFor(async () => expect(await commentMails()).toHaveLength(1));
  expect((await commentMails())[0]!.subject).toBe('New comments on Town hall');

  // The next hour: a held comment is no news; a shown one is.
  nowMs += HOUR;
  const held = await post(reader, 'https://a.test https://b.test https://c.test https://d.test');
  expect(held.body.pending).toBe(true);
  expect((await post(reader, 'Secret opinion three')).status).toBe(201);
  await vi.waitFor(async () => expect(await commentMails()).toHaveLength(2));

  const stored = await t.store.collection('mail_outbox').find({ to: writer.email, kind: 'comments.new' });
  expect(stored).toHaveLength(2);
  for (const mail of stored) {
    expect(JSON.stringify(mail)).toContain('/mail/unsubscribe');
    expect(JSON.stringify(mail)).not.toContain('Secret opinion');
  }
});
