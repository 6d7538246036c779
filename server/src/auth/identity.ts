import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Config } from '../config.js';
import { Unauthorized } from '../errors.js';

/** What a verified Firebase ID token tells us about its holder. */
export interface Identity {
  uid: string;
  email: string;
  name?: string;
  picture?: string;
}

export interface IdentityVerifier {
  /** Verifies a Firebase ID token (signature, expiry, revocation); throws Unauthorized otherwise. */
  verifyIdToken(idToken: string): Promise<Identity>;
}

/**
 * firebase-admin verifier. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts the
 * emulator's tokens (and only those); otherwise it needs real credentials
 * (GOOGLE_APPLICATION_CREDENTIALS) for the project.
 */
export function firebaseVerifier(config: Config): IdentityVerifier {
  if (config.firebaseAuthEmulatorHost) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  }
  const name = `newsroom-${config.firebaseProjectId}`;
  const app: App =
    getApps().find((a) => a.name === name) ??
    initializeApp(
      config.googleApplicationCredentials && !config.firebaseAuthEmulatorHost
        ? {
            credential: cert(config.googleApplicationCredentials),
            projectId: config.firebaseProjectId,
          }
        : { projectId: config.firebaseProjectId },
      name,
    );
  const auth = getAuth(app);
  return {
    async verifyIdToken(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        if (!decoded.email) throw new Unauthorized('Token has no email');
        return {
          uid: decoded.uid,
          email: decoded.email.toLowerCase(),
          name: typeof decoded.name === 'string' ? decoded.name : undefined,
          picture: typeof decoded.picture === 'string' ? decoded.picture : undefined,
        };
      } catch (err) {
        if (err instanceof Unauthorized) throw err;
        throw new Unauthorized('Invalid identity token');
      }
    },
  };
}
