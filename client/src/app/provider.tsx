import { QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@firebase/auth';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { SessionHooks } from '@/lib/api-client';
import { AuthContext, ThemeContext, type AuthContextValue, type ThemeContextValue } from '@/lib/auth';
import {
  hasSignInToRestore,
  isFirebaseLoaded,
  loadFirebase,
  onFirebaseLoaded,
  rememberSignedIn,
} from '@/lib/load-firebase';
import { queryKeys } from '@/lib/api/keys';
import { queryClient } from '@/lib/query-client';
import { TOKEN_KEY } from '@/lib/session-keys';
import { Toaster, useToastsWanted } from '@/lib/toast';
import { useHydrated } from '@/lib/hydration';
import { initialSession, sessionReducer, SERVER_SESSION, type SessionUser } from '@/lib/session';
import { applyTheme, readStoredTheme } from '@/lib/theme';

// The API client (axios) and the live stream load with the first screen that needs them, not with the
// first paint (docs/decisions/lazy-firebase-auth.md).
let apiClientModule: Promise<typeof import('@/lib/api-client')> | null = null;
// One promise: callbacks on it run in the order they were added (hooks set, then cleared, then set).
const apiClient = () => (apiClientModule ??= import('@/lib/api-client'));
const sessionApi = () => import('@/lib/api/session');
const LiveEvents = lazy(() => import('@/features/live/LiveEvents').then((m) => ({ default: m.LiveEvents })));

function toSessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

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

  // Sign-in state changes (docs/product.md §4): theme, user, token, admin flag, premium check. Followed from the
  // moment Firebase is loaded, whoever loaded it; loaded here when a sign-in may need restoring.
  useEffect(() => {
    let current = 0;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    const onUser = async (user: User | null) => {
      const run = ++current;
      const stale = () => run !== current;
      if (!user || !user.email) {
        rememberSignedIn(false);
        dispatch({ type: 'signedOut' });
        queryClient.removeQueries({ queryKey: queryKeys.private });
        try {
          const { clearSessionToken } = await apiClient();
          if (!stale()) clearSessionToken();
        } catch (error) {
          console.error(error); // the API client could not be fetched: no renewal is planned either
          if (!stale()) localStorage.removeItem(TOKEN_KEY);
        }
        return;
      }
      rememberSignedIn(true);
      const email = user.email;
      dispatch({ type: 'setDarkMode', darkMode: readStoredTheme() === 'dark' });
      dispatch({ type: 'signedIn', user: toSessionUser(user) });
      try {
        const [{ saveSessionToken }, { fetchIsAdmin, fetchIsPremium, removeSubscription, requestToken }] =
          await Promise.all([apiClient(), sessionApi()]);
        const token = await requestToken(email, await user.getIdToken());
        if (stale()) return;
        saveSessionToken(token);
        dispatch({ type: 'tokenSaved' });
        const isAdmin = await fetchIsAdmin(email);
        if (stale()) return;
        dispatch({ type: 'adminChecked', isAdmin });
        const premium = await fetchIsPremium(email);
        if (stale()) return;
        if (!premium) await removeSubscription(email);
        if (stale()) return;
        dispatch({ type: 'premiumChecked', subscribed: premium });
      } catch (error) {
        console.error(error);
        if (!stale()) dispatch({ type: 'checksFailed' });
      }
    };
    const follow = () => {
      loadFirebase().then(
        (firebase) => {
          if (cancelled || unsubscribe) return;
          unsubscribe = firebase.onAuthStateChanged(firebase.auth, (user) => void onUser(user));
        },
        (error: unknown) => {
          // Firebase could not be fetched (offline): public pages still work, signed out for now.
          console.error(error);
          if (!cancelled) dispatch({ type: 'checksFailed' });
        },
      );
    };
    const stopWaiting = onFirebaseLoaded(follow);
    if (hasSignInToRestore()) follow();
    return () => {
      cancelled = true;
      stopWaiting();
      unsubscribe?.();
    };
  }, []);

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
    const hooks: SessionHooks = {
      // Renewal of our JWT: a fresh ID token proves the Firebase sign-in still stands (not signed out,
      // not disabled or deleted); getIdToken(true) rejects otherwise, and the API client logs out.
      freshIdentity: async () => {
        const auth = await (await loadFirebase()).restoredAuth();
        const user = auth.currentUser;
        if (!user?.email) throw new Error('Not signed in');
        return { email: user.email, idToken: await user.getIdToken(true) };
      },
      onExpired: async () => {
        await logOut();
        onSessionExpired();
      },
      // A 402 on premium content: the subscription ended while signed in. Same as a false premium
      // check at sign-in: subscribed becomes false and the expired subscription is removed on the server.
      onNeedPremium: () => {
        const { user, subscribed } = stateRef.current;
        if (!user?.email || !subscribed) return;
        const email = user.email;
        dispatch({ type: 'subscriptionEnded' });
        Promise.all([sessionApi(), import('@/lib/api/stale')])
          .then(async ([{ removeSubscription }, { invalidate, staleAfter }]) => {
            await removeSubscription(email);
            await invalidate(queryClient, staleAfter.premiumChanged(email));
          })
          .catch((error: unknown) => console.error(error));
      },
    };
    // Set as soon as the API client exists: it is loaded (and can answer 401) only after this runs.
    void apiClient().then(({ setSessionHooks }) => {
      if (active) setSessionHooks(hooks);
    });
    return () => {
      active = false;
      void apiClient().then(({ setSessionHooks }) => setSessionHooks(null));
    };
  }, [logOut, onSessionExpired]);

  const { loading, user, subscribed, subscriptionLoading, isAdmin, adminLoading, darkMode } = hydrated
    ? state
    : SERVER_SESSION;
  const value = useMemo<AuthContextValue>(
    () => ({
      loading,
      user,
      subscribed,
      subscriptionLoading,
      isAdmin,
      adminLoading,
      signIn: async (email, password) => {
        const firebase = await loadFirebase();
        await firebase.signInWithEmailAndPassword(firebase.auth, email, password);
      },
      signInWithGoogle: async () => {
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
      },
      createUser: async (email, password) => {
        const firebase = await loadFirebase();
        await firebase.createUserWithEmailAndPassword(firebase.auth, email, password);
      },
      updateUserProfile: async (name, photoURL) => {
        const firebase = await loadFirebase();
        const user = (await firebase.restoredAuth()).currentUser;
        if (!user) throw new Error('Not signed in');
        await firebase.updateProfile(user, { displayName: name, photoURL });
        dispatch({ type: 'profileUpdated', displayName: name, photoURL });
      },
      getIdToken: async () => {
        const user = (await (await loadFirebase()).restoredAuth()).currentUser;
        if (!user) throw new Error('Not signed in');
        return user.getIdToken();
      },
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
    [loading, user, subscribed, subscriptionLoading, isAdmin, adminLoading, logOut],
  );
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
