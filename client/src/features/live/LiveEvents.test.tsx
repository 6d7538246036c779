/**
 * The live bridge with the real query hooks of each feature and a stand-in API: each event refreshes
 * the lists on screen that it changes (and only those), the writer gets a toast, and the stream
 * follows the session (waits while it settles, reconnects on a new JWT or sign-out).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAllArticles } from '@/lib/api/admin';
import { useApprovedArticles, usePublishers, useTrendingArticles } from '@/lib/api/articles';
import { useMyArticles } from '@/lib/api/writer';
import { clearSessionToken, saveSessionToken, TOKEN_KEY } from '@/lib/api-client';
import { AuthContext, type AuthContextValue } from '@/lib/auth';
import { startApiStandIn, tokenLiving, type ApiStandIn } from '@/test/api-stand-in';
import { FakeEventSource } from '@/test/fake-event-source';
import { allowToasts } from '@/test/render-screen';
import { LiveEvents } from './LiveEvents';
import { resumeLiveEventsAfter } from './resume-point';

/** Messages change React state: each is delivered inside act(). */
class FakeSource extends FakeEventSource {
  override emit(data: unknown, id: string) {
    act(() => super.emit(data, id));
  }
}
const createEventSource = (url: string) => new FakeSource(url);
const open = () => FakeEventSource.all.filter((s) => !s.closed);
const queryOf = (source: FakeEventSource) => source.query();

const EMAIL = 'wendy@example.test';
const NO_FILTER = { search: '', publisher: '', tags: [] };

let api: ApiStandIn;
beforeAll(async () => {
  allowToasts();
  api = await startApiStandIn();
  api.respond(({ path }) => ({
    status: 200,
    body: path.startsWith('/all-articles/data') ? { articles: [], totalPages: 0 } : [],
  }));
});
afterAll(() => api.close());
beforeEach(() => {
  FakeEventSource.all = [];
});

/** Screens that are open at once: the home lists, All Articles, the admin queue, My Articles, publishers. */
function Screens() {
  useTrendingArticles();
  useApprovedArticles(NO_FILTER);
  useAllArticles(1, 5);
  useMyArticles(EMAIL);
  usePublishers();
  return null;
}

function session(user: string | null, loading = false): AuthContextValue {
  return {
    loading,
    user: user ? { uid: 'u1', email: user, displayName: 'Wendy', photoURL: null } : null,
  } as AuthContextValue;
}

function renderWith(value: AuthContextValue) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const tree = (v: AuthContextValue): ReactNode => (
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={v}>
        <LiveEvents createEventSource={createEventSource} />
        <Screens />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree(value));
  return { rerender: (v: AuthContextValue) => view.rerender(tree(v)) };
}

/** The paths the screens fetched after `action`, once they settle. */
async function refetchedBy(action: () => void, expected: number): Promise<string[]> {
  api.seen.length = 0;
  action();
  await waitFor(() => expect(api.seen.length).toBe(expected));
  // Nothing else follows.
  await new Promise((r) => setTimeout(r, 50));
  return api.seen.map((r) => r.path.split('?')[0]!).sort();
}

describe('LiveEvents', () => {
  it('refreshes the screens an event changes and tells the writer, in their words', async () => {
    localStorage.setItem(TOKEN_KEY, 'jwt-1');
    renderWith(session(EMAIL));
    await waitFor(() => expect(api.seen.length).toBe(5));
    expect(open()).toHaveLength(1);
    const [source] = open();
    expect(queryOf(source!)).toEqual({ token: 'jwt-1' });

    const approved = { type: 'article.approved', articleId: 'a1', title: 'Harbour lights', own: true };
    expect(await refetchedBy(() => source!.emit(approved, 'x-1'), 4)).toEqual([
      '/all-articles/approved',
      '/all-articles/data',
      '/articles/trending',
      `/articles/${encodeURIComponent(EMAIL)}`,
    ]);
    expect(await screen.findByText('Your article “Harbour lights” was approved')).toBeInTheDocument();

    const declined = {
      type: 'article.declined',
      articleId: 'a2',
      title: 'Tides',
      reason: 'Needs two sources',
      own: true,
    };
    expect(await refetchedBy(() => source!.emit(declined, 'x-2'), 2)).toEqual([
      '/all-articles/data',
      `/articles/${encodeURIComponent(EMAIL)}`,
    ]);
    expect(
      await screen.findByText('Your article “Tides” was declined: Needs two sources'),
    ).toBeInTheDocument();

    const sentBack = {
      type: 'article.changesRequested',
      articleId: 'a4',
      title: 'Quay wall',
      note: 'Add the council’s answer',
      own: true,
    };
    expect(await refetchedBy(() => source!.emit(sentBack, 'x-2b'), 2)).toEqual([
      '/all-articles/data',
      `/articles/${encodeURIComponent(EMAIL)}`,
    ]);
    expect(
      await screen.findByText('Changes requested on “Quay wall”: Add the council’s answer'),
    ).toBeInTheDocument();

    // Someone else's approval: the same lists refresh, no toast.
    const theirs = { ...approved, articleId: 'a3', title: 'Not mine', own: false };
    await refetchedBy(() => source!.emit(theirs, 'x-3'), 4);
    expect(screen.queryByText(/Not mine/)).toBeNull();

    const publisher = { type: 'publisher.added', publisherId: 'p1', name: 'Evening Post', own: false };
    expect(await refetchedBy(() => source!.emit(publisher, 'x-4'), 1)).toEqual(['/publisher-data']);

    expect(await refetchedBy(() => source!.emit({ type: 'resync' }, 'x-5'), 5)).toHaveLength(5);
  });

  it('follows the session: waits while it settles, reconnects on a new JWT and on sign-out, resuming', async () => {
    const view = renderWith(session(EMAIL, true));
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeEventSource.all).toHaveLength(0);

    localStorage.setItem(TOKEN_KEY, 'jwt-1');
    view.rerender(session(EMAIL));
    await waitFor(() => expect(open()).toHaveLength(1));
    open()[0]!.emit({ type: 'ready' }, 'abc-9');

    const renewed = tokenLiving(3600);
    act(() => saveSessionToken(renewed));
    await waitFor(() => expect(queryOf(open()[0]!)).toEqual({ token: renewed, lastEventId: 'abc-9' }));
    expect(open()).toHaveLength(1);

    act(() => clearSessionToken());
    view.rerender(session(null));
    await waitFor(() => expect(queryOf(open()[0]!)).toEqual({ lastEventId: 'abc-9' }));
    expect(open()).toHaveLength(1);
  });

  it("first resumes where the page's first screen was read, so a change the read missed still arrives", async () => {
    resumeLiveEventsAfter('site-41');
    const view = renderWith(session(null));
    await waitFor(() => expect(open()).toHaveLength(1));
    expect(queryOf(open()[0]!)).toEqual({ lastEventId: 'site-41' });
    open()[0]!.emit({ type: 'ready' }, 'site-42');

    // Later connections resume from the stream's own position, not the page's.
    localStorage.setItem(TOKEN_KEY, 'jwt-2');
    view.rerender(session(EMAIL));
    await waitFor(() => expect(queryOf(open()[0]!)).toEqual({ token: 'jwt-2', lastEventId: 'site-42' }));
  });
});
