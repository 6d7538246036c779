/**
 * Loads Firebase Auth (lib/firebase.ts) on demand. It is the largest part of the app and a
 * signed-out reader's pages need none of it, so it is fetched only when there is a sign-in to restore,
 * when a sign-in screen opens, or when something asks for auth (docs/decisions/lazy-firebase-auth.md).
 */
import { SIGNED_IN_HINT_KEY, TOKEN_KEY } from './session-keys';

export type FirebaseAuthModule = typeof import('./firebase');

let loading: Promise<FirebaseAuthModule> | null = null;
let loaded = false;
const listeners = new Set<() => void>();

export function loadFirebase(): Promise<FirebaseAuthModule> {
  loading ??= import('./firebase').catch((error: unknown) => {
    loading = null; // e.g. offline: a later call tries again
    throw error;
  });
  return loading;
}

/** Called by lib/firebase.ts when it has been evaluated, however it was imported. */
export function announceFirebaseLoaded(): void {
  loaded = true;
  for (const listener of listeners) listener();
}

export function isFirebaseLoaded(): boolean {
  return loaded;
}

/** Calls `listener` once Firebase is loaded (at once if it already is); returns an unsubscribe. */
export function onFirebaseLoaded(listener: () => void): () => void {
  if (loaded) {
    listener();
    return () => {};
  }
  const once = () => {
    listeners.delete(once);
    listener();
  };
  listeners.add(once);
  return () => listeners.delete(once);
}

/** Whether this browser may hold a sign-in to restore: our session token or the signed-in hint. */
export function hasSignInToRestore(): boolean {
  try {
    return localStorage.getItem(TOKEN_KEY) !== null || localStorage.getItem(SIGNED_IN_HINT_KEY) !== null;
  } catch {
    return false; // storage blocked: nothing can have been kept either
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // storage blocked: the next visit starts signed out, as it would anyway
  }
}
