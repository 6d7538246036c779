/**
 * Firebase Auth loads only when needed: a visitor with nothing to restore is signed out at once and
 * never loads it; a stored session makes the provider load it and follow Firebase's answer; signing
 * in loads it on demand. The real AuthProvider and Firebase SDK against the Auth emulator, with a
 * stand-in for our API (test/api-stand-in.ts). The tests run in order: the first needs Firebase unloaded.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost } from '@/test/auth-emulator';
import { startApiStandIn, tokenLiving, type ApiStandIn } from '@/test/api-stand-in';

// Imported after test/auth-emulator has pointed Firebase at the emulator.
const { AppProvider } = await import('./provider');
const { useAuth } = await import('@/lib/auth');
const { isFirebaseLoaded } = await import('@/lib/load-firebase');
const { SIGNED_IN_HINT_KEY, TOKEN_KEY } = await import('@/lib/session-keys');

const SLOW = { timeout: 5000 };
let api: ApiStandIn;
let auth: ReturnType<typeof useAuth> | null = null;

/** Shows what screens read from the session. */
function Probe() {
  auth = useAuth();
  const state = auth.loading ? 'restoring' : auth.user ? `signed in as ${auth.user.email}` : 'signed out';
  return <p data-testid="session">{state}</p>;
}

const renderApp = () =>
  render(
    <AppProvider onSessionExpired={() => {}}>
      <Probe />
    </AppProvider>,
  );
const sessionText = () => screen.getByTestId('session').textContent;

beforeAll(async () => {
  api = await startApiStandIn();
  api.respond((req) => {
    const path = req.path.split('?')[0];
    if (path === '/jwt') return { status: 200, body: { token: tokenLiving(3600, { n: api.seen.length }) } };
    if (path === '/check/isAdmin') return { status: 200, body: { isAdmin: false } };
    if (path === '/isPremium') return { status: 200, body: false };
    if (path === '/remove/subscription') return { status: 200, body: { message: 'removed' } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(async () => {
  await api.close();
});

describe('the session without Firebase on the first paint', () => {
  it('a visitor with nothing to restore is signed out from the first render and never loads Firebase', async () => {
    renderApp();
    expect(sessionText()).toBe('signed out');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isFirebaseLoaded()).toBe(false);
    expect(api.seen).toEqual([]);
  });

  it('a stored session token restores: Firebase loads and, finding nobody signed in, ends it', async () => {
    localStorage.setItem(TOKEN_KEY, tokenLiving(3600, { n: 0 }));
    renderApp();
    expect(sessionText()).toBe('restoring');
    await waitFor(() => expect(sessionText()).toBe('signed out'), SLOW);
    expect(isFirebaseLoaded()).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('signing in goes through Firebase, stores our token and remembers the sign-in; logout forgets it', async () => {
    const email = `lazy-${Date.now().toString(36)}@example.test`;
    const created = await fetch(
      `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Reader1234' }),
      },
    );
    expect(created.ok).toBe(true);
    renderApp();
    await act(() => auth!.signIn(email, 'Reader1234'));
    await waitFor(() => expect(sessionText()).toBe(`signed in as ${email}`), SLOW);
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    expect(api.seen.filter((r) => r.path === '/jwt')).toHaveLength(1);
    // The sign-in's admin and premium checks finish before logging out.
    await waitFor(() => expect(auth!.subscriptionLoading).toBe(false), SLOW);

    await act(() => auth!.logOut());
    expect(sessionText()).toBe('signed out');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
  });
});
