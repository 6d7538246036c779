import { api } from '@/lib/api-client';
import type { NewUser } from './types';

/** Signing in and registering: our JWT for a Firebase ID token, the roles, first-time registration. */

/** POST /jwt lives with the session renewal that also sends it (plain axios there, `api` here). */
export { requestToken } from '@/lib/api-client';

/** GET /check/isAdmin?email */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  const { data } = await api.get<{ isAdmin: boolean }>('/check/isAdmin', { params: { email } });
  return data.isAdmin === true;
}

/** GET /isPremium answers a bare boolean. */
export async function fetchIsPremium(email: string): Promise<boolean> {
  const { data } = await api.get<boolean>('/isPremium', { params: { email } });
  return data === true;
}

/** PATCH /remove/subscription */
export async function removeSubscription(email: string): Promise<void> {
  await api.patch('/remove/subscription', { email });
}

/** POST /users: message is truthy when the email is free, falsy when already registered. */
export async function isEmailFree(email: string): Promise<boolean> {
  const { data } = await api.post<{ message: unknown }>('/users', { email });
  return Boolean(data.message);
}

/** POST /users/new (email/password registration) — authenticated by the Firebase ID token. */
export async function registerUser(user: NewUser, idToken: string): Promise<void> {
  await api.post('/users/new', user, { headers: { Authorization: `Bearer ${idToken}` } });
}

/** POST /users/new/google — a first Google sign-in registers the user (idempotent on the server). */
export async function registerGoogleUser(user: NewUser, idToken: string): Promise<void> {
  await api.post('/users/new/google', user, { headers: { Authorization: `Bearer ${idToken}` } });
}
