/** API calls as a signed-in account, for test setup and look-ups (not what the user sees). */
import { apiGet, apiUrl, createEmulatorAccount } from './harness';
import { apiToken, promoteToAdmin, uniqueTitle } from './writer-admin-fixtures';
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

/** A session token of a brand-new admin (an emulator account promoted by the demo admin). */
export async function adminToken(): Promise<string> {
  const account = await createEmulatorAccount('api-admin');
  await apiToken(account);
  await promoteToAdmin(account.email);
  return apiToken(account);
}

/** Posts an article as `writer` (a fresh account by default) and approves it as an admin. */
export async function approvedArticle(
  prefix: string,
  writer?: Account,
): Promise<{ id: string; title: string }> {
  const author = writer ?? (await createEmulatorAccount('api-writer'));
  const token = await apiToken(author);
  const title = uniqueTitle(prefix);
  const [publisher] = await apiGet<{ publisherName: string }[]>('/publisher-data');
  const approved = await apiGet<{ articleImage: string }[]>('/all-articles/approved?limit=10');
  const { insertedId: id } = await apiCall<{ insertedId: string }>(
    'POST',
    `/articles?email=${encodeURIComponent(author.email)}`,
    token,
    {
      title,
      photoURL: approved[0]!.articleImage,
      publisher: publisher!.publisherName,
      formatedTags: ['business'],
      description: 'A short piece on the new tram line and who will ride it.',
    },
  );
  await apiCall('PATCH', `/update/status/${id}`, await adminToken());
  return { id, title };
}
