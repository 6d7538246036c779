import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { User } from '../users/types.js';
import { signSession, verifySession } from './tokens.js';

/** The business clock, moved by hand: the record cache's 1 s lifetime runs on it. */
let nowMs = Date.now();
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let admin: SignedIn;
/** Writes through the app's store, as every route's write goes. */
const users = () => t.store.collection<User>('users');
/** Writes that bypass this process (as another instance's would on a shared database). */
const otherProcessUsers = () => t.deps.store.collection<User>('users');
const dayMs = 86_400_000;

beforeAll(async () => {
  t = await makeTestApp({ identity: 'firebase', clock });
  admin = await signInAs(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const adminList = (who: SignedIn) => request(t.app).get('/all-users').set(bearer(who.token));
const premiumList = (who: SignedIn) => request(t.app).get('/premium/articles/only').set(bearer(who.token));

describe('the signed-in caller’s role and premium end', () => {
  it('a make-admin is obeyed by the very next request, and so is taking the role back', async () => {
    const user = await signInAs(t);
    expect((await adminList(user)).status).toBe(403);
    expect((await adminList(user)).status).toBe(403);
    const id = (await users().findOne({ email: user.email }))!._id;
    expect((await request(t.app).patch(`/make-admin/${id}`).set(bearer(admin.token))).status).toBe(200);
    expect((await adminList(user)).status).toBe(200);

    await users().updateOne({ _id: id }, { $unset: { role: '' } });
    expect((await adminList(user)).status).toBe(403);
  });

  it('a premium end is obeyed by the very next request, whether it starts or ends', async () => {
    const user = await signInAs(t);
    expect((await premiumList(user)).status).toBe(402);
    const future = new Date(nowMs + 30 * dayMs).toISOString();
    await users().updateOne({ email: user.email }, { $set: { premiumEndAt: future } });
    expect((await premiumList(user)).status).toBe(200);

    const past = new Date(nowMs - 1000).toISOString();
    await users().updateOne({ email: user.email }, { $set: { premiumEndAt: past } });
    expect((await premiumList(user)).status).toBe(402);
  });

  it('a premium end passing is obeyed at once, without any write', async () => {
    const user = await signInAs(t);
    const end = nowMs + 60_000;
    await users().updateOne({ email: user.email }, { $set: { premiumEndAt: new Date(end).toISOString() } });
    expect((await premiumList(user)).status).toBe(200);
    nowMs = end + 1;
    expect((await premiumList(user)).status).toBe(402);
  });

  it('a deleted account is refused by the very next request', async () => {
    const user = await signInAs(t);
    expect((await request(t.app).get('/me/posting').set(bearer(user.token))).status).toBe(200);
    await users().deleteOne({ email: user.email });
    const res = await request(t.app).get('/me/posting').set(bearer(user.token));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Account not found' });
  });

  it('a change this process did not make is seen within one second', async () => {
    const user = await signInAs(t);
    expect((await adminList(user)).status).toBe(403);
    // The first request records lastSeenAt (a users write of this process): let it land, then reload.
    await expect.poll(async () => (await users().findOne({ email: user.email }))?.lastSeenAt).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200)); // its acknowledgement (after fsync) too
    expect((await adminList(user)).status).toBe(403);
    await otherProcessUsers().updateOne({ email: user.email }, { $set: { role: 'Admin' } });
    // The record read a moment ago may answer for up to a second (what makes signed-in reads cheap)...
    nowMs += 999;
    expect((await adminList(user)).status).toBe(403);
    // ...and no longer.
    nowMs += 1;
    expect((await adminList(user)).status).toBe(200);
  });
});

describe('verified session tokens', () => {
  it('a token verified before is still refused once it has expired', () => {
    const secret = 'k'.repeat(48);
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = signSession(
      secret,
      { uid: 'u-9', email: 'exp@example.test' },
      { ttlSeconds: 60, now: issued },
    );
    expect(verifySession(secret, token, new Date(issued.getTime() + 1000))).toEqual({
      uid: 'u-9',
      email: 'exp@example.test',
    });
    expect(() => verifySession(secret, token, new Date(issued.getTime() + 60_000))).toThrow(/expired/);
    expect(() => verifySession('o'.repeat(48), token, new Date(issued.getTime() + 1000))).toThrow();
  });
});
