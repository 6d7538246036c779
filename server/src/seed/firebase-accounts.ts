import { randomBytes } from 'node:crypto';
import type { UserRecord } from 'firebase-admin/auth';
import { firebaseAuth } from '../auth/firebase-admin.js';
import type { Config } from '../config.js';

export interface DemoLogin {
  email: string;
  /** Absent for staff writers: their login gets a random password nobody knows. */
  password?: string;
  displayName: string;
  photoURL: string;
  /** The fixed uid earlier versions gave this login (e.g. `seed-admin`); such an account is ours too. */
  legacyUid?: string;
}

export interface AccountDirectory {
  /**
   * Creates the login (random uid), or refreshes the profile of one an earlier seed created; returns
   * its uid. An existing login keeps its password: changing it would revoke every session signed in
   * with it. Throws when the email belongs to an account the seed did not create.
   */
  upsert(account: DemoLogin): Promise<string>;
}

/**
 * Seeded logins have uids `seed-<24 random hex>`. Client sign-ups cannot choose a uid, so the prefix
 * marks the accounts this seed created, and the random part keeps them unguessable.
 */
const SEED_UID_PREFIX = 'seed-';
const randomSeedUid = () => `${SEED_UID_PREFIX}${randomBytes(12).toString('hex')}`;

/**
 * Demo logins in the Firebase Auth emulator (firebase-admin). Only against the emulator: demo
 * passwords never go into a real Firebase project.
 */
export function emulatorAccountDirectory(config: Config): AccountDirectory | null {
  const host = config.firebaseAuthEmulatorHost;
  if (!host) return null;
  const auth = firebaseAuth(config);

  /** Whether the demo password still signs in (then a legacy account can move to a random uid). */
  async function passwordWorks(email: string, password: string): Promise<boolean> {
    const res = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=seed`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      },
    );
    return res.ok;
  }

  async function upsert(account: DemoLogin, retried = false): Promise<string> {
    const profile = { displayName: account.displayName, photoURL: account.photoURL };
    let existing: UserRecord | null = null;
    try {
      existing = await auth.getUserByEmail(account.email);
    } catch (err) {
      if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
    }
    if (existing && !existing.uid.startsWith(SEED_UID_PREFIX)) {
      throw new Error(`${account.email} belongs to an account the seed did not create; it stays as it is`);
    }
    const legacy = existing && existing.uid === account.legacyUid;
    if (existing && !(legacy && account.password && (await passwordWorks(account.email, account.password)))) {
      await auth.updateUser(existing.uid, { ...profile, emailVerified: true, disabled: false });
      return existing.uid;
    }
    // A legacy fixed (guessable) uid whose password is still the demo one: re-created with a random uid.
    if (existing) await auth.deleteUser(existing.uid);
    try {
      const created = await auth.createUser({
        uid: randomSeedUid(),
        email: account.email,
        emailVerified: true,
        password: account.password ?? randomBytes(24).toString('base64url'),
        ...profile,
      });
      return created.uid;
    } catch (err) {
      // Another API instance seeding the same project created it between our look-up and now: look again.
      if ((err as { code?: string }).code !== 'auth/email-already-exists' || retried) throw err;
      return upsert(account, true);
    }
  }

  return { upsert: (account) => upsert(account) };
}
