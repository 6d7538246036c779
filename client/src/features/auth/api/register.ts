import { api } from '@/lib/api-client';

/** POST /users: message is truthy when the email is free, falsy when already registered. */
export async function isEmailFree(email: string): Promise<boolean> {
  const { data } = await api.post<{ message: unknown }>('/users', { email });
  return Boolean(data.message);
}

export interface NewUser {
  name: string;
  email: string;
  photoURL: string;
}

/** POST /users/new (email/password registration) — authenticated by the Firebase ID token. */
export async function registerUser(user: NewUser, idToken: string): Promise<void> {
  await api.post('/users/new', user, { headers: { Authorization: `Bearer ${idToken}` } });
}

/** POST /users/new/google — a first Google sign-in registers the user (idempotent on the server). */
export async function registerGoogleUser(user: NewUser, idToken: string): Promise<void> {
  await api.post('/users/new/google', user, { headers: { Authorization: `Bearer ${idToken}` } });
}
