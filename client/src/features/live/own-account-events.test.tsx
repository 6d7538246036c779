/**
 * Live events about the reader's own account: premium.changed (docs/decisions/subscriptions.md), their
 * premium started, renewed, lapsed or was taken back; gift.changed, one of their gift links let in a
 * reader or was revoked. Their open tabs show it without a reload.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/api/keys';
import { accountKeys } from '@/lib/api/account-keys';
import { AuthContext, type AuthContextValue } from '@/lib/auth';
import { TOKEN_KEY } from '@/lib/session-keys';
import { FakeEventSource } from '@/test/fake-event-source';
import { allowToasts, sessionValue } from '@/test/render-screen';
import { LiveEvents } from './LiveEvents';

const EMAIL = 'reader@newsroom.test';

beforeAll(() => allowToasts());
beforeEach(() => {
  FakeEventSource.all = [];
});

async function renderLive(session: AuthContextValue) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(accountKeys.billingOf(EMAIL), { cached: true });
  client.setQueryData(queryKeys.profile(EMAIL), { cached: true });
  client.setQueryData(queryKeys.trending, ['cached']);
  client.setQueryData(accountKeys.myGiftLinksOf(EMAIL), { cached: true });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={session}>
        <LiveEvents createEventSource={(url) => new FakeEventSource(url)} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  // The stream opens once the page is idle (LiveEvents.tsx).
  await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
  const source = FakeEventSource.all[0]!;
  return {
    client,
    emit: (data: unknown, id: string) => act(() => source.emit(data, id)),
    stale: (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true,
  };
}

describe('premium.changed', () => {
  it('refreshes the reader’s billing and profile, re-checks the session’s premium flag and says why', async () => {
    localStorage.setItem(TOKEN_KEY, 'jwt-1');
    const refreshPremium = vi.fn();
    const live = await renderLive(sessionValue({ refreshPremium }));

    live.emit({ type: 'premium.changed', reason: 'takenBack', own: true }, 'x-1');

    expect(
      await screen.findByText(
        'A payment was refunded or disputed: the premium time it bought was taken back',
      ),
    ).toBeInTheDocument();
    expect(refreshPremium).toHaveBeenCalledTimes(1);
    expect(live.stale(accountKeys.billingOf(EMAIL))).toBe(true);
    expect(live.stale(queryKeys.profile(EMAIL))).toBe(true);
    // Nothing public changed.
    expect(live.stale(queryKeys.trending)).toBe(false);
  });

  it('a renewal says premium continues', async () => {
    localStorage.setItem(TOKEN_KEY, 'jwt-1');
    const live = await renderLive(sessionValue({ refreshPremium: vi.fn() }));
    live.emit({ type: 'premium.changed', reason: 'renewed', own: true }, 'x-2');
    expect(await screen.findByText('Your subscription renewed: premium continues')).toBeInTheDocument();
  });
});

describe('gift.changed', () => {
  it("refreshes the creator's gift links and nothing else", async () => {
    localStorage.setItem(TOKEN_KEY, 'jwt-1');
    const live = await renderLive(sessionValue({ refreshPremium: vi.fn() }));
    live.emit({ type: 'gift.changed', reason: 'opened', own: true }, 'g-1');
    await vi.waitFor(() => expect(live.stale(accountKeys.myGiftLinksOf(EMAIL))).toBe(true));
    expect(live.stale(accountKeys.billingOf(EMAIL))).toBe(false);
    expect(live.stale(queryKeys.trending)).toBe(false);
  });
});
