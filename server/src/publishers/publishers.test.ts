import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';

let t: TestApp;
let admin: SignedIn;
let reader: SignedIn;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, reader] = await Promise.all([signInAs(t, { role: 'admin' }), signInAs(t, { role: 'reader' })]);
});
afterAll(async () => {
  await t.close();
});

const publishersInStore = () => t.store.collection('publishers').find({}, { sort: { publisherName: 1 } });

describe('GET /publisher-data', () => {
  it('lists every publisher by name for anyone, with an ETag that answers 304 until a publisher is added', async () => {
    await insertPublisher(t.store, 'Zeta News', 'https://example.test/zeta.png');
    await insertPublisher(t.store, 'Alpha Times', 'https://example.test/alpha.png');

    const first = await request(t.app).get('/publisher-data');
    expect(first.status).toBe(200);
    expect(first.body.map((p: { publisherName: string }) => p.publisherName)).toEqual([
      'Alpha Times',
      'Zeta News',
    ]);
    expect(first.body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      publisherName: 'Alpha Times',
      logo: 'https://example.test/alpha.png',
    });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();

    const again = await request(t.app).get('/publisher-data').set('If-None-Match', etag);
    expect(again.status).toBe(304);

    const added = await request(t.app)
      .post('/add-publishers')
      .set(bearer(admin.token))
      .send({ publisherName: 'Middle Gazette', logo: 'https://example.test/mid.png' });
    expect(added.status).toBe(201);

    const after = await request(t.app).get('/publisher-data').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.body.map((p: { publisherName: string }) => p.publisherName)).toEqual([
      'Alpha Times',
      'Middle Gazette',
      'Zeta News',
    ]);
  });
});

describe('POST /add-publishers', () => {
  it('lets an admin add a publisher, stored with its logo', async () => {
    const res = await request(t.app)
      .post('/add-publishers')
      .set(bearer(admin.token))
      .send({ publisherName: '  Coastal Herald ', logo: 'http://example.test/coastal.png' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: 'Publisher added', insertedId: expect.any(String) });
    const stored = await t.store.collection('publishers').findOne({ _id: res.body.insertedId });
    expect(stored).toMatchObject({
      publisherName: 'Coastal Herald',
      logo: 'http://example.test/coastal.png',
    });
  });

  it('refuses a duplicate name with 409 and stores nothing', async () => {
    await request(t.app)
      .post('/add-publishers')
      .set(bearer(admin.token))
      .send({ publisherName: 'Twin Post', logo: 'https://example.test/t.png' });
    const before = await publishersInStore();
    const res = await request(t.app)
      .post('/add-publishers')
      .set(bearer(admin.token))
      .send({ publisherName: 'Twin Post', logo: 'https://example.test/other.png' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    expect(await publishersInStore()).toEqual(before);
  });

  it.each([
    ['anonymous', () => ({}), 401],
    ['a signed-in non-admin', () => bearer(reader.token), 403],
  ])('refuses %s', async (_who, headers, status) => {
    const before = await publishersInStore();
    const res = await request(t.app)
      .post('/add-publishers')
      .set(headers())
      .send({ publisherName: 'Sneaky', logo: 'https://example.test/s.png' });
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await publishersInStore()).toEqual(before);
  });

  it.each([
    ['missing logo', { publisherName: 'No Logo' }],
    ['missing name', { logo: 'https://example.test/x.png' }],
    ['empty name', { publisherName: '   ', logo: 'https://example.test/x.png' }],
    ['javascript: logo', { publisherName: 'Bad Logo', logo: 'javascript:alert(1)' }],
    ['not a URL', { publisherName: 'Bad Logo', logo: 'logo.png' }],
    ['operator object', { publisherName: { $gt: '' }, logo: 'https://example.test/x.png' }],
    ['unknown field', { publisherName: 'Extra', logo: 'https://example.test/x.png', role: 'Admin' }],
    ['name too long', { publisherName: 'x'.repeat(101), logo: 'https://example.test/x.png' }],
  ])('answers 400 for %s and stores nothing', async (_case, body) => {
    const before = await publishersInStore();
    const res = await request(t.app).post('/add-publishers').set(bearer(admin.token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.any(String), errors: expect.any(Array) });
    expect(await publishersInStore()).toEqual(before);
  });
});

describe('GET /publisher/article/count', () => {
  it('gives every publisher with its article count (all statuses), zero included, and follows new articles', async () => {
    const fresh = await makeTestApp();
    try {
      const boss = await signInAs(fresh, { role: 'admin' });
      await insertPublisher(fresh.store, 'Busy Daily');
      await insertPublisher(fresh.store, 'Quiet Weekly');
      await insertArticle(fresh.store, { publisher: 'Busy Daily', status: 'Approved' });
      await insertArticle(fresh.store, { publisher: 'Busy Daily', status: 'Pending' });
      await insertArticle(fresh.store, { publisher: 'Busy Daily', status: 'Declined' });

      const res = await request(fresh.app).get('/publisher/article/count').set(bearer(boss.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { publisherName: 'Busy Daily', articleCount: 3 },
        { publisherName: 'Quiet Weekly', articleCount: 0 },
      ]);

      // A post through the API changes the count at once (the cached answer is invalidated).
      await request(fresh.app)
        .post('/add-publishers')
        .set(bearer(boss.token))
        .send({ publisherName: 'Brand New', logo: 'https://example.test/b.png' });
      const created = await request(fresh.app)
        .post(`/articles?email=${encodeURIComponent(boss.email)}`)
        .set(bearer(boss.token))
        .send({
          title: 'Counted',
          photoURL: 'https://example.test/c.jpg',
          publisher: 'Quiet Weekly',
          formatedTags: ['science'],
          description: 'Text',
        });
      expect(created.status).toBe(201);
      const after = await request(fresh.app).get('/publisher/article/count').set(bearer(boss.token));
      expect(after.body).toEqual([
        { publisherName: 'Brand New', articleCount: 0 },
        { publisherName: 'Busy Daily', articleCount: 3 },
        { publisherName: 'Quiet Weekly', articleCount: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ['anonymous', () => ({}), 401],
    ['a signed-in non-admin', () => bearer(reader.token), 403],
  ])('refuses %s', async (_who, headers, status) => {
    const res = await request(t.app).get('/publisher/article/count').set(headers());
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
