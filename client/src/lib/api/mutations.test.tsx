import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { useAddPublisher, useApproveArticle, useDeclineArticle, useMakeAdmin } from './admin';
import { NO_FILTER, queryKeys } from './keys';
import { useUpdateProfile } from './users';
import { useDeleteArticle, usePostArticle } from './writer';

const EMAIL = 'wendy@example.test';

/** What screens have cached, by name: a mutation must refresh exactly the ones it changed. */
const CACHED: Record<string, QueryKey> = {
  plans: queryKeys.plans,
  userCounts: queryKeys.userCounts,
  profile: queryKeys.profile(EMAIL),
  trending: queryKeys.trending,
  approved: queryKeys.approvedList(NO_FILTER),
  premium: queryKeys.premium,
  article: queryKeys.article('a1'),
  otherArticle: queryKeys.article('a2'),
  publishers: queryKeys.publishers,
  myArticles: queryKeys.myArticlesOf(EMAIL),
  adminQueue: queryKeys.admin.articlesPage(1, 10, 'Pending'),
  moderationCounts: queryKeys.admin.moderationCounts,
  adminUsers: queryKeys.admin.usersPage(1, 10),
  publisherCounts: queryKeys.admin.publisherCounts,
  publisherViews: queryKeys.admin.publisherViews(30),
};

let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
  api.respond(() => ({ status: 200, body: { article: { _id: 'a1' }, message: 'ok' } }));
});
afterAll(() => api.close());

/** Runs `mutate` with every CACHED query in the cache; answers the names of those it made stale. */
async function staleAfterRunning<T>(
  useHook: () => T,
  mutate: (hook: T) => Promise<unknown>,
  answer: { status: number; body?: unknown } = { status: 200, body: { article: { _id: 'a1' } } },
): Promise<string[]> {
  api.respond(() => answer);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of Object.values(CACHED)) client.setQueryData(key, ['cached']);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  await act(async () => {
    await mutate(result.current).catch(() => {});
    // onSettled's invalidation runs after the mutation's promise settles.
    await new Promise((r) => setTimeout(r, 20));
  });
  return Object.entries(CACHED)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('mutations refresh what they change, and nothing else', () => {
  it('approving an article: the queue, its writer’s list, the public lists and the article', async () => {
    expect(
      await staleAfterRunning(
        () => useApproveArticle(),
        (m) => m.mutateAsync('a1'),
      ),
    ).toEqual(['adminQueue', 'approved', 'article', 'moderationCounts', 'myArticles', 'premium', 'trending']);
  });

  it('declining (only Pending articles are): the queue, the writer’s list and the article, also when refused', async () => {
    const decline = (m: ReturnType<typeof useDeclineArticle>) =>
      m.mutateAsync({ id: 'a1', reason: 'Sources?' });
    const expected = ['adminQueue', 'article', 'moderationCounts', 'myArticles'];
    expect(await staleAfterRunning(() => useDeclineArticle(false), decline)).toEqual(expected);
    const refused = { status: 409, body: { message: 'The article was moderated meanwhile' } };
    expect(await staleAfterRunning(() => useDeclineArticle(false), decline, refused)).toEqual(expected);
  });

  it('deleting an article (writer or admin): also the per-publisher counts', async () => {
    expect(
      await staleAfterRunning(
        () => useDeleteArticle(),
        (m) => m.mutateAsync('a1'),
      ),
    ).toEqual([
      'adminQueue',
      'approved',
      'article',
      'moderationCounts',
      'myArticles',
      'premium',
      'publisherCounts',
      'trending',
    ]);
  });

  it('posting an article: it is Pending, so no public list', async () => {
    const body = {
      title: 'Harbour lights',
      photoURL: 'https://img.example/h.jpg',
      publisher: 'Daily',
      formatedTags: ['travel'],
      description: 'A night at the harbour.',
      userInfo: { email: EMAIL, name: 'Wendy', image: '' },
    };
    expect(
      await staleAfterRunning(
        () => usePostArticle(),
        (m) => m.mutateAsync({ email: EMAIL, body }),
      ),
    ).toEqual(['adminQueue', 'moderationCounts', 'myArticles', 'publisherCounts']);
  });

  it('making an admin, adding a publisher, updating a profile: only their own screens', async () => {
    expect(
      await staleAfterRunning(
        () => useMakeAdmin(),
        (m) => m.mutateAsync('u2'),
      ),
    ).toEqual(['adminUsers']);
    expect(
      await staleAfterRunning(
        () => useAddPublisher(),
        (m) => m.mutateAsync({ publisherName: 'Evening Post', logo: 'https://img.example/l.png' }),
      ),
    ).toEqual(['publisherCounts', 'publishers']);
    expect(
      await staleAfterRunning(
        () => useUpdateProfile(),
        (m) => m.refresh(EMAIL),
      ),
    ).toEqual(['adminUsers', 'profile']);
  });
});
