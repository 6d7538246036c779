import type { Identity } from '../auth/identity.js';
import type { Clock } from '../clock.js';
import { Forbidden, NotFound } from '../errors.js';
import { newId, newPublicId } from '../store/ids.js';
import { DuplicateKeyError } from '../store/port.js';
import type { Store } from '../store/port.js';
import { createUserRepository } from './repository.js';
import { createWriterRepository } from './writers/repository.js';
import type { DomainEvents } from '../events/domain.js';
import type { ProfileUpdate } from '@newsroom/common';
import { isAdmin, isPremium, type User } from './types.js';
import { premiumWriter } from './premium.js';

export type UserService = ReturnType<typeof createUserService>;

/**
 * A record made for one Firebase account goes to another account with the same email (a re-created
 * account, a new provider) only with proof the newcomer owns the address: a token that says the
 * email is verified, whatever the provider. Otherwise anyone able to create an account with that
 * email would take it over.
 */
function assertMayClaim(user: User, identity: Identity): void {
  if (user.uid === identity.uid || identity.emailVerified) return;
  throw new Forbidden(
    'This email belongs to another account. Verify your email address, or sign in with Google, to use it.',
  );
}

/**
 * What changes on a record when `identity` signs in to it: the uid of a new owner (who does not
 * inherit the admin role: an admin gives it back; the old owner's sessions end, middleware.ts) and
 * whether the address is verified (the All Users table shows it).
 */
function ownerChange(user: User, identity: Identity): { set: Partial<User>; unset: string[] } {
  const set: Partial<User> = {};
  const unset: string[] = [];
  if (user.uid !== identity.uid) {
    set.uid = identity.uid;
    if (user.role) unset.push('role');
    if (user.editor) unset.push('editor');
  }
  if (user.emailVerified !== identity.emailVerified) set.emailVerified = identity.emailVerified;
  return { set, unset };
}

interface UserServiceDeps {
  store: Store;
  clock: Clock;
  /** Required: its writes say what they did (noDomainEvents where nobody listens). */
  events: DomainEvents;
}

/** What the user service's parts share: the repositories, and writes that say what they changed. */
function userBase({ store, clock, events }: UserServiceDeps) {
  const repo = createUserRepository(store);
  /** The record of `email` changed in these fields (the guards' cached record, the user counts). */
  const changed = (email: string, fields: string[]) =>
    fields.length ? events.publish({ type: 'user.changed', email, fields }) : Promise.resolve();
  return {
    repo,
    writers: createWriterRepository(store),
    nowIso: () => clock.now().toISOString(),
    changed,
    /** setFields, then says so. */
    async setFields(email: string, set: Partial<User>, unset: string[] = []) {
      const updated = await repo.setFields(email, set, unset);
      await changed(email, [...Object.keys(set), ...unset]);
      return updated;
    },
  };
}

type UserBase = ReturnType<typeof userBase>;

/** The user rules of docs/api-contract.md (registration, roles, premium state, profile). */
export function createUserService(deps: UserServiceDeps) {
  const { clock, events } = deps;
  const base = userBase(deps);
  const { repo, nowIso, changed, setFields } = base;

  /** Creates the record if it does not exist yet; a concurrent insert (unique email) is not an error. */
  async function ensureUser(identity: Identity, profile: { name?: string; photoURL?: string }) {
    const existing = await repo.findByEmail(identity.email);
    if (existing) return { user: existing, created: false };
    const now = nowIso();
    const user: User = {
      _id: newId(),
      publicId: newPublicId(),
      uid: identity.uid,
      email: identity.email,
      emailVerified: identity.emailVerified,
      name: profile.name ?? identity.name ?? '',
      displayName: profile.name ?? identity.name ?? '',
      ...(profile.photoURL || identity.picture ? { photoURL: profile.photoURL || identity.picture } : {}),
      premiumEndAt: null,
      createdAt: now,
      lastSeenAt: now,
    };
    try {
      await repo.insert(user);
      await events.publish({ type: 'user.registered', email: user.email });
      return { user, created: true };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      const raced = await repo.findByEmail(identity.email);
      if (!raced) throw err;
      return { user: raced, created: false };
    }
  }

  return {
    /** POST /jwt: upserts the record from the verified token's claims. */
    async signIn(identity: Identity): Promise<User> {
      const { user, created } = await ensureUser(identity, {});
      if (created) return user;
      assertMayClaim(user, identity);
      // A re-created Firebase account (or one signed in through Google) may bring a new uid.
      const { set, unset } = ownerChange(user, identity);
      const updated = await setFields(user.email, { ...set, lastSeenAt: nowIso() }, unset);
      return updated ?? user;
    },

    /**
     * POST /users/new and /users/new/google; idempotent. The record may already exist (POST /jwt
     * runs on the sign-in state change, before the profile is sent): then only empty fields are
     * filled, so a later Google sign-in never overwrites a profile the user edited.
     */
    async register(identity: Identity, profile: { name?: string; photoURL?: string }) {
      const { user, created } = await ensureUser(identity, profile);
      if (created) return { user, created };
      assertMayClaim(user, identity);
      const { set, unset } = ownerChange(user, identity);
      const name = profile.name ?? identity.name;
      if (!user.name && name) Object.assign(set, { name, displayName: name });
      const photoURL = profile.photoURL || identity.picture;
      if (!user.photoURL && photoURL) set.photoURL = photoURL;
      if (!Object.keys(set).length && !unset.length) return { user, created };
      return { user: (await setFields(user.email, set, unset)) ?? user, created };
    },

    async isEmailFree(email: string): Promise<boolean> {
      return !(await repo.findByEmail(email));
    },

    async isAdmin(email: string): Promise<boolean> {
      return isAdmin(await repo.findByEmail(email));
    },

    async isPremium(email: string): Promise<boolean> {
      return isPremium(await repo.findByEmail(email), clock.now());
    },

    /** Clears an expired subscription; harmless for an active or absent one. */
    async removeExpiredSubscription(email: string): Promise<boolean> {
      const cleared = await repo.clearExpiredPremium(email, nowIso());
      if (cleared) await events.publish({ type: 'premium.granted', email, premiumEndAt: null });
      return cleared;
    },

    async profile(email: string): Promise<User> {
      const user = await repo.findProfileByEmail(email);
      if (!user) throw new NotFound('User not found');
      return user;
    },

    async updateProfile(email: string, input: ProfileUpdate): Promise<User> {
      const existing = await repo.findByEmail(email);
      if (!existing) throw new NotFound('User not found');
      const set: Partial<User> = { name: input.name, displayName: input.name };
      const unset: string[] = [];
      for (const key of ['photoURL', 'phone', 'address', 'birth', 'gender'] as const) {
        const value = input[key];
        if (value === undefined) continue;
        if (value === '') unset.push(key);
        else Object.assign(set, { [key]: value });
      }
      await setFields(email, set, unset);
      return this.profile(email);
    },

    async list(page: number, limit: number): Promise<{ users: User[]; totalPages: number }> {
      const [total, users] = await Promise.all([repo.count(), repo.page(page, limit)]);
      return { users, totalPages: Math.max(1, Math.ceil(total / limit)) };
    },

    async makeAdmin(id: string): Promise<{ modified: boolean }> {
      const r = await repo.makeAdmin(id);
      if (!r.matched) throw new NotFound('User not found');
      if (r.modified && r.email) await events.publish({ type: 'user.madeAdmin', userId: id, email: r.email });
      return { modified: r.modified };
    },

    /** PATCH /make-editor/{id} (true), /remove-editor/{id} (false): the editor role (docs/roles.md). */
    async setEditor(id: string, editor: boolean): Promise<{ modified: boolean }> {
      const r = await repo.setEditor(id, editor);
      if (!r.matched) throw new NotFound('User not found');
      if (r.modified && r.email) await changed(r.email, ['editor']);
      return { modified: r.modified };
    },

    ...forOtherComponents(base, deps),
  };
}

/**
 * What the other components (guards, payments, articles, stats, uploads) read and write of users:
 * they never query `users`.
 */
function forOtherComponents(
  { repo, writers, nowIso, changed, setFields }: UserBase,
  { clock, events }: UserServiceDeps,
) {
  return {
    /** The stored record, every field (the guards' caller record, payments). */
    findByEmail: repo.findByEmail,
    /** Whose premium ends in (from, to]: the reminders and lapse mails (mail/jobs.ts). */
    premiumEndingBetween: repo.premiumEndingBetween,
    /** Comment authors by e-mail: name, photo, public id, account id (comments/). */
    authorsByEmails: repo.findAuthorsByEmails,
    /** Writers by public id, or by account id: name, photo, public id, and the e-mail to find their articles. */
    writersByPublicIds: writers.findByPublicIds,
    writersByIds: writers.findByIds,
    /** The Stripe Customer made on the user's first subscription (billing/). */
    setStripeCustomerId: (email: string, stripeCustomerId: string) => setFields(email, { stripeCustomerId }),
    /** Writing premium as the ledger derives it (billing/ledger.ts; users/premium.ts). */
    ...premiumWriter({ repo, clock, events }),
    /** The free plan's posting slot, taken atomically (articles). */
    async claimPostSlot(...args: Parameters<typeof repo.claimPostSlot>) {
      const claimed = await repo.claimPostSlot(...args);
      if (claimed) await changed(args[0], ['postedCount']);
      return claimed;
    },
    async releasePostSlot(email: string) {
      await repo.releasePostSlot(email);
      await changed(email, ['postedCount']);
    },
    /** Remembers when the user was last seen (GET /active-users). */
    touchLastSeen: (email: string, at: Date) => repo.touchLastSeen(email, at.toISOString()),

    /** GET /users-count: premium is computed from premiumEndAt against the clock, never stored as a flag. */
    async counts(): Promise<{ allUserCount: number; premiumUsersCount: number }> {
      const [allUserCount, premiumUsersCount] = await Promise.all([
        repo.count(),
        repo.countPremium(nowIso()),
      ]);
      return { allUserCount, premiumUsersCount };
    },
    countSeenSince: (since: Date) => repo.countSeenSince(since.toISOString()),

    /** Whether a profile photo still points at this image URL (uploads). */
    usesImage: repo.usesPhoto,
    /** Every profile photo URL (the unused-upload sweep). */
    imageUrls: repo.photoUrls,
  };
}
