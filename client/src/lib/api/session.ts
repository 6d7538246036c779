import { call } from './call';
import type { NewUser } from './types';

/** Signing in and registering: our JWT for a Firebase ID token, the roles, first-time registration. */

/** POST /jwt lives with the session renewal that also sends it (plain axios there, `api` here). */
export { requestToken } from '@/lib/api-client';

/** GET /check/isAdmin?email */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  const { isAdmin } = await call('isAdmin', { query: { email } });
  return isAdmin === true;
}

/** GET /isPremium answers a bare boolean. */
export async function fetchIsPremium(email: string): Promise<boolean> {
  return (await call('isPremium', { query: { email } })) === true;
}

/** PATCH /remove/subscription */
export async function removeSubscription(email: string): Promise<void> {
  await call('removeExpiredSubscription', { body: { email } });
}

/** POST /users: message is truthy when the email is free, falsy when already registered. */
export async function isEmailFree(email: string): Promise<boolean> {
  const { message } = await call('isEmailFree', { body: { email } });
  return Boolean(message);
}

/** POST /users/new (email/password registration) — authenticated by the Firebase ID token. */
export async function registerUser(user: NewUser, idToken: string): Promise<void> {
  await call('register', { body: user }, { headers: { Authorization: `Bearer ${idToken}` } });
}

/** POST /users/new/google — a first Google sign-in registers the user (idempotent on the server). */
export async function registerGoogleUser(user: NewUser, idToken: string): Promise<void> {
  await call('registerGoogle', { body: user }, { headers: { Authorization: `Bearer ${idToken}` } });
}
