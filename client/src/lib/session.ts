/**
 * The client session state of docs/product.md §3–4 as a pure reducer, so the sign-in / sign-out transitions
 * can be tested without a browser. AuthProvider (app/provider.tsx) drives it from Firebase events.
 */

/** What the app keeps of the signed-in Firebase user. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface SessionState {
  loading: boolean;
  /** Signed out: null (the product's "empty list", typed). */
  user: SessionUser | null;
  subscribed: boolean;
  subscriptionLoading: boolean;
  isAdmin: boolean;
  adminLoading: boolean;
  darkMode: boolean;
}

export type SessionAction =
  | { type: 'signedIn'; user: SessionUser }
  | { type: 'tokenSaved' }
  | { type: 'adminChecked'; isAdmin: boolean }
  | { type: 'premiumChecked'; subscribed: boolean }
  | { type: 'checksFailed' }
  | { type: 'signedOut' }
  | { type: 'profileUpdated'; displayName: string | null; photoURL: string | null }
  | { type: 'subscribed' }
  | { type: 'subscriptionEnded' }
  | { type: 'setDarkMode'; darkMode: boolean }
  /** The reader's tap on the theme toggle: the other theme than the one applied. */
  | { type: 'toggleDarkMode' };

/**
 * `restoring`: a sign-in may have to be restored (Firebase decides), so everything is still loading.
 * Without one the visitor is signed out from the start and nothing waits for Firebase.
 */
export function initialSession(darkMode: boolean, restoring = true): SessionState {
  return {
    loading: restoring,
    user: null,
    subscribed: false,
    subscriptionLoading: restoring,
    isAdmin: false,
    adminLoading: restoring,
    darkMode,
  };
}

/**
 * The session every server-rendered page is drawn with: signed out, nothing being restored, dark (a
 * first visit's theme). The browser draws the same until it has hydrated the page (app/provider.tsx);
 * CSS shows a returning reader's placeholder and a light reader's colours meanwhile.
 */
export const SERVER_SESSION: SessionState = initialSession(true, false);

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'signedIn':
      // User present: store it; the token, admin flag and premium flag are still on their way.
      return { ...state, user: action.user, loading: true, adminLoading: true, subscriptionLoading: true };
    case 'tokenSaved':
      return { ...state, loading: false };
    case 'adminChecked':
      return { ...state, isAdmin: action.isAdmin, adminLoading: false };
    case 'premiumChecked':
      return { ...state, subscribed: action.subscribed, subscriptionLoading: false };
    case 'checksFailed':
      // A failed call during sign-in is only logged; never leave screens spinning forever.
      return { ...state, loading: false, adminLoading: false, subscriptionLoading: false };
    case 'signedOut':
      return {
        ...state,
        user: null,
        loading: false,
        subscribed: false,
        subscriptionLoading: false,
        isAdmin: false,
        adminLoading: false,
      };
    case 'profileUpdated':
      return state.user
        ? { ...state, user: { ...state.user, displayName: action.displayName, photoURL: action.photoURL } }
        : state;
    case 'subscribed':
      return { ...state, subscribed: true, subscriptionLoading: false };
    case 'subscriptionEnded':
      // The server answered 402 on premium content: the subscription ran out while signed in.
      return { ...state, subscribed: false, subscriptionLoading: false };
    case 'setDarkMode':
      return { ...state, darkMode: action.darkMode };
    case 'toggleDarkMode':
      return { ...state, darkMode: !state.darkMode };
  }
}
