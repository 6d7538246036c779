import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Config } from '../config.js';

export interface AccountDirectory {
  /**
   * Creates the account, or refreshes the profile of an existing one; returns its uid. An existing
   * account keeps its password: changing it would revoke every session signed in with it.
   */
  upsert(account: {
    uid: string;
    email: string;
    password: string;
    displayName: string;
    photoURL: string;
  }): Promise<string>;
}

/**
 * Demo logins in the Firebase Auth emulator (firebase-admin). Only against the emulator: demo
 * passwords never go into a real Firebase project.
 */
export function emulatorAccountDirectory(config: Config): AccountDirectory | null {
  if (!config.firebaseAuthEmulatorHost) return null;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
  const name = `newsroom-seed-${config.firebaseProjectId}`;
  const app =
    getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.firebaseProjectId }, name);
  const auth = getAuth(app);
  return {
    async upsert(account) {
      const profile = { displayName: account.displayName, photoURL: account.photoURL };
      try {
        const existing = await auth.getUserByEmail(account.email);
        await auth.updateUser(existing.uid, { ...profile, emailVerified: true, disabled: false });
        return existing.uid;
      } catch (err) {
        if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
      }
      const created = await auth.createUser({
        uid: account.uid,
        email: account.email,
        emailVerified: true,
        password: account.password,
        ...profile,
      });
      return created.uid;
    },
  };
}
