import { QueryClientProvider } from '@tanstack/react-query';
import {
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { registerGoogleUser } from '@/features/auth/api/register';
import { fetchIsAdmin, fetchIsPremium, removeSubscription, requestToken } from '@/features/auth/api/session';
import { setSessionExpiredHandler, TOKEN_KEY } from '@/lib/api-client';
import { AuthContext, type AuthContextValue } from '@/lib/auth';
import { auth, googleProvider } from '@/lib/firebase';
import { queryClient } from '@/lib/query-client';
import { initialSession, sessionReducer, type SessionUser } from '@/lib/session';
import { applyTheme, readStoredTheme } from '@/lib/theme';

function toSessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

interface AuthProviderProps {
  children: ReactNode;
  /** Where a 401/403 sends the user (the router's navigate to /login). */
  onSessionExpired: () => void;
}

export function AuthProvider({ children, onSessionExpired }: AuthProviderProps) {
  const [state, dispatch] = useReducer(sessionReducer, readStoredTheme() === 'dark', initialSession);

  useEffect(() => {
    applyTheme(state.darkMode ? 'dark' : 'light');
  }, [state.darkMode]);

  // Sign-in state changes (SPEC §4): theme, user, token, admin flag, premium check.
  useEffect(() => {
    let current = 0;
    return onAuthStateChanged(auth, async (user) => {
      const run = ++current;
      const stale = () => run !== current;
      if (!user || !user.email) {
        localStorage.removeItem(TOKEN_KEY);
        dispatch({ type: 'signedOut' });
        queryClient.removeQueries({ queryKey: ['private'] });
        return;
      }
      const email = user.email;
      dispatch({ type: 'setDarkMode', darkMode: readStoredTheme() === 'dark' });
      dispatch({ type: 'signedIn', user: toSessionUser(user) });
      try {
        const token = await requestToken(email, await user.getIdToken());
        if (stale()) return;
        localStorage.setItem(TOKEN_KEY, token);
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
    });
  }, []);

  const logOut = useCallback(async () => {
    await signOut(auth);
    localStorage.removeItem(TOKEN_KEY);
    dispatch({ type: 'signedOut' });
  }, []);

  useEffect(() => {
    setSessionExpiredHandler(async () => {
      await logOut();
      onSessionExpired();
    });
    return () => setSessionExpiredHandler(null);
  }, [logOut, onSessionExpired]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: async (email, password) => {
        await signInWithEmailAndPassword(auth, email, password);
      },
      signInWithGoogle: async () => {
        const { user } = await signInWithPopup(auth, googleProvider);
        try {
          await registerGoogleUser(
            { name: user.displayName ?? '', email: user.email ?? '', photoURL: user.photoURL ?? '' },
            await user.getIdToken(),
          );
        } catch (error) {
          console.error(error);
        }
      },
      createUser: async (email, password) => {
        await createUserWithEmailAndPassword(auth, email, password);
      },
      updateUserProfile: async (name, photoURL) => {
        const user = auth.currentUser;
        if (!user) throw new Error('Not signed in');
        await updateProfile(user, { displayName: name, photoURL });
        dispatch({ type: 'profileUpdated', displayName: name, photoURL });
      },
      getIdToken: async () => {
        const user = auth.currentUser;
        if (!user) throw new Error('Not signed in');
        return user.getIdToken();
      },
      logOut,
      markSubscribed: () => dispatch({ type: 'subscribed' }),
      toggleDarkMode: () => dispatch({ type: 'setDarkMode', darkMode: !state.darkMode }),
    }),
    [state, logOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function AppProvider({ children, onSessionExpired }: AuthProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSessionExpired={onSessionExpired}>
        {children}
        <Toaster
          position="top-right"
          toastOptions={{
            className: '!bg-surface !text-ink !border !border-rule !shadow-lg',
            duration: 2000,
          }}
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}
