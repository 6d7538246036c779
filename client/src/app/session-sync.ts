/**
 * How AuthProvider (provider.tsx) keeps the session in step with Firebase and the API client: the
 * sign-in state it follows, and what the API client calls back on renewal, expiry and a 402.
 */
import type { User } from '@firebase/auth';
import type { Dispatch, RefObject } from 'react';
import type { SessionHooks } from '@/lib/api-client';
import { hasSignInToRestore, loadFirebase, onFirebaseLoaded, rememberSignedIn } from '@/lib/load-firebase';
import { queryKeys } from '@/lib/api/keys';
import { queryClient } from '@/lib/query-client';
import { TOKEN_KEY } from '@/lib/session-keys';
import type { SessionAction, SessionState, SessionUser } from '@/lib/session';
import { readStoredTheme } from '@/lib/theme';

// The API client (axios) loads with the first screen that needs it, not with the first paint
// (docs/decisions/lazy-firebase-auth.md).
let apiClientModule: Promise<typeof import('@/lib/api-client')> | null = null;
// One promise: callbacks on it run in the order they were added (hooks set, then cleared, then set).
export const apiClient = () => (apiClientModule ??= import('@/lib/api-client'));
export const sessionApi = () => import('@/lib/api/session');

type SessionDispatch = Dispatch<SessionAction>;
/** True once a later sign-in change has started: this one stops at its next step. */
type Stale = () => boolean;

function toSessionUser(user: User): SessionUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

/** Signed out: the private queries and our token go. */
async function endSession(dispatch: SessionDispatch, stale: Stale) {
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
}

/** Signed in: theme and user at once, then our token, the admin flag and the premium check in turn. */
async function startSession(user: User, email: string, dispatch: SessionDispatch, stale: Stale) {
  rememberSignedIn(true);
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
}

/**
 * Follows sign-in state changes (docs/product.md §4) from the moment Firebase is loaded, whoever
 * loaded it; loads it when a sign-in may need restoring. Returns what stops following.
 */
export function followSignIns(dispatch: SessionDispatch): () => void {
  let current = 0;
  let cancelled = false;
  let unsubscribe: (() => void) | undefined;
  const onUser = (user: User | null) => {
    const run = ++current;
    const stale = () => run !== current;
    if (!user || !user.email) return endSession(dispatch, stale);
    return startSession(user, user.email, dispatch, stale);
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
}

interface SessionHooksDeps {
  /** The latest state: the hooks are registered once and called any time. */
  stateRef: RefObject<SessionState>;
  dispatch: SessionDispatch;
  logOut: () => Promise<void>;
  onSessionExpired: () => void;
}

/** What the API client calls back on renewal of our JWT, on its expiry and on a 402. */
export function sessionHooks({
  stateRef,
  dispatch,
  logOut,
  onSessionExpired,
}: SessionHooksDeps): SessionHooks {
  return {
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
}
