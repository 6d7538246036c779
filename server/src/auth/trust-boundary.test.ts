/**
 * Who may become whom: unsigned tokens, taking over a record by email, and the profile claims a
 * token may bring (docs/decisions/trust-boundary.md).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, emulatorPasswordSignIn, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import {
  emulatorDeleteAccount,
  emulatorGoogleSignIn,
  emulatorHost,
  emulatorSignUp,
  emulatorVerifyEmail,
  forgedIdToken,
  uniqueEmail,
} from '../test/emulator.js';
import type { User } from '../users/types.js';
import { firebaseAuth } from './firebase-admin.js';

let t: TestApp;
/** The same app, except that it does not trust the emulator (as with a real Firebase project). */
let real: TestApp;
const users = (app: TestApp = t) => app.store.collection<User>('users');

beforeAll(async () => {
  t = await makeTestApp({ identity: 'firebase' });
  real = await makeTestApp({ identity: 'firebase', config: { firebaseAuthEmulatorHost: undefined } });
});
afterAll(async () => {
  await t.close();
  await real.close();
});

describe('unsigned (alg: none) ID tokens', () => {
  it('are taken by an API that trusts the emulator: a token forged for an admin is an admin session', async () => {
    const admin = await signInAs(t, { role: 'admin' });
    const forged = forgedIdToken({ uid: admin.uid, email: admin.email });
    const jwt = await request(t.app).post('/jwt').set(bearer(forged)).send({ email: admin.email });
    expect(jwt.status).toBe(200);
    const all = await request(t.app).get('/all-users').set(bearer(jwt.body.token));
    expect(all.status).toBe(200);
  });

  it('are refused (401) whenever the emulator is not trusted, even with its host in the process environment', async () => {
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
    const admin = await signInAs(t, { role: 'admin' });
    const record = await users().findOne({ email: admin.email });
    await users(real).insertOne(record!);

    const forged = forgedIdToken({ uid: admin.uid, email: admin.email });
    const hs256 = forged.replace(/^[^.]+/, Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'));
    for (const token of [forged, admin.idToken, hs256]) {
      const res = await request(real.app).post('/jwt').set(bearer(token)).send({ email: admin.email });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid identity token' });
    }
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe(emulatorHost());
  });

  it('firebase-admin for a real project never runs in emulator mode', async () => {
    const admin = await signInAs(t);
    const forged = forgedIdToken({ uid: admin.uid, email: admin.email });
    await expect(firebaseAuth(t.deps.config).verifyIdToken(forged)).resolves.toMatchObject({
      uid: admin.uid,
    });
    await expect(firebaseAuth(real.deps.config).verifyIdToken(forged)).rejects.toMatchObject({
      code: expect.stringMatching(/^auth\//),
    });
    // Made after an emulator-mode service in the same process, and still not in emulator mode.
    await expect(
      firebaseAuth({ ...real.deps.config, firebaseProjectId: 'demo-newsroom-other' }).verifyIdToken(
        forgedIdToken({ uid: admin.uid, email: admin.email, projectId: 'demo-newsroom-other' }),
      ),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^auth\//) });
  });
});

describe('a different Firebase account arriving for a known email', () => {
  /** A record owned by one emulator account, whose account is then deleted so the email is free again. */
  async function orphanedRecord() {
    const first = await signInAs(t, { name: 'First Owner' });
    await users().updateOne({ email: first.email }, { $set: { phone: '5550123' } });
    await emulatorDeleteAccount(first.uid);
    return first;
  }

  it('is refused (403) with an unverified email, and the record keeps its owner', async () => {
    const first = await orphanedRecord();
    const newcomer = await emulatorSignUp(first.email, 'An0ther!pass');
    expect(newcomer.uid).not.toBe(first.uid);

    const jwt = await request(t.app).post('/jwt').set(bearer(newcomer.idToken)).send({ email: first.email });
    expect(jwt.status).toBe(403);
    expect(jwt.body.message).toMatch(/belongs to another account.*verify your email/i);
    expect(jwt.body.token).toBeUndefined();
    const reg = await request(t.app)
      .post('/users/new')
      .set(bearer(newcomer.idToken))
      .send({ name: 'Intruder', email: first.email, photoURL: 'https://img.example/x.png' });
    expect(reg.status).toBe(403);
    expect(await users().findOne({ email: first.email })).toMatchObject({
      uid: first.uid,
      name: 'First Owner',
      phone: '5550123',
    });
  });

  it('is accepted once the email is verified: the record moves to the new account', async () => {
    const first = await orphanedRecord();
    const newcomer = await emulatorSignUp(first.email, 'An0ther!pass');
    await emulatorVerifyEmail(newcomer.uid);
    const { idToken } = await emulatorPasswordSignIn(first.email, 'An0ther!pass');

    const jwt = await request(t.app).post('/jwt').set(bearer(idToken)).send({ email: first.email });
    expect(jwt.status).toBe(200);
    const profile = await request(t.app).get(`/users/${first.email}`).set(bearer(jwt.body.token));
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name: 'First Owner', phone: '5550123' });
    expect(await users().findOne({ email: first.email })).toMatchObject({ uid: newcomer.uid });
    expect(await users().countDocuments({ email: first.email })).toBe(1);
  });

  /** A Google sign-in arriving for an orphaned record's email, its token saying `verified` or not. */
  async function googleArrives(verified: boolean) {
    const first = await orphanedRecord();
    const google = await emulatorGoogleSignIn(first.email, { email_verified: verified });
    const jwt = await request(t.app).post('/jwt').set(bearer(google.idToken)).send({ email: first.email });
    return { first, google, jwt, record: await users().findOne({ email: first.email }) };
  }

  it('is refused (403) for a Google sign-in whose token does not say the address is verified', async () => {
    const { first, google, jwt, record } = await googleArrives(false);
    expect(jwt.status).toBe(403);
    expect(record).toMatchObject({ uid: first.uid, name: 'First Owner' });
    const reg = await request(t.app).post('/users/new/google').set(bearer(google.idToken)).send({});
    expect(reg.status).toBe(403);
  });

  it('is accepted for a Google sign-in with a verified address', async () => {
    const { google, jwt, record } = await googleArrives(true);
    expect(jwt.status).toBe(200);
    expect(record).toMatchObject({ uid: google.uid, name: 'First Owner' });
  });

  it('drops the admin role of a record that moves to another account (an admin gives it back)', async () => {
    const first = await signInAs(t, { name: 'Former Admin', role: 'admin' });
    await emulatorDeleteAccount(first.uid);
    const newcomer = await emulatorSignUp(first.email, 'An0ther!pass');
    await emulatorVerifyEmail(newcomer.uid);
    const { idToken } = await emulatorPasswordSignIn(first.email, 'An0ther!pass');
    const jwt = await request(t.app).post('/jwt').set(bearer(idToken)).send({ email: first.email });
    expect(jwt.status).toBe(200);
    const stored = await users().findOne({ email: first.email });
    expect(stored).toMatchObject({ uid: newcomer.uid, name: 'Former Admin', emailVerified: true });
    expect(stored?.role).toBeUndefined();
    const admin = await request(t.app)
      .get(`/check/isAdmin?email=${encodeURIComponent(first.email)}`)
      .set(bearer(jwt.body.token));
    expect(admin.body).toEqual({ isAdmin: false });
  });

  it('ends the sessions of the account the record belonged to before (401)', async () => {
    const first = await orphanedRecord();
    const newcomer = await emulatorSignUp(first.email, 'An0ther!pass');
    await emulatorVerifyEmail(newcomer.uid);
    const { idToken } = await emulatorPasswordSignIn(first.email, 'An0ther!pass');
    expect((await request(t.app).get(`/users/${first.email}`).set(bearer(first.token))).status).toBe(200);
    expect((await request(t.app).post('/jwt').set(bearer(idToken)).send({ email: first.email })).status).toBe(
      200,
    );
    for (const path of [
      `/users/${first.email}`,
      `/isPremium?email=${encodeURIComponent(first.email)}`,
      '/me/posting',
      // The live stream, which would otherwise go on hearing the account's own events.
      `/events?token=${first.token}`,
    ]) {
      const res = await request(t.app).get(path).set(bearer(first.token));
      expect(res.status, path).toBe(401);
    }
  });

  it('new accounts still need no verification', async () => {
    const account = await emulatorSignUp(uniqueEmail('fresh'));
    const jwt = await request(t.app).post('/jwt').set(bearer(account.idToken)).send({ email: account.email });
    expect(jwt.status).toBe(200);
    expect(await users().findOne({ email: account.email })).toMatchObject({ uid: account.uid });
  });
});

describe('name and picture claims of the token', () => {
  it('are stored only when a profile update would accept them', async () => {
    const bad = await emulatorSignUp(uniqueEmail('claims'), 'Passw0rd!', {
      displayName: 'N'.repeat(101),
      photoUrl: 'javascript:alert(document.cookie)',
    });
    const jwt = await request(t.app).post('/jwt').set(bearer(bad.idToken)).send({ email: bad.email });
    expect(jwt.status).toBe(200);
    const stored = await users().findOne({ email: bad.email });
    expect(stored?.name).toBe('');
    expect(stored).not.toHaveProperty('photoURL');

    const google = await emulatorSignUp(uniqueEmail('claims-g'), 'Passw0rd!', {
      displayName: 'Fine Name',
      photoUrl: `https://img.example/${'p'.repeat(2100)}.png`,
    });
    const reg = await request(t.app)
      .post('/users/new/google')
      .set(bearer(google.idToken))
      .send({ email: google.email });
    expect(reg.status).toBe(201);
    const registered = await users().findOne({ email: google.email });
    expect(registered?.name).toBe('Fine Name');
    expect(registered).not.toHaveProperty('photoURL');
  });
});
