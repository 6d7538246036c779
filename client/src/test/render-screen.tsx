/**
 * Renders a component as a screen shows it: a query client, a session (signed in or out), a router
 * (links work; `/login` shows where it was sent from) and, unless `hydrated: false`, past hydration.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { AuthContext, ThemeContext, type AuthContextValue } from '@/lib/auth';
import { ServerRendering } from '@/lib/hydration';
import type { SessionUser } from '@/lib/session';

export const READER: SessionUser = {
  uid: 'u1',
  email: 'reader@newsroom.test',
  displayName: 'Reader',
  photoURL: null,
};

/** The session screens read, signed in as READER unless overridden (`user: null`: signed out). */
export function sessionValue(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const noop = async () => undefined;
  return {
    loading: false,
    user: READER,
    subscribed: false,
    subscriptionLoading: false,
    isAdmin: false,
    adminLoading: false,
    signIn: noop,
    signInWithGoogle: noop,
    createUser: noop,
    updateUserProfile: noop,
    getIdToken: async () => 'id-token',
    logOut: noop,
    markSubscribed: () => undefined,
    refreshPremium: () => undefined,
    ...overrides,
  };
}

/** Where a link took the reader, and with which state. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

/** jsdom has no matchMedia; react-hot-toast asks it about reduced motion when a toast shows. */
export function allowToasts(): void {
  window.matchMedia ??= ((media: string) => ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

export interface ScreenOptions {
  session?: AuthContextValue;
  /** false: the page is the server's markup being hydrated (lib/hydration.tsx). */
  hydrated?: boolean;
  /** A client of the test's own (e.g. the app's, for its error toasts); by default a fresh one. */
  client?: QueryClient;
  path?: string;
}

export function renderScreen(ui: ReactNode, options: ScreenOptions = {}) {
  const { session = sessionValue(), hydrated = true, path = '/' } = options;
  const client =
    options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const element = hydrated ? ui : <ServerRendering>{ui}</ServerRendering>;
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Where /> },
      { path: '*', element },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={session}>
        <ThemeContext.Provider value={{ darkMode: false, toggleDarkMode: () => undefined }}>
          <RouterProvider router={router} />
        </ThemeContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { client, router };
}
