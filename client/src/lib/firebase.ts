/**
 * Firebase Auth. Never import this module statically from code on the first-paint path: load it
 * with loadFirebase() (load-firebase.ts), so a visitor's first paint needs none of it
 * (docs/decisions/lazy-firebase-auth.md). Imported from Firebase's own app and auth packages, which the
 * `firebase` package re-exports (docs/decisions/firebase-modular-packages.md).
 */
import { initializeApp } from '@firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  signInWithPopup,
} from '@firebase/auth';
import { env } from './env';
import { announceFirebaseLoaded } from './load-firebase';

export const firebaseApp = initializeApp(env.firebase);
// getAuth() would also set up the popup/redirect helper, which fetches Google's gapi script on every
// page load; we use popups only, so it is handed to signInWithPopup when a reader asks for one.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});
export const googleProvider = new GoogleAuthProvider();

if (env.useAuthEmulator) {
  // Offline development and tests: the Firebase Auth emulator (project demo-newsroom).
  connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
}

export function signInWithGooglePopup() {
  return signInWithPopup(auth, googleProvider, browserPopupRedirectResolver);
}

/** Resolves once the persisted sign-in (if any) has been restored: `auth.currentUser` is then final. */
export async function restoredAuth() {
  await auth.authStateReady();
  return auth;
}

export {
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
} from '@firebase/auth';
export { FirebaseError } from '@firebase/app';

announceFirebaseLoaded();
