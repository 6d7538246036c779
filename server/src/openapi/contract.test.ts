/**
 * Every documented operation answers as documented: each 2xx it documents and its main refusals,
 * called through HTTP with real tokens (src/test/openapi-cases.ts), must be documented statuses whose
 * media type is documented and whose JSON body validates against the documented schema (ajv, JSON
 * Schema 2020-12). An operation added to the document without cases fails the run. And the other way
 * round: what the handlers refuse as invalid input the document refuses too, what it accepts they
 * accept, and a method it does not declare on a path it does is answered 405 with `Allow`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs } from '../test/app.js';
import { answerChecker, answerOf, documentedOperations, inputChecker, type Answer } from '../test/openapi.js';
import { contractCases, type Case } from '../test/openapi-cases.js';
import { buildWorld, PUBLISHER, type World } from '../test/openapi-world.js';
import { listen, openSse } from '../test/sse.js';
import { openApiDocument } from './document.js';

const doc = openApiDocument();
let world: World;
let cases: Record<string, Case[]>;
let close: () => Promise<void>;
beforeAll(async () => {
  world = await buildWorld();
  const config = world.t.deps.config;
  const limited = await makeTestApp({
    identity: 'firebase',
    config: {
      rateLimits: {
        ...config.rateLimits,
        publicReads: { windowMs: 60_000, max: 0 },
        edits: { windowMs: 60_000, max: 0 },
        draftSaves: { windowMs: 60_000, max: 0 },
      },
    },
  });
  const payer = await signInAs(world.t, { name: 'Paula Payer' });
  const limitedUser = await signInAs(limited, { name: 'Lena Limited' });
  cases = contractCases({ w: world, payer, limited, limitedUser });
  close = async () => {
    await world.close();
    await limited.close();
  };
});
afterAll(async () => {
  await close();
});

describe('the answer checker', () => {
  const check = answerChecker(doc);
  const trending = documentedOperations(doc).find((op) => op.operationId === 'trendingArticles')!;

  it('refuses an undocumented status, an undocumented media type and a body off its schema', () => {
    expect(check(trending, { status: 418, type: 'application/json', body: {} })).toHaveLength(1);
    expect(check(trending, { status: 200, type: 'text/html', body: '' })).toHaveLength(1);
    expect(check(trending, { status: 200, type: 'application/json', body: [{ _id: 'x' }] })).not.toEqual([]);
    expect(check(trending, { status: 429, type: 'application/json', body: { error: 'x' } })).not.toEqual([]);
    expect(check(trending, { status: 200, type: 'application/json', body: [] })).toEqual([]);
  });
});

describe('every documented operation answers as documented', () => {
  const check = answerChecker(doc);
  for (const op of documentedOperations(doc)) {
    it(`${op.method.toUpperCase()} ${op.path} (${op.operationId})`, async () => {
      const mine = cases[op.operationId];
      expect(mine, `no contract case for ${op.operationId}`).toBeDefined();
      const exercised = mine!.map(([status]) => status);
      const documented = Object.keys(op.spec.responses).map(Number);
      for (const success of documented.filter((s) => s >= 200 && s < 300)) {
        expect(exercised, `${success} is exercised`).toContain(success);
      }
      const refusals = documented.filter((s) => s >= 400 && s < 500);
      if (refusals.length) {
        expect(
          exercised.some((s) => refusals.includes(s)),
          'a refusal is exercised',
        ).toBe(true);
      }
      for (const [status, call] of mine!) {
        const made = await call();
        const answer: Answer = 'headers' in made ? answerOf(made) : made;
        expect(check(op, answer)).toEqual([]);
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      }
    });
  }
});

describe('the document states what the handlers enforce', () => {
  const accepts = inputChecker(doc);
  const ops = documentedOperations(doc);
  const op = (id: string) => ops.find((o) => o.operationId === id)!;
  const as = (who: 'admin' | 'reader' | 'premium') => bearer(world[who].token);
  const article = (formatedTags: string[]) => ({
    title: 'A title',
    photoURL: 'https://example.test/p.jpg',
    publisher: PUBLISHER,
    formatedTags,
    description: 'Some text',
  });

  it('lists the tags an article may have, in its bodies and in the approved list filter', async () => {
    expect(accepts.body(op('createArticle'), article(['technology', 'health']))).toBe(true);
    expect(accepts.body(op('createArticle'), article(['notatag']))).toBe(false);
    const edit = { title: 'T', publisher: PUBLISHER, description: 'D' };
    expect(accepts.body(op('updateArticle'), { ...edit, formatedTags: ['art'] })).toBe(true);
    expect(accepts.body(op('updateArticle'), { ...edit, formatedTags: ['notatag'] })).toBe(false);
    const refused = await request(world.t.app)
      .post(`/articles?email=${world.reader.email}`)
      .set(as('reader'))
      .send(article(['notatag']));
    expect(refused.status).toBe(400);

    // A comma-separated list: `style: form, explode: false` reads `tags=a,b` as ['a', 'b'].
    const approved = op('approvedArticles');
    expect(approved.spec.parameters!.find((p) => p.name === 'tags')).toMatchObject({
      style: 'form',
      explode: false,
    });
    expect(accepts.parameter(approved, 'tags', ['technology', 'health'])).toBe(true);
    expect(accepts.parameter(approved, 'tags', ['notatag'])).toBe(false);
    expect((await request(world.t.app).get('/all-articles/approved?tags=technology,health')).status).toBe(
      200,
    );
    expect((await request(world.t.app).get('/all-articles/approved?tags=notatag')).status).toBe(400);
  });

  it('states the e-mail format the email inputs must have', async () => {
    const admin = world.admin.email;
    for (const [id, path] of [
      ['isPremium', '/isPremium'],
      ['isAdmin', '/check/isAdmin'],
    ] as const) {
      expect(accepts.parameter(op(id), 'email', admin), id).toBe(true);
      expect(accepts.parameter(op(id), 'email', 'not-an-email'), id).toBe(false);
      expect((await request(world.t.app).get(`${path}?email=${admin}`).set(as('admin'))).status, id).toBe(
        200,
      );
      const bad = await request(world.t.app).get(`${path}?email=not-an-email`).set(as('admin'));
      expect(bad.status, id).toBe(400);
    }

    const redeem = { email: world.reader.email, time: 60, paymentIntentId: 'pi_123' };
    expect(accepts.body(op('redeemPayment'), redeem)).toBe(true);
    expect(accepts.body(op('redeemPayment'), { ...redeem, email: 'not-an-email' })).toBe(false);
    const badRedeem = await request(world.t.app)
      .patch('/make-premium-user')
      .set(as('reader'))
      .send({ ...redeem, email: 'not-an-email' });
    expect(badRedeem.status).toBe(400);

    const remove = op('removeExpiredSubscription');
    expect(accepts.body(remove, { email: world.reader.email })).toBe(true);
    expect(accepts.body(remove, { email: 'not-an-email' })).toBe(false);
    const removed = await request(world.t.app)
      .patch('/remove/subscription')
      .set(as('reader'))
      .send({ email: world.reader.email });
    expect(removed.status).toBe(200);
    const badRemove = await request(world.t.app)
      .patch('/remove/subscription')
      .set(as('reader'))
      .send({ email: 'not-an-email' });
    expect(badRemove.status).toBe(400);
  });

  it('describes a profile whose premium was derived from its ledger (an admin grant, a payment)', async () => {
    const check = answerChecker(doc);
    const who = await signInAs(world.t, { name: 'Dora Derived' });
    const granted = await request(world.t.app)
      .post('/admin/premium-grants')
      .set(as('admin'))
      .send({ email: who.email, days: 1 });
    expect(granted.status).toBe(200);
    const profile = await request(world.t.app).get(`/users/${who.email}`).set(bearer(who.token));
    expect(profile.status).toBe(200);
    expect(profile.body).toHaveProperty('passEndAt', null);
    expect(check(op('getProfile'), answerOf(profile))).toEqual([]);
    const all = await request(world.t.app).get('/all-users').set(as('admin'));
    expect(check(op('listUsers'), answerOf(all))).toEqual([]);
  });

  it('bounds the days of the view charts and the months of the revenue view as the handlers do', async () => {
    for (const id of ['myArticleViews', 'publisherViews']) {
      expect(accepts.parameter(op(id), 'days', 1), id).toBe(true);
      expect(accepts.parameter(op(id), 'days', 90), id).toBe(true);
      expect(accepts.parameter(op(id), 'days', 91), id).toBe(false);
      expect(accepts.parameter(op(id), 'days', 0), id).toBe(false);
    }
    const views = (days: number) =>
      request(world.t.app).get(`/stats/my-article-views?days=${days}`).set(as('reader'));
    expect((await views(90)).status).toBe(200);
    expect((await views(91)).status).toBe(400);

    expect(accepts.parameter(op('revenueReport'), 'months', 24)).toBe(true);
    expect(accepts.parameter(op('revenueReport'), 'months', 25)).toBe(false);
    const revenue = (months: number) =>
      request(world.t.app).get(`/admin/revenue?months=${months}`).set(as('admin'));
    expect((await revenue(24)).status).toBe(200);
    expect((await revenue(25)).status).toBe(400);
  });

  it('validates the premium list page before it asks for premium', async () => {
    const premiumList = op('premiumArticles');
    expect(accepts.parameter(premiumList, 'page', '')).toBe(false);
    const page = (query: string, who: 'reader' | 'premium') =>
      request(world.t.app).get(`/premium/articles/only?${query}`).set(as(who));
    expect((await page('page=', 'reader')).status).toBe(400);
    expect((await page('page=', 'premium')).status).toBe(400);
    expect((await page('page=1', 'reader')).status).toBe(402);
    expect((await page('page=1', 'premium')).status).toBe(200);
    expect((await request(world.t.app).get('/premium/articles/only?page=')).status).toBe(401);
  });

  it('refuses a call without the JSON body the document requires', async () => {
    for (const [id, path] of [
      ['startCardUpdate', '/billing/card-setup'],
      ['cancelSubscription', '/billing/cancel'],
      ['resumeSubscription', '/billing/resume'],
    ] as const) {
      expect(op(id).spec.requestBody, id).toMatchObject({ required: true });
      const bare = await request(world.t.app).post(path).set(as('reader'));
      expect(bare.status, id).toBe(400);
      expect(bare.body.message, id).toBe('A JSON body is required');
    }
    expect((await request(world.t.app).post('/billing/card-setup').set(as('reader')).send({})).status).toBe(
      200,
    );
    for (const [id, path] of [
      ['register', '/users/new'],
      ['registerGoogle', '/users/new/google'],
    ] as const) {
      expect(op(id).spec.requestBody, id).toMatchObject({ required: true });
      const bare = await request(world.t.app).post(path).set(bearer(world.reader.idToken));
      expect(bare.status, id).toBe(400);
      const empty = await request(world.t.app).post(path).set(bearer(world.reader.idToken)).send({});
      expect(empty.status, id).toBe(200);
    }
  });

  it('describes each event of GET /events, as an EventSource reads it', async () => {
    const events = op('events');
    const server = await listen(world.t.app);
    try {
      const stream = await openSse(server.base, '/events');
      await stream.next((e) => e.data.type === 'ready');
      stream.close();
      for (const event of stream.events) {
        const read = { id: event.id, event: 'message', data: JSON.stringify(event.data) };
        expect(accepts.event(events, read), JSON.stringify(read)).toBe(true);
      }
      expect(stream.events.length).toBeGreaterThan(0);
      expect(accepts.event(events, { id: '1', event: 'message' })).toBe(false);
      expect(accepts.event(events, 'id: 1\ndata: {}')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('answers a method it does not declare on a declared path 405, with the methods it allows', async () => {
    const byPath = new Map<string, string[]>();
    for (const o of ops) byPath.set(o.path, [...(byPath.get(o.path) ?? []), o.method.toUpperCase()]);
    expect(byPath.size).toBeGreaterThan(60);
    for (const [path, declared] of byPath) {
      const url = path.replace(/:\w+/g, 'x');
      const trace = await request(world.t.app).trace(url);
      expect(trace.status, `TRACE ${url}`).toBe(405);
      expect(trace.body, `TRACE ${url}`).toEqual({ message: 'TRACE is not allowed here' });
      const allow = String(trace.headers.allow).split(', ');
      expect(allow, url).toEqual(expect.arrayContaining([...declared, 'OPTIONS']));
      expect(allow.includes('HEAD'), url).toBe(allow.includes('GET'));
      // Allow is exactly what is routed: every other undeclared method is 405 too.
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !declared.includes(m))) {
        const res = await request(world.t.app)[method.toLowerCase() as 'get'](url);
        expect(res.status === 405, `${method} ${url} answered ${res.status}`).toBe(!allow.includes(method));
        if (res.status === 405) expect(res.headers.allow, `${method} ${url}`).toBe(trace.headers.allow);
      }
    }
    // A concrete path is matched before a templated one (as OpenAPI matches them): a method only the
    // templated path declares is 405 on the concrete one (DELETE /comments/counts deletes no comment
    // "counts"; GET /users/new reads no profile of "new").
    const templatedOf = (path: string) =>
      [...byPath.keys()].filter(
        (other) =>
          other !== path &&
          other.split('/').length === path.split('/').length &&
          other.split('/').every((part, i) => part.startsWith(':') || part === path.split('/')[i]),
      );
    let overlaps = 0;
    for (const [path, declared] of byPath) {
      if (path.includes(':')) continue;
      for (const other of templatedOf(path)) {
        for (const method of byPath.get(other)!.filter((m) => !declared.includes(m))) {
          overlaps++;
          const res = await request(world.t.app)[method.toLowerCase() as 'get'](path);
          expect(res.status, `${method} ${path} (declared on ${other})`).toBe(405);
          expect(res.headers.allow, `${method} ${path}`).not.toContain(method);
        }
      }
    }
    expect(overlaps, 'the declared paths have concrete/templated pairs').toBeGreaterThanOrEqual(3);
    // Not a path of the API: still 404; a declared method is still served, HEAD with it.
    expect((await request(world.t.app).trace('/no/such/path')).status).toBe(404);
    expect((await request(world.t.app).head('/health')).status).toBe(200);
  }, 60_000);
});
