/**
 * Real Firebase Auth emulator accounts for tests (never a fake sign-in). Needs
 * FIREBASE_AUTH_EMULATOR_HOST, which `npm test` sets (scripts/with-emulator.mjs).
 */
import { randomBytes } from 'node:crypto';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run tests through `npm test` (it starts the Auth emulator)',
    );
  }
  return host;
}

export interface EmulatorAccount {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

/** Creates an account in the emulator and returns a fresh Firebase ID token for it. */
export async function emulatorSignUp(
  email = uniqueEmail(),
  password = 'Passw0rd!',
  profile: { displayName?: string; photoUrl?: string } = {},
): Promise<EmulatorAccount> {
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
  const res = await fetch(`${base}/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  let body = (await res.json()) as { localId: string; idToken: string };
  if (profile.displayName || profile.photoUrl) {
    const upd = await fetch(`${base}/accounts:update?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: body.idToken, ...profile, returnSecureToken: true }),
    });
    if (!upd.ok) throw new Error(`emulator update failed: ${upd.status} ${await upd.text()}`);
    // The emulator's update answer carries no new ID token; sign in again so the token has the profile claims.
    const signIn = await fetch(`${base}/accounts:signInWithPassword?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    if (!signIn.ok) throw new Error(`emulator signIn failed: ${signIn.status} ${await signIn.text()}`);
    body = { ...body, idToken: ((await signIn.json()) as { idToken: string }).idToken };
  }
  return { uid: body.localId, email, password, idToken: body.idToken };
}

/** Calls the emulator's admin REST API (the emulator accepts the token `owner` as an admin credential). */
async function emulatorAdmin(op: string, body: Record<string, unknown>): Promise<unknown> {
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-newsroom';
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:${op}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  if (!res.ok) throw new Error(`emulator ${op} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Deletes an emulator account (its email can then be registered again, under a new uid). */
export async function emulatorDeleteAccount(uid: string): Promise<void> {
  await emulatorAdmin('delete', { localId: uid });
}

/** Marks an account's email as verified, as clicking the verification link would. */
export async function emulatorVerifyEmail(uid: string): Promise<void> {
  await emulatorAdmin('update', { localId: uid, emailVerified: true });
}

/** Signs in through the emulator's Google provider (a fake Google credential); returns the Firebase ID token. */
export async function emulatorGoogleSignIn(
  email: string,
  claims: { email_verified?: boolean; name?: string } = {},
): Promise<{ uid: string; idToken: string }> {
  const googleToken = JSON.stringify({ sub: `google-${randomBytes(6).toString('hex')}`, email, ...claims });
  const res = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(googleToken)}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  if (!res.ok) throw new Error(`emulator signInWithIdp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/**
 * An ID token made by hand, unsigned (`alg: none`), shaped like the emulator's: what anyone who can
 * reach an API that trusts the emulator could send.
 */
export function forgedIdToken(claims: { uid: string; email: string; projectId?: string }): string {
  const project = claims.projectId ?? 'demo-newsroom';
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const header = part({ alg: 'none', typ: 'JWT' });
  const payload = part({
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    auth_time: now,
    user_id: claims.uid,
    sub: claims.uid,
    iat: now,
    exp: now + 3600,
    email: claims.email,
    email_verified: true,
    firebase: { identities: { email: [claims.email] }, sign_in_provider: 'password' },
  });
  return `${header}.${payload}.`;
}
