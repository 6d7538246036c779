import type { ActionCodeSettings } from '@firebase/auth';
import { loadFirebase } from './load-firebase';

/** After the emailed action, Firebase's page offers a way back to our login page. */
function backToLogin(): ActionCodeSettings {
  return { url: `${window.location.origin}/login` };
}

/** Codes that say the continue URL is not allowed for this project: send the email without it. */
const CONTINUE_URL_REFUSED = new Set([
  'auth/unauthorized-continue-uri',
  'auth/invalid-continue-uri',
  'auth/missing-continue-uri',
]);

/** Codes that would tell whether an account exists for the address: answered like a success. */
const ACCOUNT_REVEALING = new Set(['auth/user-not-found', 'auth/user-disabled']);

/** The code of a Firebase error ('auth/...'), if `error` is one. */
async function firebaseCode(error: unknown): Promise<string | undefined> {
  const { FirebaseError } = await loadFirebase();
  return error instanceof FirebaseError ? error.code : undefined;
}

async function withContinueUrl(send: (settings?: ActionCodeSettings) => Promise<void>): Promise<void> {
  try {
    await send(backToLogin());
  } catch (error) {
    if (CONTINUE_URL_REFUSED.has((await firebaseCode(error)) ?? '')) return send();
    throw error;
  }
}

/**
 * Asks Firebase to email a password-reset link. Resolves the same way whether or not an account exists
 * for `email` (the page must not reveal who has an account); rejects only for failures that say
 * nothing about the account (offline, too many attempts).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { auth, sendPasswordResetEmail } = await loadFirebase();
  try {
    await withContinueUrl((settings) => sendPasswordResetEmail(auth, email.trim(), settings));
  } catch (error) {
    if (ACCOUNT_REVEALING.has((await firebaseCode(error)) ?? '')) {
      console.error(error);
      return;
    }
    throw error;
  }
}

/** Emails the signed-in user a link that proves they own their address. */
export async function sendVerificationEmail(): Promise<void> {
  const { restoredAuth, sendEmailVerification } = await loadFirebase();
  const user = (await restoredAuth()).currentUser;
  if (!user) throw new Error('Not signed in');
  await withContinueUrl((settings) => sendEmailVerification(user, settings));
}

/**
 * Whether the signed-in account still has to verify its email: only email/password accounts whose
 * address is unproven (Google accounts come verified). Reloads the account first, so a link followed
 * in another tab counts.
 */
export async function needsEmailVerification(): Promise<boolean> {
  const auth = await (await loadFirebase()).restoredAuth();
  const user = auth.currentUser;
  if (!user || user.emailVerified) return false;
  if (!user.providerData.some((p) => p.providerId === 'password')) return false;
  try {
    await user.reload();
  } catch (error) {
    console.error(error);
  }
  return !auth.currentUser?.emailVerified;
}
