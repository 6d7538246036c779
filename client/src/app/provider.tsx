import { QueryClientProvider } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type Dispatch,
  type ReactNode,
  type RefObject,
} from 'react';
import { AuthContext, ThemeContext, type AuthContextValue, type ThemeContextValue } from '@/lib/auth';
import { hasSignInToRestore, isFirebaseLoaded, loadFirebase, rememberSignedIn } from '@/lib/load-firebase';
import { queryClient } from '@/lib/query-client';
import { Toaster, useToastsWanted } from '@/lib/toast';
import { useHydrated } from '@/lib/hydration';
import {
  initialSession,
  sessionReducer,
  SERVER_SESSION,
  type SessionAction,
  type SessionState,
} from '@/lib/session';
import { applyTheme, readStoredTheme } from '@/lib/theme';
import { apiClient, followSignIns, sessionApi, sessionHooks } from './session-sync';

// The live stream loads with the first screen, not with the first paint
// (docs/decisions/lazy-firebase-auth.md).
const LiveEvents = lazy(() => import('@/features/live/LiveEvents').then((m) => ({ default: m.LiveEvents })));

interface AuthProviderProps {
  children: ReactNode;
  /** Where a 401/403 sends the user (the router's navigate to /login). */
  onSessionExpired: () => void;
}

export function AuthProvider({ children, onSessionExpired }: AuthProviderProps) {
  // Firebase Auth is loaded only when there may be a sign-in to restore (or it is already loaded):
  // otherwise the reader starts signed out and no screen waits (docs/decisions/lazy-firebase-auth.md).
  const [state, dispatch] = useReducer(sessionReducer, undefined, () =>
    initialSession(readStoredTheme() === 'dark', isFirebaseLoaded() || hasSignInToRestore()),
  );
  // The latest state, for the API client's callbacks (registered once, called any time).
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    applyTheme(state.darkMode ? 'dark' : 'light');
  }, [state.darkMode]);

  // What the server drew the page with until React has hydrated it (lib/hydration.ts), then the
  // reader's own session and theme.
  const hydrated = useHydrated();

  // index.html marks a returning reader for the server-rendered navbar; from here the app draws the
  // navbar from the session it restores (index.css, `restoring` variant).
  useEffect(() => {
    if (hydrated) document.documentElement.classList.remove('restoring-session');
  }, [hydrated]);

  // Sign-in state changes: theme, user, token, admin flag, premium check.
  useEffect(() => followSignIns(dispatch), []);

  const logOut = useCallback(async () => {
    // Nothing to sign out of when Firebase was never needed (a signed-out visitor's stray 401).
    if (isFirebaseLoaded() || hasSignInToRestore()) {
      const firebase = await loadFirebase();
      await firebase.signOut(firebase.auth);
    }
    rememberSignedIn(false);
    (await apiClient()).clearSessionToken();
    dispatch({ type: 'signedOut' });
  }, []);

  useEffect(() => {
    let active = true;
    const hooks = sessionHooks({ stateRef, dispatch, logOut, onSessionExpired });
    // Set as soon as the API client exists: it is loaded (and can answer 401) only after this runs.
    void apiClient().then(({ setSessionHooks }) => {
      if (active) setSessionHooks(hooks);
    });
    return () => {
      active = false;
      void apiClient().then(({ setSessionHooks }) => setSessionHooks(null));
    };
  }, [logOut, onSessionExpired]);

  const drawn = hydrated ? state : SERVER_SESSION;
  const value = useAuthValue(drawn, stateRef, dispatch, logOut);
  const { darkMode } = drawn;
  const theme = useMemo<ThemeContextValue>(
    // Toggles the theme the page has (the reducer's), not the one drawn: until the switch to the
    // reader's session the toggle is drawn in the server's theme, which may not be the page's.
    () => ({ darkMode, toggleDarkMode: () => dispatch({ type: 'toggleDarkMode' }) }),
    [darkMode],
  );

  return (
    <AuthContext.Provider value={value}>
      <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>
    </AuthContext.Provider>
  );
}

/** The session drawn and what screens do with it (AuthContext); a new value only when what is drawn changes. */
function useAuthValue(
  drawn: SessionState,
  stateRef: RefObject<SessionState>,
  dispatch: Dispatch<SessionAction>,
  logOut: () => Promise<void>,
): AuthContextValue {
  const { loading, user, subscribed, subscriptionLoading, isAdmin, adminLoading } = drawn;
  return useMemo<AuthContextValue>(
    () => ({
      loading,
      user,
      subscribed,
      subscriptionLoading,
      isAdmin,
      adminLoading,
      signIn,
      signInWithGoogle,
      createUser,
      updateUserProfile: async (name, photoURL) => {
        const firebase = await loadFirebase();
        const user = (await firebase.restoredAuth()).currentUser;
        if (!user) throw new Error('Not signed in');
        await firebase.updateProfile(user, { displayName: name, photoURL });
        dispatch({ type: 'profileUpdated', displayName: name, photoURL });
      },
      getIdToken,
      logOut,
      markSubscribed: () => dispatch({ type: 'subscribed' }),
      refreshPremium: () => {
        const email = stateRef.current.user?.email;
        if (!email) return;
        sessionApi()
          .then(({ fetchIsPremium }) => fetchIsPremium(email))
          .then((premium) => {
            // Still the same reader (no sign-out or switch meanwhile).
            if (stateRef.current.user?.email === email)
              dispatch({ type: 'premiumChecked', subscribed: premium });
          })
          .catch((error: unknown) => console.error(error));
      },
    }),
    [loading, user, subscribed, subscriptionLoading, isAdmin, adminLoading, logOut, stateRef, dispatch],
  );
}

// The Firebase account actions that need no session state: a sign-in they cause reaches the session
// through followSignIns.

async function signIn(email: string, password: string) {
  const firebase = await loadFirebase();
  await firebase.signInWithEmailAndPassword(firebase.auth, email, password);
}

async function signInWithGoogle() {
  const { user } = await (await loadFirebase()).signInWithGooglePopup();
  try {
    const { registerGoogleUser } = await import('@/lib/api/session');
    await registerGoogleUser(
      { name: user.displayName ?? '', email: user.email ?? '', photoURL: user.photoURL ?? '' },
      await user.getIdToken(),
    );
  } catch (error) {
    console.error(error);
  }
}

async function createUser(email: string, password: string) {
  const firebase = await loadFirebase();
  await firebase.createUserWithEmailAndPassword(firebase.auth, email, password);
}

async function getIdToken() {
  const user = (await (await loadFirebase()).restoredAuth()).currentUser;
  if (!user) throw new Error('Not signed in');
  return user.getIdToken();
}

/** What the app adds to every page once it runs: the live stream and, once a toast is asked for, the toasts' container. */
function AppExtras() {
  // Not in the server's markup: they come after hydration, or React would find the page different.
  const hydrated = useHydrated();
  const toasts = useToastsWanted();
  if (!hydrated) return null;
  return (
    <>
      <Suspense fallback={null}>
        <LiveEvents />
      </Suspense>
      {toasts && (
        <Suspense fallback={null}>
          <Toaster
            position="top-right"
            // Below the sticky navbar (4 rem): a toast never covers the theme toggle or the account menu.
            containerStyle={{ top: 72 }}
            toastOptions={{
              className: '!bg-surface !text-ink !border !border-rule !shadow-lg',
              duration: 2000,
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export function AppProvider({ children, onSessionExpired }: AuthProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSessionExpired={onSessionExpired}>
        {children}
        <AppExtras />
      </AuthProvider>
    </QueryClientProvider>
  );
}
