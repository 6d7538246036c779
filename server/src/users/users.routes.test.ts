import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../store/ids.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { User } from './types.js';

let t: TestApp;
let reader: SignedIn;
let other: SignedIn;
let admin: SignedIn;
const users = () => t.store.collection<User>('users');
const snapshot = (email: string) => users().findOne({ email });
/**
 * The record as a request could change it: lastSeenAt is the API noting that its user was seen, a
 * write that may land a moment after the request that caused it (stats/activity.ts).
 */
const profileOf = async (email: string) => {
  const { lastSeenAt: _seen, ...rest } = (await snapshot(email))!;
  return rest;
};

beforeAll(async () => {
  t = await makeTestApp();
  reader = await signInAs(t, { name: 'Rita Reader' });
  other = await signInAs(t, { name: 'Otto Other' });
  admin = await signInAs(t, { role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /users/:email', () => {
  it('answers the caller’s own profile without the uid', async () => {
    const res = await request(t.app).get(`/users/${reader.email}`).set(bearer(reader.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: reader.email,
      name: 'Rita Reader',
      photoURL: 'https://example.test/avatar.png',
      premiumEndAt: null,
    });
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(res.body.uid).toBeUndefined();
    expect(res.body.role).toBeUndefined();
  });

  it('never answers the redeemed PaymentIntent ids, to the owner or in the admin list', async () => {
    await users().updateOne(
      { email: reader.email },
      { $set: { premiumEndAt: '2999-01-01T00:00:00.000Z', premiumGrants: ['pi_secret_grant'] } },
    );
    try {
      const own = await request(t.app).get(`/users/${reader.email}`).set(bearer(reader.token));
      expect(own.status).toBe(200);
      expect(own.body.premiumEndAt).toBe('2999-01-01T00:00:00.000Z');
      expect(own.body.premiumGrants).toBeUndefined();
      const list = await request(t.app).get('/all-users?page=1&limit=50').set(bearer(admin.token));
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('pi_secret_grant');
    } finally {
      await users().updateOne(
        { email: reader.email },
        { $set: { premiumEndAt: null }, $unset: { premiumGrants: '' } },
      );
    }
  });

  it('is case-insensitive on the email', async () => {
    const res = await request(t.app).get(`/users/${reader.email.toUpperCase()}`).set(bearer(reader.token));
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(reader.email);
  });

  it('admins may read others; unknown email → 404', async () => {
    const res = await request(t.app).get(`/users/${reader.email}`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(reader.email);
    const missing = await request(t.app).get('/users/nobody-here@example.test').set(bearer(admin.token));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'User not found' });
  });

  it('401 anonymous, 403 another user, 400 a malformed email (as admin)', async () => {
    expect((await request(t.app).get(`/users/${reader.email}`)).status).toBe(401);
    const forbidden = await request(t.app).get(`/users/${reader.email}`).set(bearer(other.token));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toEqual(expect.any(String));
    expect((await request(t.app).get('/users/not-an-email').set(bearer(admin.token))).status).toBe(400);
  });
});

describe('PATCH /users/:email', () => {
  const valid = {
    name: 'Rita R. Reader',
    photoURL: 'https://img.example/rita.png',
    phone: '01712345678',
    address: '1 Press Lane',
    birth: '1990-05-17',
    gender: 'female',
  };

  it('updates the caller’s profile and answers it', async () => {
    const res = await request(t.app)
      .patch(`/users/${reader.email}`)
      .set(bearer(reader.token))
      .send({ ...valid, email: reader.email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...valid, email: reader.email });
    expect(await snapshot(reader.email)).toMatchObject({ ...valid, displayName: valid.name });
  });

  it('empty optional fields clear them; only name is required', async () => {
    const res = await request(t.app)
      .patch(`/users/${reader.email}`)
      .set(bearer(reader.token))
      .send({ name: 'Rita', phone: '', address: '', birth: '', gender: '' });
    expect(res.status).toBe(200);
    const stored = await snapshot(reader.email);
    expect(stored).toMatchObject({ name: 'Rita', photoURL: valid.photoURL });
    for (const key of ['phone', 'address', 'birth', 'gender']) expect(stored?.[key]).toBeUndefined();
    await request(t.app).patch(`/users/${reader.email}`).set(bearer(reader.token)).send(valid).expect(200);
  });

  it('refuses bad input with 400 {message, errors} and changes nothing', async () => {
    const before = await profileOf(reader.email);
    const bad: Record<string, unknown>[] = [
      { ...valid, name: '' },
      { ...valid, name: undefined },
      { ...valid, name: { $set: 'x' } },
      { ...valid, phone: '12ab34' },
      { ...valid, phone: 1234567 },
      { ...valid, birth: 'yesterday' },
      { ...valid, birth: '2001-02-30' },
      { ...valid, birth: '2999-01-01' },
      { ...valid, gender: 'other' },
      { ...valid, photoURL: 'javascript:alert(1)' },
      { ...valid, photoURL: 'ftp://files.example/x.png' },
      { ...valid, email: other.email },
      { ...valid, role: 'Admin' },
      { ...valid, premiumEndAt: '2999-01-01T00:00:00.000Z' },
      { ...valid, address: 'x'.repeat(301) },
    ];
    for (const body of bad) {
      const res = await request(t.app).patch(`/users/${reader.email}`).set(bearer(reader.token)).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(Array.isArray(res.body.errors)).toBe(true);
    }
    expect(await profileOf(reader.email)).toEqual(before);
  });

  it('413 for an oversized body, nothing changed', async () => {
    const before = await profileOf(reader.email);
    const res = await request(t.app)
      .patch(`/users/${reader.email}`)
      .set(bearer(reader.token))
      .send({ ...valid, address: 'x'.repeat(150_000) });
    expect(res.status).toBe(413);
    expect(await profileOf(reader.email)).toEqual(before);
  });

  it('401 anonymous; 403 for another user and for an admin (admins may only read)', async () => {
    const before = await profileOf(reader.email);
    expect((await request(t.app).patch(`/users/${reader.email}`).send(valid)).status).toBe(401);
    expect(
      (await request(t.app).patch(`/users/${reader.email}`).set(bearer(other.token)).send(valid)).status,
    ).toBe(403);
    expect(
      (
        await request(t.app)
          .patch(`/users/${reader.email}`)
          .set(bearer(admin.token))
          .send({ ...valid, name: 'Hacked' })
      ).status,
    ).toBe(403);
    expect(await profileOf(reader.email)).toEqual(before);
  });
});

describe('GET /all-users (admin)', () => {
  it('pages users newest first with totalPages', async () => {
    const total = await users().countDocuments({});
    const res = await request(t.app)
      .get('/all-users')
      .query({ page: '1', limit: '3' })
      .set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.totalPages).toBe(Math.ceil(total / 3));
    expect(res.body.users).toHaveLength(3);
    expect(res.body.users[0].email).toBe(admin.email); // the newest
    for (const u of res.body.users) expect(u.uid).toBeUndefined();

    const all: string[] = [];
    for (let page = 1; page <= res.body.totalPages; page++) {
      const p = await request(t.app).get('/all-users').query({ page, limit: 3 }).set(bearer(admin.token));
      all.push(...p.body.users.map((u: User) => u.email));
    }
    expect(new Set(all).size).toBe(total);
    expect(all).toEqual(expect.arrayContaining([reader.email, other.email, admin.email]));
  });

  it('defaults to page 1, limit 5; a page past the end is empty', async () => {
    const res = await request(t.app).get('/all-users').set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.users.length).toBeLessThanOrEqual(5);
    const far = await request(t.app).get('/all-users').query({ page: 99 }).set(bearer(admin.token));
    expect(far.status).toBe(200);
    expect(far.body.users).toEqual([]);
  });

  it('400 for a page or limit outside the rules', async () => {
    for (const q of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'limit=4',
      'limit=100',
      'limit=abc',
      'limit=5&limit=10',
      'page[$gt]=0&page=1&page=2',
    ]) {
      const res = await request(t.app).get(`/all-users?${q}`).set(bearer(admin.token));
      expect(res.status, q).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('401 anonymous, 403 for a non-admin', async () => {
    expect((await request(t.app).get('/all-users')).status).toBe(401);
    expect((await request(t.app).get('/all-users').set(bearer(reader.token))).status).toBe(403);
  });
});

describe('PATCH /make-admin/:id (admin)', () => {
  it('makes a user an admin, who then passes the admin check', async () => {
    const target = await signInAs(t);
    const id = (await snapshot(target.email))!._id;
    const res = await request(t.app).patch(`/make-admin/${id}`).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.modifiedCount).toBe(1);
    expect((await snapshot(target.email))?.role).toBe('Admin');
    const check = await request(t.app)
      .get('/check/isAdmin')
      .query({ email: target.email })
      .set(bearer(target.token));
    expect(check.body).toEqual({ isAdmin: true });
    const list = await request(t.app).get('/all-users').set(bearer(target.token));
    expect(list.status).toBe(200);

    const again = await request(t.app).patch(`/make-admin/${id}`).set(bearer(admin.token));
    expect(again.status).toBe(200);
    expect(again.body.modifiedCount).toBe(0);
  });

  it('400 malformed id, 404 unknown id', async () => {
    const bad = await request(t.app).patch('/make-admin/not-an-id').set(bearer(admin.token));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
    const unknown = await request(t.app).patch(`/make-admin/${newId()}`).set(bearer(admin.token));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'User not found' });
  });

  it('401 anonymous, 403 non-admin (even on themselves); nothing changed', async () => {
    const id = (await snapshot(reader.email))!._id;
    expect((await request(t.app).patch(`/make-admin/${id}`)).status).toBe(401);
    expect((await request(t.app).patch(`/make-admin/${id}`).set(bearer(reader.token))).status).toBe(403);
    expect((await snapshot(reader.email))?.role).toBeUndefined();
  });
});
