import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySession } from './tokens.js';
import { bearer, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import { emulatorSignUp, uniqueEmail } from '../test/emulator.js';
import type { User } from '../users/types.js';

let t: TestApp;
const users = () => t.store.collection<User>('users');

beforeAll(async () => {
  t = await makeTestApp({ identity: 'firebase' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /health', () => {
  it('answers ok with the store kind', async () => {
    const res = await request(t.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', store: t.deps.store.kind });
    expect(['embedded', 'mongodb']).toContain(t.deps.store.kind);
  });

  it('answers 503 when the store does not answer (a balancer then stops sending readers)', async () => {
    const gone = await makeTestApp();
    await gone.deps.store.close();
    const res = await request(gone.app).get('/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'The database does not answer' });
    await gone.close();
  });
});

describe('POST /jwt', () => {
  it('exchanges a Firebase ID token for our JWT and upserts the user from the token', async () => {
    const account = await emulatorSignUp(uniqueEmail('jwt'), 'Passw0rd!', { displayName: 'Jane Token' });
    const res = await request(t.app).post('/jwt').set(bearer(account.idToken)).send({ email: account.email });
    expect(res.status).toBe(200);
    const claims = verifySession(t.deps.config.jwtSecret, res.body.token);
    expect(claims).toEqual({ uid: account.uid, email: account.email });
    const stored = await users().findOne({ email: account.email });
    expect(stored).toMatchObject({
      uid: account.uid,
      email: account.email,
      name: 'Jane Token',
      premiumEndAt: null,
    });
    expect(stored?.role).toBeUndefined();

    // Signing in again keeps one record.
    const again = await request(t.app)
      .post('/jwt')
      .set(bearer(account.idToken))
      .send({ email: account.email });
    expect(again.status).toBe(200);
    expect(await users().countDocuments({ email: account.email })).toBe(1);
  });

  it('compares the email case-insensitively', async () => {
    const account = await emulatorSignUp(uniqueEmail('case'));
    const res = await request(t.app)
      .post('/jwt')
      .set(bearer(account.idToken))
      .send({ email: account.email.toUpperCase() });
    expect(res.status).toBe(200);
  });

  it('401 without an ID token, with a garbage one, or with our own JWT instead', async () => {
    const email = uniqueEmail('anon');
    const none = await request(t.app).post('/jwt').send({ email });
    expect(none.status).toBe(401);
    expect(none.body.message).toEqual(expect.any(String));
    const garbage = await request(t.app).post('/jwt').set(bearer('not-a-token')).send({ email });
    expect(garbage.status).toBe(401);
    const me = await signInAs(t);
    const ours = await request(t.app).post('/jwt').set(bearer(me.token)).send({ email: me.email });
    expect(ours.status).toBe(401);
    expect(await users().countDocuments({ email })).toBe(0);
  });

  it('403 when the email is not the token’s, and nothing is created', async () => {
    const account = await emulatorSignUp(uniqueEmail('mismatch'));
    const other = uniqueEmail('victim');
    const res = await request(t.app).post('/jwt').set(bearer(account.idToken)).send({ email: other });
    expect(res.status).toBe(403);
    expect(await users().countDocuments({ email: { $in: [other, account.email] } })).toBe(0);
  });

  it('400 for bad bodies: missing, wrong type, operator objects, extra keys', async () => {
    const account = await emulatorSignUp(uniqueEmail('bad'));
    for (const body of [
      {},
      { email: 42 },
      { email: { $gt: '' } },
      { email: account.email, role: 'Admin' },
      { email: 'nope' },
    ]) {
      const res = await request(t.app).post('/jwt').set(bearer(account.idToken)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Array.isArray(res.body.errors)).toBe(true);
    }
    expect(await users().countDocuments({ email: account.email })).toBe(0);
  });

  it('400 for malformed JSON and 413 for a body over 100 kB', async () => {
    const account = await emulatorSignUp(uniqueEmail('big'));
    const malformed = await request(t.app)
      .post('/jwt')
      .set(bearer(account.idToken))
      .set('content-type', 'application/json')
      .send('{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed request' });
    const big = await request(t.app)
      .post('/jwt')
      .set(bearer(account.idToken))
      .send({ email: account.email, pad: 'x'.repeat(120_000) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'Request body too large' });
    expect(await users().countDocuments({ email: account.email })).toBe(0);
  });

  it('tokens never reach the log', async () => {
    const lines: string[] = [];
    const { pino } = await import('pino');
    const { createApp } = await import('../app.js');
    const logger = pino({ level: 'trace' }, { write: (l: string) => lines.push(l) });
    const app = createApp({ ...t.deps, logger });
    const account = await emulatorSignUp(uniqueEmail('log'));
    const res = await request(app).post('/jwt').set(bearer(account.idToken)).send({ email: account.email });
    expect(res.status).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    expect(log).not.toContain(account.idToken);
    expect(log).not.toContain(res.body.token);
  });
});

describe('rate limits', () => {
  it('answers 429 JSON on /jwt and /users once the per-IP limit is spent', async () => {
    const limited = await makeTestApp({
      identity: 'firebase',
      config: { rateLimits: { auth: { windowMs: 60_000, max: 3 } } },
    });
    try {
      const email = uniqueEmail('rl');
      for (let i = 0; i < 3; i++) {
        const ok = await request(limited.app).post('/users').send({ email });
        expect(ok.status).toBe(200);
      }
      const blocked = await request(limited.app).post('/users').send({ email });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: expect.any(String) });
      const jwt = await request(limited.app).post('/jwt').send({ email });
      expect(jwt.status).toBe(429);
      expect(jwt.body.message).toEqual(expect.any(String));
      // Other routes are not limited.
      expect((await request(limited.app).get('/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /users (is this email free?)', () => {
  it('message truthy for a free email, null for a registered one', async () => {
    const free = await request(t.app)
      .post('/users')
      .send({ email: uniqueEmail('free') });
    expect(free.status).toBe(200);
    expect(free.body.message).toBeTruthy();
    const me = await signInAs(t);
    const taken = await request(t.app).post('/users').send({ email: me.email.toUpperCase() });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ message: null });
  });

  it('400 for operator objects and wrong types', async () => {
    for (const body of [{ email: { $ne: null } }, { email: ['a@b.co'] }, {}, { email: 'x' }]) {
      const res = await request(t.app).post('/users').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /users/new and /users/new/google', () => {
  it('registers from the ID token (email from the token, name/photo from the body); idempotent', async () => {
    const account = await emulatorSignUp(uniqueEmail('reg'));
    const body = { name: 'Reg Istered', email: account.email, photoURL: 'https://img.example/p.png' };
    const first = await request(t.app).post('/users/new').set(bearer(account.idToken)).send(body);
    expect(first.status).toBe(201);
    expect(first.body.insertedId).toMatch(/^[0-9a-f]{24}$/);
    const second = await request(t.app).post('/users/new').set(bearer(account.idToken)).send(body);
    expect(second.status).toBe(200);
    expect(second.body.insertedId).toBeNull();
    const stored = await users().find({ email: account.email });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      _id: first.body.insertedId,
      uid: account.uid,
      name: 'Reg Istered',
      photoURL: 'https://img.example/p.png',
      premiumEndAt: null,
    });
    expect(stored[0]?.role).toBeUndefined();
  });

  it('fills the name when POST /jwt created the record first, never overwriting an edited profile', async () => {
    const account = await emulatorSignUp(uniqueEmail('order'));
    await request(t.app).post('/jwt').set(bearer(account.idToken)).send({ email: account.email }).expect(200);
    expect((await users().findOne({ email: account.email }))?.name).toBe('');
    await request(t.app)
      .post('/users/new')
      .set(bearer(account.idToken))
      .send({ name: 'Late Name', email: account.email, photoURL: 'https://img.example/a.png' })
      .expect(200);
    expect(await users().findOne({ email: account.email })).toMatchObject({
      name: 'Late Name',
      photoURL: 'https://img.example/a.png',
    });
    await request(t.app)
      .post('/users/new/google')
      .set(bearer(account.idToken))
      .send({ name: 'Google Name', email: account.email, photoURL: 'https://img.example/g.png' })
      .expect(200);
    expect(await users().findOne({ email: account.email })).toMatchObject({ name: 'Late Name' });
  });

  it('google registration uses the token profile when the body has none', async () => {
    const account = await emulatorSignUp(uniqueEmail('google'), 'Passw0rd!', {
      displayName: 'Gee User',
      photoUrl: 'https://img.example/gee.png',
    });
    const res = await request(t.app)
      .post('/users/new/google')
      .set(bearer(account.idToken))
      .send({ email: account.email });
    expect(res.status).toBe(201);
    expect(await users().findOne({ email: account.email })).toMatchObject({
      name: 'Gee User',
      photoURL: 'https://img.example/gee.png',
    });
  });

  it('refuses without a token (401), someone else’s email (403), bad fields (400); nothing created', async () => {
    const account = await emulatorSignUp(uniqueEmail('refuse'));
    const other = uniqueEmail('other');
    expect((await request(t.app).post('/users/new').send({ name: 'X', email: account.email })).status).toBe(
      401,
    );
    expect(
      (await request(t.app).post('/users/new').set(bearer(account.idToken)).send({ name: 'X', email: other }))
        .status,
    ).toBe(403);
    for (const body of [
      { name: { $gt: '' }, email: account.email },
      { name: 'X', email: account.email, photoURL: 'javascript:alert(1)' },
      { name: 'X', email: account.email, role: 'Admin' },
      { name: 'X', email: account.email, premiumEndAt: '2999-01-01T00:00:00.000Z' },
      { name: 12 },
    ]) {
      const res = await request(t.app).post('/users/new/google').set(bearer(account.idToken)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await users().countDocuments({ email: { $in: [account.email, other] } })).toBe(0);
  });
});

describe('GET /check/isAdmin and GET /isPremium', () => {
  it('answer for the caller; admins may read others', async () => {
    const reader = await signInAs(t);
    const admin = await signInAs(t, { role: 'admin' });
    const premium = await signInAs(t, { role: 'premium' });

    const r = await request(t.app)
      .get('/check/isAdmin')
      .query({ email: reader.email })
      .set(bearer(reader.token));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ isAdmin: false });
    const a = await request(t.app)
      .get('/check/isAdmin')
      .query({ email: admin.email })
      .set(bearer(admin.token));
    expect(a.body).toEqual({ isAdmin: true });
    const adminReadsOther = await request(t.app)
      .get('/check/isAdmin')
      .query({ email: reader.email })
      .set(bearer(admin.token));
    expect(adminReadsOther.status).toBe(200);
    expect(adminReadsOther.body).toEqual({ isAdmin: false });

    const p = await request(t.app)
      .get('/isPremium')
      .query({ email: premium.email })
      .set(bearer(premium.token));
    expect(p.status).toBe(200);
    expect(p.body).toBe(true);
    expect(p.text).toBe('true');
    const np = await request(t.app)
      .get('/isPremium')
      .query({ email: reader.email })
      .set(bearer(reader.token));
    expect(np.text).toBe('false');
  });

  it('401 anonymous, 403 for another user’s email, 400 for a bad query', async () => {
    const reader = await signInAs(t);
    const other = await signInAs(t, { role: 'admin' });
    for (const path of ['/check/isAdmin', '/isPremium']) {
      expect((await request(t.app).get(path).query({ email: reader.email })).status).toBe(401);
      expect(
        (await request(t.app).get(path).query({ email: reader.email }).set(bearer('x.y.z'))).status,
      ).toBe(401);
      const forbidden = await request(t.app)
        .get(path)
        .query({ email: other.email })
        .set(bearer(reader.token));
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toEqual(expect.any(String));
      expect((await request(t.app).get(path).set(bearer(reader.token))).status).toBe(400);
      expect((await request(t.app).get(`${path}?email[$ne]=x`).set(bearer(reader.token))).status).toBe(400);
      expect(
        (
          await request(t.app)
            .get(`${path}?email=${reader.email}&email=${other.email}`)
            .set(bearer(reader.token))
        ).status,
      ).toBe(400);
    }
  });

  it('premium is computed against the clock: an expired premiumEndAt is false', async () => {
    const reader = await signInAs(t);
    await users().updateOne(
      { email: reader.email },
      { $set: { premiumEndAt: new Date(Date.now() - 1000).toISOString() } },
    );
    const res = await request(t.app)
      .get('/isPremium')
      .query({ email: reader.email })
      .set(bearer(reader.token));
    expect(res.body).toBe(false);
  });
});

describe('PATCH /remove/subscription', () => {
  it('clears an expired subscription and leaves an active one alone', async () => {
    const expired = await signInAs(t);
    const past = new Date(Date.now() - 60_000).toISOString();
    await users().updateOne({ email: expired.email }, { $set: { premiumEndAt: past } });
    const res = await request(t.app)
      .patch('/remove/subscription')
      .set(bearer(expired.token))
      .send({ email: expired.email });
    expect(res.status).toBe(200);
    expect(res.body.modifiedCount).toBe(1);
    expect((await users().findOne({ email: expired.email }))?.premiumEndAt).toBeNull();

    const active = await signInAs(t, { role: 'premium' });
    const before = (await users().findOne({ email: active.email }))?.premiumEndAt;
    const noop = await request(t.app)
      .patch('/remove/subscription')
      .set(bearer(active.token))
      .send({ email: active.email });
    expect(noop.status).toBe(200);
    expect(noop.body.modifiedCount).toBe(0);
    expect((await users().findOne({ email: active.email }))?.premiumEndAt).toBe(before);
  });

  it('401 anonymous, 403 for someone else (even an admin), 400 bad body; nothing changed', async () => {
    const victim = await signInAs(t);
    const past = new Date(Date.now() - 60_000).toISOString();
    await users().updateOne({ email: victim.email }, { $set: { premiumEndAt: past } });
    const admin = await signInAs(t, { role: 'admin' });
    expect((await request(t.app).patch('/remove/subscription').send({ email: victim.email })).status).toBe(
      401,
    );
    expect(
      (
        await request(t.app)
          .patch('/remove/subscription')
          .set(bearer(admin.token))
          .send({ email: victim.email })
      ).status,
    ).toBe(403);
    for (const body of [{}, { email: { $regex: '.*' } }, { email: victim.email, extra: 1 }]) {
      const res = await request(t.app).patch('/remove/subscription').set(bearer(victim.token)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await users().findOne({ email: victim.email }))?.premiumEndAt).toBe(past);
  });
});
