/** GET /events end to end: who receives which event of the newsroom's writes, replay, refusals. */
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createAppWithParts, SLOW_REQUEST_MS } from '../app.js';
import type { Article } from '../articles/types.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import { listen, ofType, openSse, type SseStream } from '../test/sse.js';

let t: TestApp;
let base: string;
let stop: () => Promise<void>;
let admin: SignedIn;
let writer: SignedIn;
let other: SignedIn;
const opened: SseStream[] = [];

beforeAll(async () => {
  // Behind one proxy, which names each client in X-Forwarded-For (the per-address stream cap).
  t = await makeTestApp({ config: { trustProxy: 1 } });
  const server = await listen(t.app);
  base = server.base;
  stop = server.close;
  // Premium writers: the free plan's one-article cap does not get in the way of many posts.
  [admin, writer, other] = await Promise.all([
    signInAs(t, { role: 'admin' }),
    signInAs(t, { role: 'premium', name: 'Wendy Writer' }),
    signInAs(t, { role: 'premium', name: 'Olga Other' }),
  ]);
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  for (const s of opened) s.close();
  await stop();
  await t.close();
});

/** An event stream as `who` (anonymous when null), by `?token=` like the browser, or by header. */
async function streamAs(who: SignedIn | null, how: 'query' | 'header' = 'query', extra = '') {
  const query = who && how === 'query' ? `?token=${encodeURIComponent(who.token)}${extra}` : extra;
  const stream = await openSse(
    base,
    `/events${query.replace(/^&/, '?')}`,
    who && how === 'header' ? bearer(who.token) : {},
  );
  opened.push(stream);
  return stream;
}

async function post(who: SignedIn, title: string): Promise<string> {
  const res = await request(t.app)
    .post(`/articles?email=${encodeURIComponent(who.email)}`)
    .set(bearer(who.token))
    .send({
      title,
      photoURL: 'https://example.test/photo.jpg',
      publisher: 'Daily Planet',
      formatedTags: ['technology'],
      description: 'Some words.',
    });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}
const asAdmin = (method: 'patch' | 'post' | 'delete', path: string, body?: object) =>
  request(t.app)[method](path).set(bearer(admin.token)).send(body);

describe('GET /events refuses before streaming', () => {
  it('answers 401 JSON for a bad token, in the query or the header', async () => {
    for (const stream of [
      await openSse(base, '/events?token=not.a.jwt'),
      await openSse(base, '/events', { Authorization: 'Bearer not.a.jwt' }),
    ]) {
      expect(stream.status).toBe(401);
      expect(stream.headers['content-type']).toMatch(/^application\/json/);
      expect(stream.body).toEqual({ message: expect.any(String) });
      expect(stream.events).toEqual([]);
    }
  });

  it('answers 429 JSON with Retry-After past 64 open streams from one address; others and freed places still get in', async () => {
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const held: SseStream[] = [];
    try {
      for (let i = 0; i < 64; i += 1) held.push(await openSse(base, '/events', from('203.0.113.7')));
      expect(held.every((s) => s.status === 200)).toBe(true);

      const refused = await openSse(base, '/events', from('203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.body).toEqual({ message: expect.stringMatching(/^Too many live event streams/) });

      const neighbour = await openSse(base, '/events', from('203.0.113.8'));
      expect(neighbour.status).toBe(200);
      neighbour.close();

      held.pop()!.close();
      await expect
        .poll(async () => {
          const again = await openSse(base, '/events', from('203.0.113.7'));
          if (again.status === 200) held.push(again);
          return again.status;
        })
        .toBe(200);
    } finally {
      for (const s of held) s.close();
    }
  });

  it('answers 400 for an unknown query parameter', async () => {
    const res = await request(t.app).get('/events?topic=all');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('never logs the token of the query string', async () => {
    const lines: string[] = [];
    const app = createApp({
      ...t.deps,
      logger: pino({ level: 'info' }, { write: (l: string) => lines.push(l) }),
    });
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    await request(app).get(`/events?token=${token}`).expect(401);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ url: '/events?token=[redacted]', status: 401 });
    expect(lines.join('')).not.toContain('c2lnbmF0dXJl');
  });

  it('does not log a long stream as a slow request when the server ends it', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const { app, live } = createAppWithParts({ ...t.deps, logger });
    const server = await listen(app);
    try {
      const stream = await openSse(server.base, '/events');
      await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 100));
      live.streams.close();
      await stream.ended;
      expect(lines).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('GET /events streams', () => {
  it('as an unbuffered, uncompressed event stream that starts with a ready event', async () => {
    const stream = await openSse(base, '/events', { 'accept-encoding': 'gzip, deflate, br' });
    opened.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    const ready = await stream.next(ofType('ready'));
    expect(ready.id).toMatch(/^[0-9a-f]{8}-\d+$/);
  });

  it('moderation reaches the admins and the writer; only approvals reach everyone; no email is sent', async () => {
    const [anon, mine, theirs, admins] = await Promise.all([
      streamAs(null),
      streamAs(writer),
      streamAs(other, 'header'),
      streamAs(admin),
    ]);

    const declinedId = await post(writer, 'A draft nobody else should see');
    const submitted = await admins.next(ofType('article.submitted', declinedId));
    expect(submitted.data).toEqual({
      type: 'article.submitted',
      articleId: declinedId,
      title: 'A draft nobody else should see',
      own: false,
    });
    await mine.next(ofType('article.submitted', declinedId));

    await asAdmin('patch', `/article/decline/${declinedId}`, { decliningReason: 'Needs sources' }).expect(
      200,
    );
    expect((await mine.next(ofType('article.declined', declinedId))).data).toEqual({
      type: 'article.declined',
      articleId: declinedId,
      title: 'A draft nobody else should see',
      reason: 'Needs sources',
      own: true,
    });
    await admins.next(ofType('article.declined', declinedId));

    const approvedId = await post(writer, 'Harbour lights return');
    await asAdmin('patch', `/update/status/${approvedId}`).expect(200);
    for (const stream of [anon, theirs, admins]) {
      expect((await stream.next(ofType('article.approved', approvedId))).data).toEqual({
        type: 'article.approved',
        articleId: approvedId,
        title: 'Harbour lights return',
        own: false,
      });
    }
    expect((await mine.next(ofType('article.approved', approvedId))).data.own).toBe(true);

    // Each stream is in order: whatever the approval did not follow on a stream never reaches it.
    for (const stream of [anon, theirs]) {
      expect(stream.events.map((e) => e.data.type)).toEqual(['ready', 'article.approved']);
      expect(stream.raw()).not.toContain('nobody else');
      expect(stream.raw()).not.toContain('Needs sources');
    }
    for (const stream of [anon, mine, theirs, admins]) expect(stream.raw()).not.toContain('@');
  });

  it('changes requested reach the writer (own), admins and editors with the note; nobody else', async () => {
    const editor = await signInAs(t, { role: 'editor', name: 'Eddie Editor' });
    const [anon, mine, theirs, admins, editors] = await Promise.all([
      streamAs(null),
      streamAs(writer),
      streamAs(other),
      streamAs(admin),
      streamAs(editor, 'header'),
    ]);
    const id = await post(writer, 'Quay wall repairs');
    // Editors hear of what waits for them, like admins.
    await editors.next(ofType('article.submitted', id));
    await request(t.app)
      .patch(`/article/request-changes/${id}`)
      .set(bearer(editor.token))
      .send({ reviewNote: 'Add the council’s answer' })
      .expect(200);
    const said = {
      type: 'article.changesRequested',
      articleId: id,
      title: 'Quay wall repairs',
      note: 'Add the council’s answer',
    };
    expect((await mine.next(ofType('article.changesRequested', id))).data).toEqual({ ...said, own: true });
    for (const stream of [admins, editors]) {
      expect((await stream.next(ofType('article.changesRequested', id))).data).toEqual({
        ...said,
        own: false,
      });
    }
    // Public streams and other readers: an approval later is the first they hear of it.
    const approved = await post(writer, 'Ferry timetable');
    await asAdmin('patch', `/update/status/${approved}`).expect(200);
    for (const stream of [anon, theirs]) {
      await stream.next(ofType('article.approved', approved));
      expect(stream.events.map((e) => e.data.type)).toEqual(['ready', 'article.approved']);
      expect(stream.raw()).not.toContain('council');
    }
  });

  it('made premium, deleted, publisher added: to everyone while the article is public', async () => {
    const anon = await streamAs(null);
    const id = await post(writer, 'Tides and timetables');
    await asAdmin('patch', `/update/status/${id}`).expect(200);
    await asAdmin('patch', `/make-premium/${id}`).expect(200);
    expect((await anon.next(ofType('article.premium', id))).data.title).toBe('Tides and timetables');
    await request(t.app).delete(`/my-articles/${id}`).set(bearer(writer.token)).expect(200);
    expect((await anon.next(ofType('article.deleted', id))).data.title).toBe('Tides and timetables');
    await asAdmin('post', '/add-publishers', {
      publisherName: 'Evening Post',
      logo: 'https://example.test/logo.png',
    }).expect(201);
    expect((await anon.next(ofType('publisher.added'))).data).toMatchObject({ name: 'Evening Post' });
  });

  it('an approved article edited by its writer leaves the public lists without its new title', async () => {
    const [anon, admins] = await Promise.all([streamAs(null), streamAs(admin)]);
    const id = await post(writer, 'First version');
    await asAdmin('patch', `/update/status/${id}`).expect(200);
    await anon.next(ofType('article.approved', id));
    await request(t.app)
      .patch(`/my-articles/update/${id}`)
      .set(bearer(writer.token))
      .send({ title: 'Second version', publisher: 'Daily Planet', description: 'New words.' })
      .expect(200);
    expect((await anon.next(ofType('article.withdrawn', id))).data).toEqual({
      type: 'article.withdrawn',
      articleId: id,
      own: false,
    });
    // Back in the review queue under its new title.
    await admins.next((e) => ofType('article.submitted', id)(e) && e.data.title === 'Second version');
    expect(anon.raw()).not.toContain('Second version');
  });

  it('a user made admin is told, and their open stream gets admin events from then on', async () => {
    const promoted = await signInAs(t, { role: 'premium' });
    const stream = await streamAs(promoted);
    const { body: profile } = await request(t.app)
      .get(`/users/${promoted.email}`)
      .set(bearer(promoted.token))
      .expect(200);
    await asAdmin('patch', `/make-admin/${profile._id}`).expect(200);
    expect((await stream.next(ofType('user.madeAdmin'))).data).toEqual({
      type: 'user.madeAdmin',
      userId: profile._id,
      own: true,
    });
    const id = await post(other, 'For the new admin to review');
    expect((await stream.next(ofType('article.submitted', id))).data.title).toBe(
      'For the new admin to review',
    );
  });

  it('comes from what the services did, never from a write behind their back; view counts stay quiet', async () => {
    const anon = await streamAs(null);
    // Written straight to the database (an operator, a fixture): no service said anything.
    const behind = await insertArticle(t.store, { articleTitle: 'Written straight to the store' });
    const id = await post(writer, 'Through the service');
    await asAdmin('patch', `/update/status/${id}`).expect(200);
    await anon.next(ofType('article.approved', id));

    await request(t.app).patch(`/articles/view-count/${id}`).set(bearer(other.token)).expect(200);
    await asAdmin('patch', `/make-premium/${id}`).expect(200);
    await anon.next(ofType('article.premium', id));
    await t.store
      .collection<Article>('articles')
      .updateOne({ _id: behind._id }, { $set: { isPremium: 'Yes' } });
    // A later event still arrives after them: nothing was queued for the writes behind the app.
    await asAdmin('patch', `/make-premium/${behind._id}`).expect(200); // already premium: no change
    const last = await post(writer, 'After the quiet writes');
    await asAdmin('patch', `/update/status/${last}`).expect(200);
    await anon.next(ofType('article.approved', last));
    expect(anon.events.map((e) => e.data.type)).toEqual([
      'ready',
      'article.approved',
      'article.premium',
      'article.approved',
    ]);
  });

  it('drops a stream the client closed', async () => {
    const streams = t.live.streams;
    const stream = await streamAs(null);
    const open = streams.size;
    stream.close();
    await expect.poll(() => streams.size).toBe(open - 1);
  });
});

describe('reconnecting with Last-Event-ID', () => {
  it('replays what the stream missed and may see, in order, from the header or the query', async () => {
    const first = await streamAs(writer);
    const { id: lastSeen } = await first.next(ofType('ready'));
    first.close();

    const declined = await post(writer, 'Missed: declined');
    await asAdmin('patch', `/article/decline/${declined}`, { decliningReason: 'Too short' }).expect(200);
    const othersDraft = await post(other, 'Missed: not for this writer');
    const approved = await post(other, 'Missed: approved for all');
    await asAdmin('patch', `/update/status/${approved}`).expect(200);

    const expected = [
      ['article.submitted', declined],
      ['article.declined', declined],
      ['article.approved', approved],
    ];
    for (const resumed of [
      await openSse(base, `/events?token=${writer.token}`, { 'Last-Event-ID': lastSeen! }),
      await streamAs(writer, 'query', `&lastEventId=${lastSeen}`),
    ]) {
      opened.push(resumed);
      await resumed.next(ofType('ready'));
      const replayed = resumed.events.filter((e) => e.data.type !== 'ready');
      expect(replayed.map((e) => [e.data.type, e.data.articleId])).toEqual(expected);
      expect(resumed.raw()).not.toContain(othersDraft);
      // Ids keep increasing, and the ready event carries the newest.
      const seqs = resumed.events.map((e) => Number(e.id!.split('-')[1]));
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(seqs[0]).toBeGreaterThan(Number(lastSeen!.split('-')[1]));
    }
  });

  it('answers an id it cannot place (another process, the future) with resync', async () => {
    for (const id of ['00000000-1', `${t.live.streams.lastId.split('-')[0]}-999999`, 'junk']) {
      const stream = await streamAs(null, 'query', `&lastEventId=${id}`);
      await stream.next(ofType('ready'));
      expect(stream.events.map((e) => e.data.type)).toEqual(['resync', 'ready']);
    }
  });
});
