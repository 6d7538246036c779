import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';

vi.mock('react-hot-toast', () => ({ default: { error: vi.fn(), success: vi.fn() } }));

function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: '', data, headers: {}, config };
  return new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
}

async function failMutation(error: unknown, meta?: { errorToast?: boolean }) {
  const observer = new MutationObserver(queryClient, {
    mutationFn: () => Promise.reject(error),
    meta,
  });
  await observer.mutate().catch(() => {});
}

/**
 * Toasts are shown once react-hot-toast has loaded (lib/toast.ts): a toast asked for after the calls
 * under test, waited for, proves those calls have been made (they are made in the order asked).
 */
async function toastsSoFar(): Promise<unknown[]> {
  await failMutation(answered(409, { message: 'marker' }));
  await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('marker', expect.anything()));
  const messages = vi.mocked(toast.error).mock.calls.map(([message]) => message);
  vi.mocked(toast.error).mockClear();
  return messages.slice(0, -1);
}

describe('the app-wide error toasts', () => {
  afterEach(() => {
    vi.mocked(toast.error).mockClear();
    queryClient.clear();
  });

  it("toasts a failed mutation with the server's message", async () => {
    await failMutation(answered(409, { message: 'A publisher with this name already exists' }));
    expect(await toastsSoFar()).toEqual(['A publisher with this name already exists']);
  });

  it('stays quiet for a mutation whose screen shows the error inline', async () => {
    await failMutation(answered(409, { message: 'A declined article cannot be updated' }), {
      errorToast: false,
    });
    expect(await toastsSoFar()).toEqual([]);
  });

  it('leaves 401/403 (session ends) and 402 needPremium (its modal) to their own handling', async () => {
    await failMutation(answered(401, { message: 'Unauthorized access' }));
    await failMutation(answered(403, { message: 'Forbidden access' }));
    await failMutation(answered(402, { message: 'Premium subscription required', needPremium: true }));
    expect(await toastsSoFar()).toEqual([]);
  });

  it('toasts a failed refresh of data already on screen, not a first load (the screen shows that)', async () => {
    let fail = true;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['toast-test'],
      queryFn: () => (fail ? Promise.reject(answered(429, '')) : Promise.resolve(['row'])),
      retry: false,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    expect(await toastsSoFar()).toEqual([]);

    fail = false;
    await observer.refetch();
    fail = true;
    await observer.refetch();
    expect(await toastsSoFar()).toEqual(['Too many requests, please try again later']);
    unsubscribe();
  });
});
