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
