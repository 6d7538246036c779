import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { bearer, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import type { User } from '../users/types.js';
import { SEEN_WRITE_INTERVAL_MS } from './activity.js';

/** A clock the tests move by hand (premium expiry, the 5-minute activity window, cache TTLs). */
class ManualClock implements Clock {
  constructor(private ms = Date.parse('2026-01-10T12:00:00.000Z')) {}
  now() {
    return new Date(this.ms);
  }
  advance(ms: number) {
    this.ms += ms;
  }
}

const MINUTE = 60_000;
let t: TestApp;
let clock: ManualClock;
const users = () => t.store.collection<User>('users');

beforeAll(async () => {
  clock = new ManualClock();
  t = await makeTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('GET /users-count', () => {
  it('counts everyone, premium from premiumEndAt against the clock, and normal as the rest', async () => {
    const empty = await request(t.app).get('/users-count');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ allUserCount: 0, normalUsersCount: 0, premiumUsersCount: 0 });

    await signInAs(t);
    await signInAs(t, { role: 'admin' });
    const premium = await signInAs(t, { role: 'premium' });
    const res = await request(t.app).get('/users-count');
    expect(res.body).toEqual({ allUserCount: 3, normalUsersCount: 2, premiumUsersCount: 1 });

    // A subscription ending in 2 days stops counting once the clock passes it (after the cache TTL).
    await users().updateOne(
      { email: premium.email },
      { $set: { premiumEndAt: new Date(clock.now().getTime() + 2 * 24 * 60 * MINUTE).toISOString() } },
    );
    clock.advance(3 * 24 * 60 * MINUTE);
    const later = await request(t.app).get('/users-count');
    expect(later.body).toEqual({ allUserCount: 3, normalUsersCount: 3, premiumUsersCount: 0 });
  });

  it('a registration shows up at once (the cached answer is dropped)', async () => {
    const before = (await request(t.app).get('/users-count')).body.allUserCount as number;
    await signInAs(t);
    expect((await request(t.app).get('/users-count')).body.allUserCount).toBe(before + 1);
  });

  it('is public, carries an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await request(t.app).get('/users-count');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toMatch(/application\/json/);
    const cached = await request(t.app).get('/users-count').set('If-None-Match', first.headers.etag!);
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    await signInAs(t);
    const changed = await request(t.app).get('/users-count').set('If-None-Match', first.headers.etag!);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });
});

describe('GET /active-users', () => {
  it('counts users seen by the API in the last five minutes', async () => {
    clock.advance(60 * MINUTE); // everyone above is now inactive
    expect((await request(t.app).get('/active-users')).body).toEqual({ activeUsers: 0 });

    const a = await signInAs(t); // POST /jwt marks the user seen
    const b = await signInAs(t);
    expect((await request(t.app).get('/active-users')).body).toEqual({ activeUsers: 2 });

    clock.advance(4 * MINUTE);
    // b keeps using the API (any authenticated call); a does not.
    await request(t.app).get(`/users/${b.email}`).set(bearer(b.token)).expect(200);
    await expect
      .poll(async () => (await users().findOne({ email: b.email }))?.lastSeenAt)
      .toBe(clock.now().toISOString());
    clock.advance(2 * MINUTE);
    const res = await request(t.app).get('/active-users');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ activeUsers: 1 });
    expect((await users().findOne({ email: a.email }))?.lastSeenAt).not.toBe(clock.now().toISOString());
  });

  it('records lastSeenAt at most once a minute per user', async () => {
    clock.advance(60 * MINUTE);
    const u = await signInAs(t);
    const seen = async () => (await users().findOne({ email: u.email }))?.lastSeenAt;
    await request(t.app).get(`/users/${u.email}`).set(bearer(u.token)).expect(200);
    await expect.poll(seen).toBe(clock.now().toISOString());
    const first = await seen();

    clock.advance(SEEN_WRITE_INTERVAL_MS / 2);
    await request(t.app).get(`/users/${u.email}`).set(bearer(u.token)).expect(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(await seen()).toBe(first);

    clock.advance(SEEN_WRITE_INTERVAL_MS);
    await request(t.app).get(`/users/${u.email}`).set(bearer(u.token)).expect(200);
    await expect.poll(seen).toBe(clock.now().toISOString());
  });

  it('anonymous and invalid-token requests are not counted', async () => {
    clock.advance(60 * MINUTE);
    await request(t.app).get('/users/x@example.test').set(bearer('garbage')).expect(401);
    await request(t.app).get('/health').expect(200);
    expect((await request(t.app).get('/active-users')).body).toEqual({ activeUsers: 0 });
  });
});
