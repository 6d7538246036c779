import { cert, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from '../config.js';

/**
 * The firebase-admin Auth service for this config, in exactly the config's mode. firebase-admin 13
 * reads emulator mode (unsigned tokens accepted, requests to the emulator) from
 * process.env.FIREBASE_AUTH_EMULATOR_HOST when the service is made and again in each call (the
 * token check's mode, the request URLs made on first use), so each mode gets an app of its own and
 * every call runs with the variable set or cleared to the config's value for its synchronous part,
 * where those reads happen: a verifier for a real project never runs in emulator mode, whatever the
 * process environment says (docs/decisions/trust-boundary.md).
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
  return inMode(emulatorHost, () => {
    const auth = getAuth(app);
    // Some firebase-admin versions keep the mode in a private field; when it is there, it must match.
    const mode = (auth as unknown as { emulatorMode?: unknown }).emulatorMode;
    if (typeof mode === 'boolean' && mode !== !!emulatorHost) {
      throw new Error(`firebase-admin Auth for ${name} is in the wrong emulator mode`);
    }
    return new Proxy(auth, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => inMode(emulatorHost, () => value.apply(target, args) as unknown);
      },
    });
  });
}

/** Runs `fn` with FIREBASE_AUTH_EMULATOR_HOST set to `emulatorHost` (cleared when absent), then restores it. */
function inMode<T>(emulatorHost: string | undefined, fn: () => T): T {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    return fn();
  } finally {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  }
}
