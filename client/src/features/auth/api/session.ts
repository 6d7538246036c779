import { api } from '@/lib/api-client';

/** POST /jwt: trades the Firebase ID token for our API token. */
export async function requestToken(email: string, idToken: string): Promise<string> {
  const { data } = await api.post<{ token: string }>(
    '/jwt',
    { email },
    { headers: { Authorization: `Bearer ${idToken}` } },
  );
  return data.token;
}

export async function fetchIsAdmin(email: string): Promise<boolean> {
  const { data } = await api.get<{ isAdmin: boolean }>('/check/isAdmin', { params: { email } });
  return data.isAdmin === true;
}

/** GET /isPremium answers a bare boolean. */
export async function fetchIsPremium(email: string): Promise<boolean> {
  const { data } = await api.get<boolean>('/isPremium', { params: { email } });
  return data === true;
}

export async function removeSubscription(email: string): Promise<void> {
  await api.patch('/remove/subscription', { email });
}
