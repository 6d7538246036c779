/** API calls as a signed-in account, for test setup and look-ups (not what the user sees). */
import { apiUrl } from './harness';
import { apiToken } from './writer-admin-fixtures';
import type { Account } from './harness';

/** Our sessions last 15 s in the browser tests: a fresh token per look-up, reused for 5 s. */
export function tokenOf(account: () => Account): () => Promise<string> {
  let cached = { value: '', at: 0 };
  return async () => {
    if (Date.now() - cached.at > 5_000) cached = { value: await apiToken(account()), at: Date.now() };
    return cached.value;
  };
}

/** One API call with a session token; throws on a non-2xx answer. */
export async function apiCall<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
