import { cert, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from '../config.js';

/**
 * The firebase-admin Auth service for this config, in exactly the config's mode. firebase-admin
 * picks emulator mode (unsigned tokens accepted) from process.env.FIREBASE_AUTH_EMULATOR_HOST when
 * the service is made, so the variable is set or cleared just for that moment, and each mode gets an
 * app of its own: a verifier for a real project never runs in emulator mode, whatever the process
 * environment says (docs/decisions/trust-boundary.md).
 */
export function firebaseAuth(config: Config): Auth {
  const emulatorHost = config.firebaseAuthEmulatorHost;
  const name = emulatorHost
    ? `newsroom-${config.firebaseProjectId}-emulator-${emulatorHost}`
    : `newsroom-${config.firebaseProjectId}`;
  const app =
    getApps().find((a) => a.name === name) ??
    initializeApp(
      config.googleApplicationCredentials && !emulatorHost
        ? { credential: cert(config.googleApplicationCredentials), projectId: config.firebaseProjectId }
        : { projectId: config.firebaseProjectId },
      name,
    );
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const auth = getAuth(app);
    // firebase-admin keeps the mode in a private field; when it is there, it must match.
    const mode = (auth as unknown as { emulatorMode?: unknown }).emulatorMode;
    if (typeof mode === 'boolean' && mode !== !!emulatorHost) {
      throw new Error(`firebase-admin Auth for ${name} is in the wrong emulator mode`);
    }
    return auth;
  } finally {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  }
}
